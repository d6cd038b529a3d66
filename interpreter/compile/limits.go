package compile

// This file reads the limits a definition sets (budget.Limits) and
// checks its counts against budget.Counts.

import (
	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter/budget"
)

// limits reads `limits` of the definition, each value checked against
// its hard cap.
func (c *compiler) limits(v cue.Value) {
	c.g.Limits = budget.Default
	l, ok := lookup(v, "limits")
	if !ok {
		return
	}
	for _, f := range []struct {
		name     string
		at       *int
		hard     int
		whatUnit string
	}{
		{"steps", &c.g.Limits.Steps, budget.Hard.Steps, "steps"},
		{"work", &c.g.Limits.Work, budget.Hard.Work, "elements"},
		{"decision", &c.g.Limits.Decision, budget.Hard.Decision, "elements"},
		{"memory", &c.g.Limits.Memory, budget.Hard.Memory, "bytes or elements"},
		{"depth", &c.g.Limits.Depth, budget.Hard.Depth, "levels"},
	} {
		x, ok := lookup(l, f.name)
		if !ok {
			continue
		}
		n, err := x.Int64()
		switch {
		case err != nil || n < 1:
			c.errorf(x, "limits.%s: want a positive count of %s", f.name, f.whatUnit)
		case n > int64(f.hard):
			c.errorf(x, "limits.%s: %d is over the hard cap of %d %s", f.name, n, f.hard, f.whatUnit)
		default:
			*f.at = int(n)
		}
	}
}

// count reads a count of the definition and checks it against max.
func (c *compiler) count(v cue.Value, path, what string, max int) int {
	x, ok := lookup(v, path)
	if !ok {
		return 0
	}
	n, err := x.Int64()
	if err != nil || n > int64(max) {
		c.errorf(x, "%s: %v is more than the %d %s a definition may have", path, x, max, what)
		return 0
	}
	return int(n)
}

// cardCount reads the count of a card type; the copies of all the types
// together may not pass Counts.Cards.
func (c *compiler) cardCount(x cue.Value) int {
	n := c.count(x, "count", "copies of a card", budget.Counts.Cards)
	if len(c.g.CardOrder)+n > budget.Counts.Cards {
		if n > 0 {
			c.errorf(x, "count: %d more copies make more than the %d cards a definition may have", n, budget.Counts.Cards)
		}
		return 0
	}
	return n
}
