package sim

import (
	"fmt"
	"slices"
	"sort"
)

// Report sums up a set of games: per seat and per bot, the win rate (ties
// split, over the games the rules ended) and the score; the game length;
// what each action and card did for those who took it; and how often the
// lead changed. Summarize builds it from the games alone, so that runs
// merged from many files report exactly as one run.
type Report struct {
	Games   int `json:"games"`
	Players int `json:"players"`
	// Seeds are the seeds played, as inclusive ranges.
	Seeds [][2]uint64 `json:"seeds"`
	// Ended games were ended by the game's own rules; Capped ones were
	// stopped by the definition's cap or the decision budget, and have no
	// winner.
	Ended   int      `json:"ended"`
	Capped  int      `json:"capped"`
	EndRate Interval `json:"endRate"`
	// Seats and Bots: the win rate of a seat or a bot is its share of the
	// wins of the ended games it played, a tie of k seats giving each 1/k.
	Seats  []Group `json:"seats"`
	Bots   []Group `json:"bots"`
	Length Dist    `json:"length"` // decisions per game
	// Rounds is the length in rounds (the cap var's value at the end),
	// when every game counted them; RoundsOf names the var.
	Rounds   *Dist  `json:"rounds,omitempty"`
	RoundsOf string `json:"roundsOf,omitempty"`
	// MeanShow is the mean of each figure of the scoring's show, per
	// player and game: what a designer reads a game's economy by.
	MeanShow map[string]float64 `json:"meanShow,omitempty"`
	// FirstSeat is seat 0's win rate against the 1/players a fair game
	// gives: Edge is the difference, with its interval.
	FirstSeat FirstSeat `json:"firstSeat"`
	// LeadChanges is the mean number of lead changes per checkpoint: per
	// step of the cap var named by LeadPer (a round), or per LeadEvery
	// decisions.
	LeadChanges Interval `json:"leadChanges"`
	LeadPer     string   `json:"leadPer,omitempty"`
	// Actions and Cards: for each action taken and each card named by a
	// seat's moves or held at the end, the seats that did against those
	// that did not.
	Actions []Attribution `json:"actions"`
	Cards   []Attribution `json:"cards"`
	// Untaken are the card types of the game that no seat took (named
	// in a move, or held in its own zones) in any game of the run: a
	// report says nothing of them. Set by Name.
	Untaken []Named `json:"untaken,omitempty"`
	// Boxed are the card types of the game that never left its box in
	// any game of the run: not in play (another board's, say, or a card
	// that setup never deals). Set by Name, when the games say.
	Boxed []Named `json:"boxed,omitempty"`
	// Catalog names the game's cards and actions (Name); nil until then.
	Catalog     *Catalog `json:"-"`
	Decisions   int      `json:"decisions"`
	Interrupted bool     `json:"interrupted,omitempty"`
	Seconds     float64  `json:"seconds,omitempty"`
	PerSecond   float64  `json:"decisionsPerSecond,omitempty"`
	// Records are the games, by seed.
	Records []GameRecord `json:"-"`
}

// Group is how a set of seat-games went: a seat's, a bot's, or those of
// the seats that took an action.
type Group struct {
	Name  string `json:"name"`
	Games int    `json:"games"`
	// Ended counts the games the rules ended; Wins the wins among them,
	// ties split.
	Ended   int      `json:"ended"`
	Wins    float64  `json:"wins"`
	WinRate Interval `json:"winRate"`
	Score   Dist     `json:"score"`
}

// FirstSeat measures the advantage of the seat that plays first.
type FirstSeat struct {
	WinRate Interval `json:"winRate"`
	Fair    float64  `json:"fair"`
	Edge    Interval `json:"edge"`
}

// Attribution compares the seat-games that took an action or a card with
// those that did not. It is an association, not a cause: a seat may take
// a card because it is winning.
type Attribution struct {
	Name string `json:"name"`
	// Label is the name the definition gives it, when it gives one
	// other than the id (set by Report.Name).
	Label string `json:"label,omitempty"`
	// Times counts all the takings; Took and Not are the seat-games with
	// at least one and with none.
	Times int   `json:"times"`
	Took  Group `json:"took"`
	Not   Group `json:"not"`
	// WinDiff and ScoreDiff are Took minus Not, with 95% intervals (not
	// corrected), and WinP and ScoreP their two-sided p-values (1 where a
	// side has too few games to tell). P is the smaller of the two once
	// corrected by Holm's method over every test of the table the row
	// stands in; Significant says it is below Alpha.
	WinDiff     Interval `json:"winDiff"`
	ScoreDiff   Interval `json:"scoreDiff"`
	WinP        float64  `json:"winP"`
	ScoreP      float64  `json:"scoreP"`
	P           float64  `json:"p"`
	Significant bool     `json:"significant"`
}

// known says which of an attribution's two differences can be told: a
// side with no ended game, or too few scores for the normal
// approximation, says nothing.
func (a *Attribution) known() (win, score bool) {
	return a.Took.Ended > 0 && a.Not.Ended > 0, a.Took.Score.N >= minScores && a.Not.Score.N >= minScores
}

// correctAttributions corrects the p-values of a table of attributions
// by Holm's method, every known test of the table (two a row at most)
// one family, and returns its size.
func correctAttributions(as []Attribution) int {
	var ps []float64
	type at struct{ row, test int }
	var where []at
	for i := range as {
		a := &as[i]
		win, score := a.known()
		if win {
			ps, where = append(ps, a.WinP), append(where, at{i, 0})
		}
		if score {
			ps, where = append(ps, a.ScoreP), append(where, at{i, 1})
		}
		a.P, a.Significant = 1, false
	}
	for k, adj := range Holm(ps) {
		a := &as[where[k].row]
		a.P = min(a.P, adj)
		a.Significant = a.P < Alpha
	}
	return len(ps)
}

// acc gathers seat-games into a Group.
type acc struct {
	games, ended int
	wins         float64
	scores       []float64
}

func (a *acc) add(rec *GameRecord, p int) {
	a.games++
	if p < len(rec.Scores) {
		a.scores = append(a.scores, float64(rec.Scores[p]))
	}
	if !rec.Capped {
		a.ended++
		a.wins += share(rec, p)
	}
}

func (a *acc) group(name string) Group {
	return Group{Name: name, Games: a.games, Ended: a.ended, Wins: a.wins,
		WinRate: Wilson(a.wins, a.ended), Score: Describe(a.scores)}
}

// share is seat p's part of the win of a game: 1/k for each of k winners.
func share(rec *GameRecord, p int) float64 {
	if rec.Capped || !slices.Contains(rec.Winners, p) {
		return 0
	}
	return 1 / float64(len(rec.Winners))
}

// Summarize reports on games of players seats. The order of recs does not
// matter: they are taken by seed.
func Summarize(players int, recs []GameRecord) *Report {
	recs = slices.Clone(recs)
	sort.Slice(recs, func(i, j int) bool { return recs[i].Seed < recs[j].Seed })
	r := &Report{Games: len(recs), Players: players, Records: recs}
	seats := make([]acc, players)
	bots := map[string]*acc{}
	var botOrder []string
	var lengths, rounds []float64
	changes, checkpoints := 0, 0
	// Sums are kept in ints, so that the means do not depend on order.
	shows := map[string]int{}
	for i := range recs {
		rec := &recs[i]
		if n := len(r.Seeds); n > 0 && r.Seeds[n-1][1]+1 == rec.Seed {
			r.Seeds[n-1][1] = rec.Seed
		} else {
			r.Seeds = append(r.Seeds, [2]uint64{rec.Seed, rec.Seed})
		}
		if rec.Capped {
			r.Capped++
		} else {
			r.Ended++
		}
		r.Decisions += rec.Length
		lengths = append(lengths, float64(rec.Length))
		if rec.Rounds > 0 {
			rounds = append(rounds, float64(rec.Rounds))
		}
		changes += rec.LeadChanges
		for k, v := range rec.Show {
			shows[k] += v
		}
		checkpoints += rec.Checkpoints
		for p := 0; p < players; p++ {
			seats[p].add(rec, p)
			if p < len(rec.Bots) {
				b := bots[rec.Bots[p]]
				if b == nil {
					b = &acc{}
					bots[rec.Bots[p]] = b
					botOrder = append(botOrder, rec.Bots[p])
				}
				b.add(rec, p)
			}
		}
	}
	r.EndRate = Wilson(float64(r.Ended), r.Games)
	for p := range seats {
		r.Seats = append(r.Seats, seats[p].group(fmt.Sprintf("seat %d", p)))
	}
	sort.Strings(botOrder)
	for _, b := range botOrder {
		r.Bots = append(r.Bots, bots[b].group(b))
	}
	r.Length = Describe(lengths)
	if len(rounds) == len(recs) && len(recs) > 0 {
		d := Describe(rounds)
		r.Rounds = &d
	}
	for k, v := range shows {
		if r.MeanShow == nil {
			r.MeanShow = map[string]float64{}
		}
		r.MeanShow[k] = float64(v) / float64(r.Games*players)
	}
	if players > 0 {
		fair := 1 / float64(players)
		w := r.Seats[0].WinRate
		r.FirstSeat = FirstSeat{WinRate: w, Fair: fair, Edge: Interval{w.Value - fair, w.Low - fair, w.High - fair}}
	}
	if checkpoints > 0 {
		// The rate of a sum of counts; its interval treats each
		// checkpoint as a trial that changes the lead or not.
		r.LeadChanges = Wilson(float64(changes), checkpoints)
	}
	r.Actions = attribute(players, recs, func(rec *GameRecord) []map[string]int { return rec.Actions })
	r.Cards = attribute(players, recs, func(rec *GameRecord) []map[string]int { return rec.Cards })
	return r
}

// minScores is the fewest scores on each side of an attribution for its
// score difference to be told.
const minScores = 5

// attribute compares, for each name counted by counts, the seat-games
// that took it with those that did not.
func attribute(players int, recs []GameRecord, counts func(*GameRecord) []map[string]int) []Attribution {
	times := map[string]int{}
	for i := range recs {
		for _, m := range counts(&recs[i]) {
			for k, v := range m {
				times[k] += v
			}
		}
	}
	names := make([]string, 0, len(times))
	for k := range times {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]Attribution, 0, len(names))
	for _, name := range names {
		var took, not acc
		for i := range recs {
			rec := &recs[i]
			c := counts(rec)
			for p := 0; p < players; p++ {
				if p < len(c) && c[p][name] > 0 {
					took.add(rec, p)
				} else {
					not.add(rec, p)
				}
			}
		}
		a := Attribution{Name: name, Times: times[name], Took: took.group("took"), Not: not.group("not")}
		a.WinDiff = DiffProportions(a.Took.WinRate, a.Not.WinRate)
		a.ScoreDiff = DiffMeans(a.Took.Score, a.Not.Score)
		a.WinP = ProportionsP(a.Took.Wins, a.Took.Ended, a.Not.Wins, a.Not.Ended)
		a.ScoreP = MeansP(a.Took.Score, a.Not.Score)
		out = append(out, a)
	}
	correctAttributions(out)
	return out
}
