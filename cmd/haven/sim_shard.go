package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/sim"
)

// jobIndexVar is the variable in which a Kubernetes Indexed Job gives
// each of its pods its index: `--shard /N` reads shard i from it.
const jobIndexVar = "JOB_COMPLETION_INDEX"

// shardFlag is the value of --shard: shard Index (from 0) of Of of a run.
type shardFlag struct {
	sim.Shard
}

func (s *shardFlag) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Of) }

// parseShard reads --shard I/N, or /N with I from the environment
// (lookup), for a run of games games.
func parseShard(v string, games int, lookup func(string) (string, bool)) (*shardFlag, error) {
	is, ns, ok := strings.Cut(v, "/")
	if !ok {
		return nil, fmt.Errorf("--shard %q: want I/N (shard I, from 0, of N), or /N with I from $%s", v, jobIndexVar)
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 1 {
		return nil, fmt.Errorf("--shard %q: N must be a whole number of shards, at least 1", v)
	}
	from := ""
	if is == "" {
		env, set := lookup(jobIndexVar)
		if !set {
			return nil, fmt.Errorf("--shard %q: no shard index: give I/N, or set $%s (as a Kubernetes Indexed Job does)", v, jobIndexVar)
		}
		is, from = env, " (from $"+jobIndexVar+")"
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= n {
		return nil, fmt.Errorf("--shard %q: shard %q%s: want 0 to %d", v, is, from, n-1)
	}
	if n > games {
		return nil, fmt.Errorf("--shard %q: %d shards of %d games: some would be empty", v, n, games)
	}
	return &shardFlag{sim.Split(0, games, n)[i]}, nil
}

// shardFile names the --out file of a shard: "{shard}" in name is the
// shard's index, so that the pods of one job, given the same command,
// write different files.
func shardFile(name string, s *shardFlag) string {
	if s == nil {
		return name
	}
	return strings.ReplaceAll(name, "{shard}", strconv.Itoa(s.Index))
}

// wholeRun says whether metas are the shards of one run, each once and
// none missing: their merge is that run, reported under its own title.
func wholeRun(metas []*sim.Meta) bool {
	seen := map[string]bool{}
	of := ""
	for _, m := range metas {
		i, n, ok := strings.Cut(m.Shard, "/")
		if !ok || (of != "" && n != of) || seen[i] {
			return false
		}
		of, seen[i] = n, true
	}
	n, _ := strconv.Atoi(of)
	return n == len(metas)
}

// runner is what plays the cells of a run: the local pool, or another
// runner linked in by a build tag (beamRunner).
type runner func(opts *simOptions, cells []simCell, pool sim.Pool) ([]*sim.Report, error)

// runners are the values of --runner; a file built with a tag adds one.
var runners = map[string]runner{"local": localRunner}

func localRunner(_ *simOptions, cells []simCell, pool sim.Pool) ([]*sim.Report, error) {
	cs := make([]sim.Cell, len(cells))
	for i, c := range cells {
		cs[i] = c.cell
	}
	return pool.Run(cs)
}

func (opts *simOptions) runner() runner {
	return runners[opts.Runner]
}

// checkRunner refuses a --runner this binary does not have, saying how
// to build one that has it.
func checkRunner(name string) error {
	if _, ok := runners[name]; ok {
		return nil
	}
	if name == "beam" {
		return fmt.Errorf("--runner beam: this haven is built without Apache Beam: build it with `go build -tags beam ./cmd/haven`")
	}
	return fmt.Errorf("--runner %q: want local%s", name, map[bool]string{true: " or beam", false: ""}[runners["beam"] != nil])
}
