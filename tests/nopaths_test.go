package tests

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// machinePath is an absolute path into one machine's folders: a home
// folder (home, Users, root at the root of the file system) or the
// development setup's work folder (work, likewise). A slash that follows
// a letter, digit, dot or slash is part of a URL or a relative path
// ("example.org/home/", "../shared/"), not the start of an absolute one.
// This file spells its examples in two pieces, so as not to hold one.
var machinePath = regexp.MustCompile(`(^|[^A-Za-z0-9_.~/:-])/(work|home|Users|root)/`)

// TestNoMachinePaths enforces "no absolute machine paths in tracked
// files": a definition, document, comment or Go file names a shared file
// by its path beside the repository (../shared/rules/<file>), never by
// where it lies on one machine. Every tracked text file is read, test
// data included; a file with a NUL byte is binary and skipped.
func TestNoMachinePaths(t *testing.T) {
	files := trackedFiles(t, "..")
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("..", f))
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet committed
		}
		require.NoError(t, err)
		if bytes.IndexByte(b, 0) >= 0 {
			continue
		}
		for i, line := range strings.Split(string(b), "\n") {
			if loc := machinePath.FindStringIndex(line); loc != nil {
				assert.Failf(t, "absolute machine path", "%s:%d: %q: name the file relative to the repository (../shared/...)", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// trackedFiles lists the files git tracks under root, relative to it.
// Without git (a copy of the tree), every file but .git's is listed.
func trackedFiles(t *testing.T, root string) []string {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err == nil {
		var files []string
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" {
				files = append(files, f)
			}
		}
		return files
	}
	t.Logf("git ls-files: %v; reading every file under %s", err, root)
	var files []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == ".git" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // a work tree's .git file names its repository
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	require.NoError(t, err)
	return files
}

// TestMachinePathPattern checks what the pattern takes for a machine path.
func TestMachinePathPattern(t *testing.T) {
	for _, s := range []string{
		"// see /" + "work/shared/rules/x.txt",
		"/" + "home/me/haven",
		`"/` + `Users/me/go"`,
		"cd /" + "root/src",
	} {
		assert.True(t, machinePath.MatchString(s), s)
	}
	for _, s := range []string{
		"// see ../shared/rules/x.txt",
		"https://example.org/home/index.html",
		"docs/work/notes.md",
		"a work/home split",
		"/usr/local/go/bin",
	} {
		assert.False(t, machinePath.MatchString(s), s)
	}
}
