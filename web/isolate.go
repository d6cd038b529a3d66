package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"testing/fstest"

	"github.com/haven-engine/haven/load"
)

// A save carries variant texts, which are CUE: its definition is
// untrusted, and CUE's evaluation has no budget and cannot be stopped
// (cuelang.org/go v0.17.1 takes no context; load's watch gives up on it
// but leaves it running: one "billion laughs" save kept a core busy and
// grew the server's heap by 300 MB a load, until the process ended). So
// the server first has a child process, its own binary started with
// checkEnv set, load, compile and replay the save, under a deadline and
// a memory bound, and kills it past either. Only a save whose definition
// the child loaded within both is then loaded by the server, at the same
// cost, with no lock held. A definition edited under `--defs` is checked
// the same way before the server reloads it (Reload).
//
// A binary that serves must call RunCheck first thing in main (and a
// test binary in TestMain): in a child, it does the check and exits.

// checkEnv is the environment variable that makes the binary a child
// that checks a save or a definition.
const checkEnv = "HAVEN_WEB_CHECK_SAVE"

// checkJob is what the server sends a child, on its standard input: a
// save to load, or else a game to compile with Options.
type checkJob struct {
	// Files are the source's files, by their path in it, and Prefix the
	// source's prefix: the child reads the same definitions from them.
	Files   map[string][]byte `json:"files"`
	Prefix  string            `json:"prefix"`
	Save    []byte            `json:"save,omitempty"`
	Game    string            `json:"game,omitempty"`
	Options load.Options      `json:"options"`
	// Time and Heap bound the child's evaluation (load.Limits).
	Time time.Duration `json:"time"`
	Heap uint64        `json:"heap"`
}

// checkAnswer is what the child answers, on its standard output.
type checkAnswer struct {
	OK     bool     `json:"ok"`
	Errors []string `json:"errors,omitempty"`
}

// RunCheck, in a child started to check a save or a definition, checks
// it and exits; otherwise it returns at once.
func RunCheck() {
	if os.Getenv(checkEnv) == "" {
		return
	}
	os.Exit(runCheck(os.Stdin, os.Stdout))
}

func runCheck(in io.Reader, out io.Writer) int {
	var job checkJob
	answer := func(a checkAnswer) int {
		json.NewEncoder(out).Encode(a)
		return 0
	}
	if err := json.NewDecoder(in).Decode(&job); err != nil {
		return answer(checkAnswer{Errors: []string{"the check got no job: " + err.Error()}})
	}
	load.Limits.EvalTime, load.Limits.EvalHeap = job.Time, job.Heap
	src := load.Source{FS: filesFS(job.Files), Prefix: job.Prefix}
	var err error
	if job.Save != nil {
		_, err = openSave(src, job.Save)
	} else {
		_, err = compileGame(src, job.Game, job.Options)
	}
	if err != nil {
		return answer(checkAnswer{Errors: errorLines(err)})
	}
	return answer(checkAnswer{OK: true})
}

// filesFS is a file system of files read by sourceFiles.
func filesFS(files map[string][]byte) fs.FS {
	fsys := fstest.MapFS{}
	for name, b := range files {
		fsys[name] = &fstest.MapFile{Data: b, Mode: 0o444}
	}
	return fsys
}

// checkSave has a child load a save, and says why it does not load.
func (s *Server) checkSave(ctx context.Context, game string, save []byte) error {
	files, err := sourceFiles(s.opt.Source, game)
	if err != nil {
		return err
	}
	err = s.check(ctx, checkJob{Files: files, Prefix: s.opt.Source.Prefix, Save: save}, "the save's definition")
	if e, ok := err.(childErrors); ok {
		return refuse(http.StatusUnprocessableEntity, "%s", e.Error())
	}
	return err
}

// check has a child do a job within the server's limits (Limits.SaveTime
// and SaveMemory), and says why it failed; what names the definition in
// the error of a child killed.
func (s *Server) check(ctx context.Context, job checkJob, what string) error {
	job.Time, job.Heap = s.limits.SaveTime, s.limits.SaveMemory/2
	b, err := json.Marshal(job)
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("%s cannot be checked: %v", what, err)
	}
	// The child has its own deadline (load.Limits.EvalTime); this one,
	// a little later, is for a child that does not keep it.
	ctx, cancel := context.WithTimeout(ctx, s.limits.SaveTime+2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), checkEnv+"=1", "GOMAXPROCS=1")
	cmd.Stdin = bytes.NewReader(b)
	var out bytes.Buffer
	cmd.Stdout = &limitedWriter{w: &out, n: 1 << 20}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s cannot be checked: %v", what, err)
	}
	over := make(chan struct{})
	stop := make(chan struct{})
	go watchMemory(cmd.Process, s.limits.SaveMemory, over, stop)
	err = cmd.Wait()
	close(stop)
	select {
	case <-over:
		return refuse(http.StatusUnprocessableEntity, "%s used more than %d MiB while it was evaluated: does a comprehension or a chain of references explode?", what, s.limits.SaveMemory>>20)
	default:
	}
	if ctx.Err() != nil {
		return refuse(http.StatusUnprocessableEntity, "%s took more than %v to evaluate: does a comprehension or a chain of references explode?", what, s.limits.SaveTime)
	}
	var a checkAnswer
	if jerr := json.Unmarshal(out.Bytes(), &a); jerr != nil {
		if err == nil {
			err = jerr
		}
		return fmt.Errorf("%s could not be checked: %v", what, err)
	}
	if !a.OK {
		return childErrors(a.Errors)
	}
	return nil
}

// childErrors are the errors a child answered, one line each.
type childErrors []string

func (e childErrors) Error() string { return strings.Join(e, "\n") }

// watchMemory kills a process whose resident memory passes limit, and
// then closes over; it ends when stop is closed. Where /proc does not
// say, the child's own bound (load.Limits.EvalHeap) is the only one.
func watchMemory(p *os.Process, limit uint64, over, stop chan struct{}) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if n, ok := resident(p.Pid); ok && n > limit {
			close(over)
			p.Kill()
			return
		}
	}
}

// resident is a process's resident memory in bytes, from /proc.
func resident(pid int) (uint64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}

// sourceFiles are the files of a source that a game may read: every
// file but those of the other games' folders.
func sourceFiles(src load.Source, game string) (map[string][]byte, error) {
	games, err := src.Games()
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	err = fs.WalkDir(src.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		top, _, _ := strings.Cut(p, "/")
		if d.IsDir() {
			if p != "." && top != game && slices.Contains(games, top) {
				return fs.SkipDir
			}
			return nil
		}
		if path.Ext(p) != ".cue" || !d.Type().IsRegular() {
			return nil
		}
		if fi, err := d.Info(); err != nil || fi.Size() > load.Limits.FileSize {
			return fmt.Errorf("%s: larger than %d bytes, the most a definition file may have", p, load.Limits.FileSize)
		}
		b, err := fs.ReadFile(src.FS, p)
		if err != nil {
			return err
		}
		files[p] = b
		return nil
	})
	return files, err
}

// limitedWriter keeps the first n bytes written to it and drops the rest.
type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	k := min(len(b), l.n)
	if k > 0 {
		l.w.Write(b[:k])
		l.n -= k
	}
	return len(b), nil
}
