package main

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"text/tabwriter"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/load"
)

var gamesCommand = &command{
	name:    "games",
	usage:   "games [--defs DIR] [--json]",
	summary: "List the games: id, name, player counts and the variants shipped with each.",
	parse:   gamesParse,
}

type gamesOptions struct {
	IO
	gameFlags
	JSON bool
}

func gamesParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &gamesOptions{IO: io}
	f := newFlags(c)
	opts.register(f, false)
	f.BoolVar(&opts.JSON, "json", false, "print a JSON list")
	_, err := f.parse(args, 0, 0)
	return f, func() error { return runGames(opts) }, err
}

// gameInfo is one line of the list.
type gameInfo struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	MinPlayers int      `json:"minPlayers"`
	MaxPlayers int      `json:"maxPlayers"`
	Variants   []string `json:"variants"`
	// Options are the choices the game offers (--option NAME=VALUE).
	Options []load.Option `json:"options"`
	// Error is set when the definition does not load.
	Error string `json:"error,omitempty"`
}

func runGames(opts *gamesOptions) error {
	src, err := opts.source()
	if err != nil {
		return err
	}
	ids, err := src.Games()
	if err != nil {
		return err
	}
	infos := []gameInfo{}
	for _, id := range ids {
		info := gameInfo{ID: id, Variants: []string{}, Options: []load.Option{}}
		for _, v := range src.VariantFiles(id) {
			info.Variants = append(info.Variants, strings.TrimSuffix(path.Base(v), ".cue"))
		}
		if v, err := src.Game(id, opts.options()); err != nil {
			info.Error = "does not load: see haven vet"
		} else {
			info.Name, _ = v.LookupPath(cue.ParsePath("name")).String()
			n, _ := v.LookupPath(cue.ParsePath("players.min")).Int64()
			m, _ := v.LookupPath(cue.ParsePath("players.max")).Int64()
			info.MinPlayers, info.MaxPlayers = int(n), int(m)
			info.Options = append(info.Options, load.GameOptions(v)...)
		}
		infos = append(infos, info)
	}
	if opts.JSON {
		b, err := json.MarshalIndent(infos, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	if len(infos) == 0 {
		fmt.Fprintln(opts.Out, "no games")
		return nil
	}
	w := tabwriter.NewWriter(opts.Out, 0, 4, 2, ' ', 0)
	// The options column is shown when a game has options.
	withOptions := false
	for _, g := range infos {
		withOptions = withOptions || len(g.Options) > 0
	}
	head := "ID\tNAME\tPLAYERS\tVARIANTS"
	if withOptions {
		head += "\tOPTIONS (--option NAME=VALUE, default first)"
	}
	fmt.Fprintln(w, head)
	for _, g := range infos {
		vs := strings.Join(g.Variants, ", ")
		if vs == "" {
			vs = "-"
		}
		if g.Error != "" {
			fmt.Fprintf(w, "%s\t(%s)\t\t%s\n", g.ID, g.Error, vs)
			continue
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s", g.ID, g.Name, playerRange(g.MinPlayers, g.MaxPlayers), vs)
		if withOptions {
			line += "\t" + optionList(g.Options)
		}
		fmt.Fprintln(w, line)
	}
	return w.Flush()
}

// optionList writes options as `map=a|b  version=c|d`, each default first.
func optionList(ops []load.Option) string {
	if len(ops) == 0 {
		return "-"
	}
	var parts []string
	for _, op := range ops {
		vals := []string{op.Default}
		for _, v := range op.Values {
			if v != op.Default {
				vals = append(vals, v)
			}
		}
		parts = append(parts, op.Name+"="+strings.Join(vals, "|"))
	}
	return strings.Join(parts, "  ")
}

func playerRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}
