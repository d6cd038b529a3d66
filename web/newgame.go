package web

import (
	"maps"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// The form for a new game offers what the game and the server allow: the
// player counts, the game's shipped variants and its options, every kind
// of bot with the options a page may set, and the seats by name.

// setupForm is what the page's form for a new game offers.
type setupForm struct {
	MinPlayers, MaxPlayers int
	Variants               []choice
	Options                []optionChoice
	Bots                   []botChoice
	// Seats names every seat the game may have, for the bot boxes.
	Seats []string
	// BotSeats are the seats the bot plays now.
	BotSeats map[int]bool
}

type choice struct {
	ID, Text string
	On       bool
}

type optionChoice struct {
	Name, Text string
	Values     []choice
}

type botChoice struct {
	Name    string
	On      bool
	Options []string // the whole-number options a page may set
}

// shippedVariants lists the names of the variants shipped with a game.
func (s *Server) shippedVariants(id string) []string {
	var out []string
	for _, f := range s.opt.Source.VariantFiles(id) {
		out = append(out, strings.TrimSuffix(path.Base(f), ".cue"))
	}
	return out
}

// setupForm fills the form of a table, once for each game it starts.
// The table's lock is held.
func (s *Server) setupForm(t *table) *setupForm {
	if t.form != nil && t.formGen == t.gen {
		return t.form
	}
	f := &setupForm{MinPlayers: t.g.MinPlayers(), MaxPlayers: t.g.MaxPlayers(), BotSeats: t.bots}
	for _, v := range s.shippedVariants(t.game) {
		f.Variants = append(f.Variants, choice{ID: v, On: slices.Contains(t.opts.Variants, v)})
	}
	chosen := map[string]string{}
	for _, c := range t.opts.Choices {
		k, v, _ := strings.Cut(c, "=")
		chosen[k] = v
	}
	for _, op := range load.GameOptions(t.def) {
		oc := optionChoice{Name: op.Name, Text: op.Text}
		cur := chosen[op.Name]
		if cur == "" {
			cur = op.Default
		}
		for _, v := range op.Values {
			oc.Values = append(oc.Values, choice{ID: v, On: v == cur})
		}
		f.Options = append(f.Options, oc)
	}
	kind, _, _ := strings.Cut(t.botName, ":")
	for _, name := range sim.BotNames() {
		nums, _ := sim.BotOptions(name)
		f.Bots = append(f.Bots, botChoice{Name: name, On: name == kind, Options: nums})
	}
	for p := 0; p < f.MaxPlayers; p++ {
		f.Seats = append(f.Seats, t.lay.pres().seatName(p))
	}
	t.form, t.formGen = f, t.gen
	return f
}

// choose compiles the table's game again with the variants and options a
// new game asks for, when they differ from the table's. Only shipped
// variants are taken by name: a page never names a file. The table's
// lock is held; on failure the table is as it was.
func (s *Server) choose(t *table, variants *[]string, options map[string]string) error {
	if variants == nil && options == nil {
		return nil
	}
	opts := t.opts
	if variants != nil {
		shipped := s.shippedVariants(t.game)
		// The operator's own variant files stay; the shipped ones are the
		// page's choice.
		var keep []string
		for _, v := range opts.Variants {
			if load.IsVariantPath(v) {
				keep = append(keep, v)
			}
		}
		for _, v := range *variants {
			if !slices.Contains(shipped, v) {
				return refuse(http.StatusUnprocessableEntity, "variant %q: %s ships no variant of that name (variants: %s)", v, t.game, strings.Join(shipped, ", "))
			}
			if !slices.Contains(keep, v) {
				keep = append(keep, v)
			}
		}
		opts.Variants = keep
	}
	if options != nil {
		opts.Choices = nil
		for _, k := range slices.Sorted(maps.Keys(options)) {
			opts.Choices = append(opts.Choices, k+"="+options[k])
		}
	}
	if slices.Equal(opts.Variants, t.opts.Variants) && slices.Equal(opts.Choices, t.opts.Choices) {
		return nil
	}
	c, err := s.compile(t.game, opts)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, "%s", strings.Join(errorLines(err), "; "))
	}
	t.def, t.g, t.lay, t.opts = c.def, c.g, c.lay, opts
	t.hist = nil
	return nil
}
