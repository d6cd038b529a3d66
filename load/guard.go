package load

// Definitions, variants and overrides are untrusted input: they come from
// other designers, and a save names variants too. This file bounds what
// reading them may cost. Sources are read up to a size; CUE's parser is
// guarded against its own panics; and CUE's evaluation, which
// cuelang.org/go v0.17.1 gives no budget of its own (a "billion laughs"
// of comprehensions over references runs for minutes and fills the
// memory), is watched: past a time or heap growth, Game gives up with an
// error. The evaluation cannot be stopped from outside, so it goes on in
// the background until it ends; a command reports the error and exits,
// which ends it.

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/haven-engine/haven/diag"
)

// Limits bound the reading of a definition.
var Limits = struct {
	// FileSize is the largest source file, TotalSize the largest game
	// with its variants and overrides, in bytes.
	FileSize, TotalSize int64
	// EvalTime and EvalHeap bound CUE's evaluation of one game: its
	// duration, and how much the heap may grow while it runs.
	EvalTime time.Duration
	EvalHeap uint64
}{FileSize: 1 << 20, TotalSize: 4 << 20, EvalTime: 10 * time.Second, EvalHeap: 1 << 30}

// readFS reads a file of an fs.FS, refusing one that is not a regular
// file or is larger than Limits.FileSize.
func readFS(fsys fs.FS, name, shown string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, shown)
}

// readFile reads a file on disk with the same bounds. A FIFO or a device
// is refused before it is opened, since opening a FIFO blocks.
func readFile(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, name)
}

func readLimited(f fs.File, shown string) ([]byte, error) {
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", shown)
	}
	b, err := io.ReadAll(io.LimitReader(f, Limits.FileSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > Limits.FileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes, the most a definition file may have", shown, Limits.FileSize)
	}
	return b, nil
}

// checkTotal refuses a game whose sources together are too large.
func checkTotal(dir string, srcs []source) error {
	var n int64
	for _, s := range srcs {
		n += int64(len(s.src))
	}
	if n > Limits.TotalSize {
		return fmt.Errorf("%s: %d bytes of definition, variants and overrides: more than the %d a game may have", dir, n, Limits.TotalSize)
	}
	return nil
}

// parseFile parses one source, up to its imports only when mode asks
// for no more (parser.ImportsOnly, parser.PackageClauseOnly: cue/load
// reads a package's imports before the package). Comments are not
// parsed: nothing reads them, and attaching them is a third of the
// parser's time and where it once panicked (`s:\n//\nlet` dereferenced
// nil). A panic of the parser is still recovered, as an error at the
// file's start.
func parseFile(name string, src []byte, mode parser.Mode) (f *ast.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, &diag.Error{Pos: diag.Pos{File: name, Line: 1, Col: 1}, Msg: fmt.Sprintf("the CUE parser failed on this file: %v", r)}
		}
	}()
	return parser.ParseFile(name, src, mode&(parser.ImportsOnly|parser.PackageClauseOnly))
}

// parsed is a source parsed: its syntax, or why it has none.
type parsed struct {
	f   *ast.File
	err error
}

// parseAll parses the sources in full, as many at once as there are
// processors, and gives their syntax in the sources' order.
func parseAll(srcs []source) []parsed {
	out := make([]parsed, len(srcs))
	workers := min(runtime.GOMAXPROCS(0), len(srcs))
	next := make(chan int, len(srcs))
	for i := range srcs {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				out[i].f, out[i].err = parseFile(srcs[i].name, srcs[i].src, 0)
			}
		})
	}
	wg.Wait()
	return out
}

// watched runs CUE's parsing and evaluation of a game with the bounds of Limits and
// turns a panic inside it into an error.
func watched(dir string, eval func() (cue.Value, error)) (cue.Value, error) {
	type result struct {
		v   cue.Value
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: &diag.Error{Pos: diag.Pos{File: dir}, Msg: fmt.Sprintf("CUE failed while evaluating the definition: %v", r)}}
			}
		}()
		v, err := eval()
		done <- result{v, err}
	}()
	start := heap()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	deadline := time.NewTimer(Limits.EvalTime)
	defer deadline.Stop()
	for {
		select {
		case r := <-done:
			return r.v, r.err
		case <-deadline.C:
			return cue.Value{}, &diag.Error{Pos: diag.Pos{File: dir}, Msg: fmt.Sprintf("evaluating the definition took more than %v: does a comprehension or a chain of references explode?", Limits.EvalTime)}
		case <-tick.C:
			if h := heap(); h > start && h-start > Limits.EvalHeap {
				return cue.Value{}, &diag.Error{Pos: diag.Pos{File: dir}, Msg: fmt.Sprintf("evaluating the definition used more than %d MiB: does a comprehension or a chain of references explode?", Limits.EvalHeap>>20)}
			}
		}
	}
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heap is the size of the live and not yet swept heap objects.
func heap() uint64 {
	s := make([]metrics.Sample, 1)
	copy(s, heapSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
