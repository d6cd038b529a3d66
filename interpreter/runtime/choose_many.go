package runtime

// This file holds choices of several options at once: a choose step with
// min and max binds its name to the list of options picked.

import (
	"fmt"
	"slices"

	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/notation"
)

// ManyChoice bounds how many options a choice of several takes.
type ManyChoice struct {
	Min, Max *Code
}

// maxSubsets bounds the moves a choice of several lists.
const maxSubsets = 4096

// bounds evaluates min and max.
func (g *Game) bounds(f *model.Frame, s *Step) (int, int, error) {
	lo, err := g.M.Eval(s.Many.Min, f.Scope)
	if err != nil {
		return 0, 0, err
	}
	hi, err := g.M.Eval(s.Many.Max, f.Scope)
	if err != nil {
		return 0, 0, err
	}
	return lo.(int), hi.(int), nil
}

// subsets lists the moves of a choice of several: every set of lo to hi
// options, each in the options' order, smaller sets first.
func (g *Game) subsets(f *model.Frame, s *Step, opts []any) error {
	lo, hi, err := g.bounds(f, s)
	if err != nil {
		return err
	}
	m := g.M
	// The walk and its picks live on the stack and in the machine: a
	// recursive closure over them would allocate both each listing.
	w := subsetWalk{m: m, s: s, opts: opts, pick: m.lists.pick[:0]}
	defer func() { m.lists.pick = w.pick[:0] }()
	for size := max(lo, 0); size <= min(hi, len(opts)); size++ {
		if err := w.rec(0, size); err != nil {
			return err
		}
	}
	return nil
}

// subsetWalk lists the sets of options of one size, in subsets.
type subsetWalk struct {
	m    *Machine
	s    *Step
	opts []any
	pick []int // the options in the set being built
	n    int   // the sets listed
}

// rec lists the sets that add options from the start-th on to pick
// until it holds size.
func (w *subsetWalk) rec(start, size int) error {
	m, s, opts := w.m, w.s, w.opts
	if len(w.pick) == size {
		if w.n++; w.n > maxSubsets {
			return fmt.Errorf("%s: choose %s: more than %d sets of options", s.Pos, s.ChooseID, maxSubsets)
		}
		at, vf := len(m.text), len(m.recVals)
		m.text = append(m.text, s.ChooseID...)
		for _, k := range w.pick {
			m.text = notation.AppendFormat(append(m.text, ' '), opts[k])
			m.recVals = append(m.recVals, opts[k])
		}
		m.listed(at, nil, vf)
		return nil
	}
	for k := start; k < len(opts); k++ {
		w.pick = append(w.pick, k)
		if err := w.rec(k+1, size); err != nil {
			return err
		}
		w.pick = w.pick[:len(w.pick)-1]
	}
	return nil
}

// pickMany reads the answer to a choice of several: the words after the
// choice's id, each a different option, as many as min and max allow.
// It returns the options picked, in the options' order, or the reason
// the answer is refused.
func (g *Game) pickMany(f *model.Frame, s *Step, opts []any, words []string) ([]any, string, error) {
	lo, hi, err := g.bounds(f, s)
	if err != nil {
		return nil, "", err
	}
	if len(words) < lo || len(words) > hi {
		return nil, fmt.Sprintf("choose from %d to %d of %s, not %d", lo, hi, notation.Options(opts), len(words)), nil
	}
	var ks []int
	for _, w := range words {
		k := slices.IndexFunc(opts, func(o any) bool { return notation.Format(o) == w })
		if k < 0 {
			return nil, fmt.Sprintf("%s is not one of the options (%s)", w, notation.Options(opts)), nil
		}
		for slices.Contains(ks, k) {
			// The same word twice names the next equal option, if any.
			next := slices.IndexFunc(opts[k+1:], func(o any) bool { return notation.Format(o) == w })
			if next < 0 {
				return nil, fmt.Sprintf("%s is chosen more times than it is offered", w), nil
			}
			k += next + 1
		}
		ks = append(ks, k)
	}
	slices.Sort(ks)
	out := make([]any, len(ks))
	for i, k := range ks {
		out[i] = opts[k]
	}
	return out, "", nil
}
