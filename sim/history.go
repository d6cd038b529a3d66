package sim

import (
	"fmt"
	"strings"
	"time"
)

// Past is a run kept in a results database (haven sim --db), as the
// history section of an HTML report lists it: enough to follow a game's
// balance from run to run.
type Past struct {
	ID      int64
	Created time.Time
	// Cell names the run's rules in its command ("base", "variant v").
	Cell           string
	DefinitionHash string
	Games          int
	// WinRates and Scores are the seats' win rates and mean scores;
	// Length the mean number of decisions a game.
	WinRates []Interval
	Scores   []Interval
	Length   Interval
	// This marks the run the page reports.
	This bool
}

// PastOf sums up a kept run's report r for a history.
func PastOf(id int64, created time.Time, cell, hash string, r *Report) Past {
	p := Past{ID: id, Created: created, Cell: cell, DefinitionHash: hash, Games: r.Games, Length: r.Length.MeanInterval()}
	for _, s := range r.Seats {
		p.WinRates = append(p.WinRates, s.WinRate)
		p.Scores = append(p.Scores, s.Score.MeanInterval())
	}
	return p
}

// maxHistory is the most runs a history shows: the last ones, so that
// the plots' labels do not run into each other.
const maxHistory = 20

// historyHTML lists the runs of a history, oldest first, marking where
// the definition changed, and plots the seats' win rates and the games'
// length across them. A history of the page's run alone says nothing:
// it is left out.
func historyHTML(b *strings.Builder, ps []Past) {
	if len(ps) < 2 {
		return
	}
	left := max(0, len(ps)-maxHistory)
	ps = ps[left:]
	players := 0
	for _, p := range ps {
		players = max(players, len(p.WinRates))
	}
	b.WriteString("<h2>History</h2>\n<p>The runs of the results database with the same game, table, bots, variants, settings and options, oldest first. " +
		"Win rates and scores per seat, length in decisions a game, each with its own games and seeds; " +
		"<strong>changed</strong> marks a run whose definition (the hash of the game&#39;s files, variants, settings and options) differs from the run before.")
	if left > 0 {
		fmt.Fprintf(b, " The last %d runs are shown; %d earlier ones are left out.", len(ps), left)
	}
	b.WriteString("</p>\n")
	b.WriteString("<table>\n<tr><th>run</th><th>kept (UTC)</th><th>rules</th><th>games</th>")
	for p := range players {
		fmt.Fprintf(b, "<th>seat %d win</th>", p)
	}
	for p := range players {
		fmt.Fprintf(b, "<th>seat %d score</th>", p)
	}
	b.WriteString("<th>length</th><th>definition</th></tr>\n")
	xs := make([]string, len(ps))
	wins := make([]series, players)
	scores := make([]series, players)
	for p := range players {
		wins[p].name = fmt.Sprintf("seat %d", p)
		scores[p].name = wins[p].name
	}
	length := []series{{name: "decisions"}}
	for i, p := range ps {
		xs[i] = fmt.Sprintf("#%d", p.ID)
		name := fmt.Sprint(p.ID)
		if p.This {
			name += " (this one)"
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%d</td>", esc(name), p.Created.UTC().Format("2006-01-02 15:04"), esc(p.Cell), p.Games)
		for s := range players {
			var w, sc Interval
			if s < len(p.WinRates) {
				w, sc = p.WinRates[s], p.Scores[s]
			}
			wins[s].values = append(wins[s].values, w)
			scores[s].values = append(scores[s].values, sc)
			fmt.Fprintf(b, "<td>%.1f%%</td>", 100*w.Value)
		}
		for s := range players {
			fmt.Fprintf(b, "<td>%.2f</td>", scores[s].values[i].Value)
		}
		length[0].values = append(length[0].values, p.Length)
		hash := fmt.Sprintf("%.12s", p.DefinitionHash)
		if i > 0 && p.DefinitionHash != ps[i-1].DefinitionHash {
			fmt.Fprintf(b, "<td>%.1f</td><td class=\"sig\">%s changed</td></tr>\n", p.Length.Value, esc(hash))
			continue
		}
		fmt.Fprintf(b, "<td>%.1f</td><td>%s</td></tr>\n", p.Length.Value, esc(hash))
	}
	b.WriteString("</table>\n")
	b.WriteString(sweepPlot("Win rate per seat across runs", "run", "win rate", xs, wins, true))
	b.WriteString(sweepPlot("Game length across runs", "run", "decisions per game", xs, length, false))
}
