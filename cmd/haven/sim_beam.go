//go:build beam

// The Apache Beam runner of haven sim, linked only into a haven built
// with `-tags beam` (the SDK is large; the default build has none of it).
//
// The pipeline: CreateList(shards) → Reshuffle → ParDo(simulate) →
// CombinePerKey(stats) → one file of JSON lines, which the command reads
// back and reports as the local pool's run: the same two functions,
// sim.Simulate and sim.MergeStats, play and combine the shards, so the
// report is the same byte for byte. Each cell of a comparison or a sweep
// is a key. Beam's own flags (its --runner, --endpoint, --project...)
// follow a `--` on the command line; see docs/designer/distributed.md.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// beamOutput is where the pipeline writes the stats of each cell: a
// file every worker and the command can reach (gs://... on Dataflow);
// empty, a temporary file of this machine, right for Prism.
var beamOutput = flag.String("haven_output", "", "haven sim --runner beam: the file the pipeline writes its results to (default: a temporary file)")

// beamShards is how many shards a cell is cut into: enough for a
// runner to spread them over many workers.
var beamShards = flag.Int("haven_shards", 0, "haven sim --runner beam: shards per cell (default: one per 16 games, at most 10000)")

func init() {
	runners["beam"] = beamRunner
	workerMain = beamWorker
	register.DoFn3x1[context.Context, string, func(int, sim.Stats), error](&simulateFn{})
	register.Emitter2[int, sim.Stats]()
	register.Combiner1[sim.Stats](&statsFn{})
	register.Function2x1(formatStats)
	beam.RegisterCoder(reflect.TypeOf(sim.Stats{}), encodeStats, decodeStats)
}

// beamWorker runs the Beam worker harness when a runner starts this
// binary as a worker (with --worker and the endpoints), and does not
// return then; otherwise it does nothing.
func beamWorker(args []string) {
	if !slices.ContainsFunc(args, func(a string) bool { return a == "--worker" || strings.HasPrefix(a, "--worker=") }) {
		return
	}
	flag.CommandLine.Parse(args)
	beam.Init()
}

// beamCell is what a worker needs to compile a cell's rules: variant
// files travel as their text, so that no worker reads this machine's
// files. A --defs folder must be at the same path on the workers.
type beamCell struct {
	Game     string      `json:"game"`
	Defs     string      `json:"defs,omitempty"`
	Variants []string    `json:"variants,omitempty"` // shipped ones, by name
	Texts    []load.Text `json:"texts,omitempty"`
	Sets     []string    `json:"sets,omitempty"`
	Choices  []string    `json:"choices,omitempty"`
	Players  int         `json:"players"`
	Seed     uint64      `json:"seed"`
	Bots     []string    `json:"bots"`
	Rotate   bool        `json:"rotate,omitempty"`
	Max      int         `json:"max"`
}

func (c *beamCell) compile() (*interpreter.Game, error) {
	src := load.Source{FS: definitions.Files}
	if c.Defs != "" {
		src = load.Dir(c.Defs)
	}
	v, err := src.Game(c.Game, load.Options{Variants: c.Variants, Texts: c.Texts, Sets: c.Sets, Choices: c.Choices})
	if err != nil {
		return nil, err
	}
	return interpreter.Compile(v)
}

func (c *beamCell) options() sim.Options {
	return sim.Options{Players: c.Players, Seed: c.Seed, Bots: c.Bots, Rotate: c.Rotate, MaxDecisions: c.Max}
}

// beamTask is one element of the pipeline's input: a shard of a cell.
type beamTask struct {
	Shard sim.Shard `json:"shard"`
}

// simulateFn plays a shard: sim.Simulate, as the local pool does.
type simulateFn struct {
	// Cells is the JSON of the run's []beamCell.
	Cells string `json:"cells"`

	cells []beamCell
	games map[int]*interpreter.Game
}

// beamProgress, when the pipeline runs in this process (Prism), counts
// the games played for the progress bar.
var beamProgress atomic.Pointer[func(n int)]

func (fn *simulateFn) Setup() error {
	fn.games = map[int]*interpreter.Game{}
	return json.Unmarshal([]byte(fn.Cells), &fn.cells)
}

func (fn *simulateFn) ProcessElement(ctx context.Context, task string, emit func(int, sim.Stats)) error {
	var t beamTask
	if err := json.Unmarshal([]byte(task), &t); err != nil {
		return err
	}
	sh := t.Shard
	c := &fn.cells[sh.Cell]
	g := fn.games[sh.Cell]
	if g == nil {
		var err error
		if g, err = c.compile(); err != nil {
			return err
		}
		g.SetLog(false)
		fn.games[sh.Cell] = g
	}
	opt := c.options()
	s, err := sim.Simulate(g, &opt, sh)
	if err != nil {
		delete(fn.games, sh.Cell) // a panic may leave g half-way through a move
		return fmt.Errorf("cell %d: %w", sh.Cell, err)
	}
	first, last := sh.Seeds(c.Seed)
	log.Infof(ctx, "haven: cell %d, shard %d of %d (seeds %d-%d): %d games", sh.Cell, sh.Index+1, sh.Of, first, last, len(s.Records))
	beam.NewCounter("haven", "games").Inc(ctx, int64(len(s.Records)))
	if p := beamProgress.Load(); p != nil {
		(*p)(len(s.Records))
	}
	emit(sh.Cell, s)
	return nil
}

// statsFn combines the shards of a cell: sim.MergeStats, as the local
// pool does.
type statsFn struct{}

func (statsFn) CreateAccumulator() sim.Stats               { return sim.Stats{} }
func (statsFn) AddInput(a, s sim.Stats) sim.Stats          { return sim.MergeStats(a, s) }
func (statsFn) MergeAccumulators(a, b sim.Stats) sim.Stats { return sim.MergeStats(a, b) }
func (statsFn) ExtractOutput(a sim.Stats) sim.Stats        { return a }

func formatStats(cell int, s sim.Stats) string {
	s.Cell = cell
	b, _ := json.Marshal(s)
	return string(b)
}

func encodeStats(s sim.Stats) ([]byte, error) { return json.Marshal(s) }

func decodeStats(b []byte) (sim.Stats, error) {
	var s sim.Stats
	err := json.Unmarshal(b, &s)
	return s, err
}

// beamRunner builds the pipeline of the run's cells, runs it with the
// Beam runner its flags name (Prism, in this process, by default) and
// reports each cell from the stats it wrote.
func beamRunner(opts *simOptions, cells []simCell, pool sim.Pool) ([]*sim.Report, error) {
	if err := flag.CommandLine.Parse(opts.RunnerArgs); err != nil {
		return nil, usageErrorf("sim: --runner beam: %v", err)
	}
	if flag.CommandLine.NArg() > 0 {
		return nil, usageErrorf("sim: --runner beam: unexpected argument %q after --", flag.CommandLine.Arg(0))
	}
	beam.Init()
	var spec []beamCell
	var tasks []string
	for i, c := range cells {
		bc := beamCell{Game: opts.Game, Defs: c.run.Defs, Sets: c.run.Sets, Choices: c.run.Choices,
			Players: c.meta.Players, Seed: c.meta.Seed, Bots: c.meta.Bots, Rotate: c.meta.Rotate, Max: c.meta.MaxDecisions}
		if bc.Defs != "" {
			abs, err := filepath.Abs(bc.Defs)
			if err != nil {
				return nil, err
			}
			bc.Defs = abs
		}
		src, err := c.run.source()
		if err != nil {
			return nil, err
		}
		for _, v := range c.run.Variants {
			name, text, shipped, err := src.VariantText(opts.Game, v)
			if err != nil {
				return nil, err
			}
			if shipped {
				bc.Variants = append(bc.Variants, name)
			} else {
				bc.Texts = append(bc.Texts, load.Text{Name: name, Src: string(text)})
			}
		}
		spec = append(spec, bc)
		n := *beamShards
		if n <= 0 {
			n = min(10000, (opts.Games+15)/16)
		}
		for _, sh := range sim.Split(i, opts.Games, n) {
			b, _ := json.Marshal(beamTask{Shard: sh})
			tasks = append(tasks, string(b))
		}
	}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	out := *beamOutput
	if out == "" {
		dir, err := os.MkdirTemp("", "haven-beam-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		out = filepath.Join(dir, "stats.jsonl")
	}

	p, s := beam.NewPipelineWithRoot()
	shards := beam.CreateList(s, tasks)
	shards = beam.Reshuffle(s, shards)
	played := beam.ParDo(s, &simulateFn{Cells: string(specJSON)}, shards)
	stats := beam.CombinePerKey(s, &statsFn{}, played)
	textio.Write(s, out, beam.ParDo(s, formatStats, stats))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-pool.Stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	var done atomic.Int64
	progress := func(n int) {
		if d := done.Add(int64(n)); pool.Progress != nil {
			pool.Progress(int(d))
		}
	}
	beamProgress.Store(&progress)
	defer beamProgress.Store(nil)
	start := time.Now()
	if err := beamx.Run(ctx, p); err != nil {
		return nil, fmt.Errorf("sim: --runner beam: %v", oneLineErr(err))
	}
	merged, err := readStats(ctx, out, len(cells))
	if err != nil {
		return nil, err
	}
	secs := time.Since(start).Seconds()
	reports := make([]*sim.Report, len(cells))
	decisions := 0
	for i, c := range cells {
		if pool.OnShard != nil {
			if err := pool.OnShard(merged[i]); err != nil {
				return nil, err
			}
		}
		reports[i] = sim.Summarize(c.meta.Players, merged[i].Records)
		reports[i].LeadPer = c.meta.LeadPer
		decisions += reports[i].Decisions
	}
	for _, r := range reports {
		r.Seconds, r.PerSecond = secs, float64(decisions)/secs
	}
	return reports, nil
}

// readStats reads the stats the pipeline wrote, one cell a line.
func readStats(ctx context.Context, path string, cells int) ([]sim.Stats, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("sim: --runner beam: the results: %v", err)
	}
	defer r.Close()
	out := make([]sim.Stats, cells)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	for sc.Scan() {
		var s sim.Stats
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			return nil, fmt.Errorf("sim: --runner beam: %s: %v", path, err)
		}
		if s.Cell < 0 || s.Cell >= cells {
			return nil, fmt.Errorf("sim: --runner beam: %s: a cell %d of %d", path, s.Cell, cells)
		}
		out[s.Cell] = sim.MergeStats(out[s.Cell], s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("sim: --runner beam: %s: %v", path, err)
	}
	return out, nil
}

// shardFailure finds a shard's error in a pipeline's: Beam wraps the
// worker's error in the plan of the stage that failed.
var shardFailure = regexp.MustCompile(`cell \d+: shard \d+ of \d+ \([^)]*\): [^\n]*`)

// oneLineErr is a pipeline's error on one line: the shard's that failed,
// which names the seed and the decision, else Beam's own.
func oneLineErr(err error) string {
	if m := shardFailure.FindString(err.Error()); m != "" {
		return m
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}
