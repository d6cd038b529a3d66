package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progress shows how far a long run is, with its speed and the time left.
// On a terminal it redraws one line in place, every quarter second even
// when no game finishes (so that a slow run does not look stuck); written
// to a file or a pipe it prints a plain line at most every few seconds.
// It is nil when w is neither, and its methods then do nothing.
type progress struct {
	w     io.Writer
	cmd   string // the command a plain line is headed by
	tty   bool
	total int
	start time.Time

	mu    sync.Mutex
	done  int
	shown time.Time
	width int
	stop  chan struct{}
	once  sync.Once
}

// progressEvery is how often a plain line is printed off a terminal.
const progressEvery = 2 * time.Second

func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	p := &progress{w: w, cmd: "sim", tty: fi.Mode()&os.ModeCharDevice != 0, total: total, start: time.Now(), stop: make(chan struct{})}
	p.shown = p.start
	if p.tty {
		go func() {
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-p.stop:
					return
				case <-t.C:
					p.mu.Lock()
					p.draw()
					p.mu.Unlock()
				}
			}
		}()
	}
	return p
}

// setTotal changes the number of games the run will play (a resumed run
// plays only the seeds its file lacks).
func (p *progress) setTotal(total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total = total
}

// update notes that done games are finished.
func (p *progress) update(done int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = done
	if !p.tty && time.Since(p.shown) >= progressEvery {
		p.draw()
	}
}

const barWidth = 30

// draw prints the state of the run; p.mu is held.
func (p *progress) draw() {
	p.shown = time.Now()
	el := time.Since(p.start)
	line := fmt.Sprintf("%d/%d games  %s elapsed", p.done, p.total, el.Round(time.Second))
	if p.done > 0 {
		rate := float64(p.done) / el.Seconds()
		left := time.Duration(float64(p.total-p.done) / rate * float64(time.Second))
		line += fmt.Sprintf("  %.1f games/s  ETA %s", rate, left.Round(time.Second))
	}
	if !p.tty {
		fmt.Fprintln(p.w, p.cmd+": "+line)
		return
	}
	filled := 0
	if p.total > 0 {
		filled = min(barWidth, p.done*barWidth/p.total)
	}
	line = fmt.Sprintf("[%s%s] %s", strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled), line)
	pad := max(0, p.width-len(line))
	p.width = len(line)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
}

// finish clears the line of a terminal.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.stop)
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.tty {
			fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		}
	})
}
