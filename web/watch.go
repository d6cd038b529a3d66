package web

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Watch reloads a game whenever one of its CUE files under dir (the
// folder the source reads, `--defs DIR`) is saved, until ctx ends. It
// polls the files' times and sizes every interval: no watcher library,
// and it works the same on every system.
func (s *Server) Watch(ctx context.Context, dir string, interval time.Duration) {
	last := map[string]string{}
	for _, id := range s.games {
		last[id] = stamp(filepath.Join(dir, id))
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, id := range s.games {
			now := stamp(filepath.Join(dir, id))
			if now != last[id] {
				last[id] = now
				s.Reload(id)
			}
		}
	}
}

// stamp sums up the CUE files of a game folder (its variants included):
// their names, sizes and modification times.
func stamp(dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".cue") {
			return nil
		}
		if fi, err := os.Stat(p); err == nil {
			b.WriteString(p + "|" + fi.ModTime().String() + "|" + strconv.FormatInt(fi.Size(), 10) + "\n")
		}
		return nil
	})
	return b.String()
}
