package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is Haven's release; the build adds the commit it was built from.
const version = "0.1.0"

// writeVersion prints `haven 0.1.0 (commit abc1234, modified)`, with what
// the Go toolchain recorded of the build: the module version when it was
// installed with `go install`, the VCS commit when built from a clone.
func writeVersion(w io.Writer) { fmt.Fprintln(w, versionString()) }

// versionString is the line writeVersion prints, which reports also carry
// so that their runs can be made again.
func versionString() string {
	v := "haven " + version
	var extra []string
	if bi, ok := debug.ReadBuildInfo(); ok {
		if m := bi.Main.Version; m != "" && m != "(devel)" {
			extra = append(extra, "module "+m)
		}
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			c := "commit " + rev
			if modified == "true" {
				c += ", modified"
			}
			extra = append(extra, c)
		}
		extra = append(extra, bi.GoVersion)
	}
	for i, e := range extra {
		if i == 0 {
			v += " ("
		} else {
			v += ", "
		}
		v += e
	}
	if len(extra) > 0 {
		v += ")"
	}
	return v
}
