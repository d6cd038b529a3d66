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

// Watch reloads a game whenever a CUE file it is read from, under dir
// (the folder the source reads, `--defs DIR`), is saved, until ctx ends:
// a file of the game's folder, its variants, or a package it imports
// (load.Source.Folders: an expansion's lib/ folder). It polls the files'
// times and sizes every interval: no watcher library, and it works the
// same on every system. The folders a game imports are read again at
// every reload, so an import added is watched from then on.
func (s *Server) Watch(ctx context.Context, dir string, interval time.Duration) {
	last := map[string]string{}
	folders := map[string][]string{}
	for _, id := range s.games {
		folders[id] = s.opt.Source.Folders(id)
		last[id] = stamp(dir, folders[id])
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
			// The stamp is taken before the reload reads the files: a
			// file saved while it runs is reloaded at the next tick.
			// A folder newly imported changes the stamp, and costs one
			// reload more.
			now := stamp(dir, folders[id])
			if now != last[id] {
				last[id] = now
				s.Reload(id)
				folders[id] = s.opt.Source.Folders(id)
			}
		}
	}
}

// stamp sums up the CUE files of folders under dir (their subfolders,
// variants/, included): their names, sizes and modification times.
func stamp(dir string, folders []string) string {
	var b strings.Builder
	for _, f := range folders {
		filepath.WalkDir(filepath.Join(dir, filepath.FromSlash(f)), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".cue") {
				return nil
			}
			if fi, err := os.Stat(p); err == nil {
				b.WriteString(p + "|" + fi.ModTime().String() + "|" + strconv.FormatInt(fi.Size(), 10) + "\n")
			}
			return nil
		})
	}
	return b.String()
}
