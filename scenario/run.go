package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// Result is the outcome of one scenario; it passed when Failures is empty.
type Result struct {
	Scenario *Scenario
	// Failures are positioned at the move or expectation that failed,
	// each reading "scenario NAME: what was expected, what happened".
	Failures []*diag.Error
}

// Passed tells whether the scenario held.
func (r Result) Passed() bool { return len(r.Failures) == 0 }

// Run plays every scenario against the games of src. Each (game,
// variants, sets) is loaded and compiled once and shared by the scenarios
// that use it. Results are in the order of scs.
func Run(src load.Source, scs []*Scenario) []Result {
	type compiled struct {
		g   *interpreter.Game
		err error
	}
	games := map[string]compiled{}
	out := make([]Result, len(scs))
	for i, sc := range scs {
		key := sc.Game + "\x00" + strings.Join(sc.Variants, "\x00") + "\x01" + strings.Join(sc.Sets, "\x00") + "\x02" + strings.Join(sc.Choices, "\x00")
		c, ok := games[key]
		if !ok {
			c.g, c.err = compile(src, sc)
			games[key] = c
		}
		out[i] = Result{Scenario: sc}
		if c.err != nil {
			out[i].Failures = []*diag.Error{failure(sc, sc.Pos, "%v", c.err)}
			continue
		}
		out[i].Failures = play(c.g, sc)
	}
	return out
}

func compile(src load.Source, sc *Scenario) (*interpreter.Game, error) {
	v, err := src.Game(sc.Game, load.Options{Variants: sc.Variants, Sets: sc.Sets, Choices: sc.Choices})
	if err != nil {
		return nil, err
	}
	return interpreter.Compile(v)
}

func failure(sc *Scenario, pos diag.Pos, format string, args ...any) *diag.Error {
	return &diag.Error{Pos: pos, Msg: "scenario " + sc.Name + ": " + fmt.Sprintf(format, args...)}
}

// player runs one scenario on a compiled game.
type player struct {
	g     *interpreter.Game
	sc    *Scenario
	fails []*diag.Error
}

func (p *player) fail(pos diag.Pos, format string, args ...any) {
	p.fails = append(p.fails, failure(p.sc, pos, format, args...))
}

// compile compiles one expression of the scenario, recording its error.
func (p *player) compile(t Text) *interpreter.Expr {
	e, err := p.g.CompileExpr(t.Src, t.Pos)
	if err != nil {
		var de *diag.Error
		if errors.As(err, &de) {
			p.fail(de.Pos, "%s", de.Msg)
		} else {
			p.fail(t.Pos, "%v", err)
		}
	}
	return e
}

func play(g *interpreter.Game, sc *Scenario) []*diag.Error {
	p := &player{g: g, sc: sc}
	// Every expression is compiled before anything runs, so that all
	// mistakes in the file are reported at once.
	patches := make([]*interpreter.Expr, len(sc.Patch))
	for i, t := range sc.Patch {
		patches[i] = p.compile(t)
	}
	checks := make([]*interpreter.Expr, len(sc.Moves))
	for i, s := range sc.Moves {
		if s.Kind == Check || s.Kind == Patch {
			checks[i] = p.compile(s.Text)
		}
	}
	expects := make([]*interpreter.Expr, len(sc.Expect))
	for i, t := range sc.Expect {
		expects[i] = p.compile(t)
	}
	if len(p.fails) > 0 {
		return p.fails
	}

	// A scenario's seed names the dice and decks it was written for,
	// drawn from one generator: a stream per purpose would deal others.
	players := sc.Players
	if players == 0 {
		players = min(max(3, g.MinPlayers()), g.MaxPlayers())
	}
	st, err := g.NewOneStream(players, sc.Seed)
	if err != nil {
		p.fail(sc.Pos, "%s", trimPos(sc.Pos, err))
		return p.fails
	}
	for i, t := range sc.Patch {
		if _, err := g.Eval(st, patches[i]); err != nil {
			p.fail(t.Pos, "patch failed: %s", trimPos(t.Pos, err))
			return p.fails
		}
	}
	for i, s := range sc.Moves {
		switch s.Kind {
		case Check:
			if s.As == 0 {
				p.check(st, s.Text, checks[i])
				break
			}
			seen, err := g.Observe(st, s.As-1)
			if err != nil {
				p.fail(s.Text.Pos, "as seat %d: %s", s.As-1, trimPos(s.Text.Pos, err))
				return p.fails
			}
			p.check(seen.Known(), s.Text, checks[i])
		case Patch:
			if _, err := g.Eval(st, checks[i]); err != nil {
				p.fail(s.Text.Pos, "patch failed: %s", trimPos(s.Text.Pos, err))
				return p.fails
			}
		case Play:
			if err := g.Apply(st, s.Text.Src); err != nil {
				var im *interpreter.IllegalMove
				if errors.As(err, &im) {
					p.fail(s.Text.Pos, "move %q was rejected: %s", s.Text.Src, im.Reason)
				} else {
					p.fail(s.Text.Pos, "move %q failed: %s", s.Text.Src, trimPos(s.Text.Pos, err))
				}
				return p.fails
			}
		case Reject:
			if !p.reject(st, s) {
				return p.fails
			}
		}
	}
	for i, t := range sc.Expect {
		p.check(st, t, expects[i])
	}
	return p.fails
}

// reject plays a move that must be rejected. It reports false when the
// state can no longer be trusted (the move was taken, or broke the game).
func (p *player) reject(st *interpreter.State, s Step) bool {
	before, _ := json.Marshal(st)
	err := p.g.Apply(st, s.Text.Src)
	var im *interpreter.IllegalMove
	switch {
	case err == nil:
		p.fail(s.Text.Pos, "move %q was accepted, want it rejected with %q", s.Text.Src, s.Fails)
		return false
	case !errors.As(err, &im):
		p.fail(s.Text.Pos, "move %q failed: %s (want it rejected with %q)", s.Text.Src, trimPos(s.Text.Pos, err), s.Fails)
		return false
	case !strings.Contains(im.Reason, s.Fails) && !strings.Contains(im.Error(), s.Fails):
		p.fail(s.Text.Pos, "move %q was rejected with %q, want %q", s.Text.Src, im.Reason, s.Fails)
	}
	if after, _ := json.Marshal(st); string(after) != string(before) {
		p.fail(s.Text.Pos, "move %q was rejected but changed the state", s.Text.Src)
		return false
	}
	return true
}

// check evaluates a condition and reports it when it does not hold.
func (p *player) check(st *interpreter.State, t Text, e *interpreter.Expr) {
	v, err := p.g.Eval(st, e)
	if err != nil {
		p.fail(t.Pos, "expect %s: %s", t.Src, trimPos(t.Pos, err))
		return
	}
	ok, isBool := v.(bool)
	switch {
	case !isBool:
		p.fail(t.Pos, "expect %s: want a condition (true or false), got %s", t.Src, show(v))
	case !ok:
		p.fail(t.Pos, "expected %s, but %s", t.Src, p.explain(st, t.Src))
	}
}

// trimPos drops the position an evaluation error starts with when it is
// the one the failure is already reported at, and the source snippet expr
// appends, so that a failure reads on one line.
func trimPos(pos diag.Pos, err error) string {
	var de *diag.Error
	if errors.As(err, &de) && de.Pos.File == pos.File && de.Pos.Line == pos.Line {
		return snippet.ReplaceAllString(de.Msg, "")
	}
	msg := strings.TrimPrefix(err.Error(), pos.String()+": ")
	return snippet.ReplaceAllString(msg, "")
}

// snippet matches the " (line:col)" and source lines of an expr error.
var snippet = regexp.MustCompile(` \(\d+:\d+\)\n(?s:.*)$`)

// show renders a value as JSON, the way the state prints it.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
