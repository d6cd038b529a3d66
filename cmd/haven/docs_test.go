package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocs checks README.md and every docs/**/*.md against the tree:
// each path they quote exists, and each haven command line they show
// names a command and flags haven has and parses as haven parses it.
// One line per problem, file:line first.
func TestDocs(t *testing.T) {
	root := filepath.Join("..", "..")
	require.FileExists(t, filepath.Join(root, "go.mod"))
	d, err := newDocChecker(root)
	require.NoError(t, err)
	docs, err := documents(root)
	require.NoError(t, err)
	var problems []string
	for _, rel := range docs {
		src, err := os.ReadFile(filepath.Join(root, rel))
		require.NoError(t, err)
		problems = append(problems, d.check(rel, string(src))...)
	}
	if len(problems) > 0 {
		t.Errorf("the documents quote %d paths or haven command lines that are not so in the tree:\n%s",
			len(problems), strings.Join(problems, "\n"))
	}
}

// TestDocsCheck feeds the check a document with one of each kind of
// mistake among quotes it must accept.
func TestDocsCheck(t *testing.T) {
	d, err := newDocChecker(filepath.Join("..", ".."))
	require.NoError(t, err)
	doc := "# A page\n" +
		"The rules are in `schema/game.cue:12:3` and `schema/gmae.cue`;\n" +
		"see [the flags](flags.go), [a page](missing.md#top), [Go](https://go.dev),\n" +
		"`cmd/haven/testdata/defs/GAME/game.cue`, `testdata/defs/<game>/*.cue`, `testdata/defs/<game>/*.txt`,\n" +
		"`load.Source`, `interpreter/runtime.Machine`, `./web/...`, `../beside-the-repository/x.txt`, `../ARCHITECTUR.md`,\n" +
		"`board.go`, `haven/flags.go`, `bord.go`, `go.dev/issue/1`, `/games/GAME`, `./short.cue`.\n" +
		"Run `haven sim --out`, `haven sim race --seed 1\n--out x.jsonl`, `haven sim --outt`,\n" +
		"`haven simm race`, `haven sim race -n many`, `haven help sim`, `haven help simm`.\n" +
		"\n```sh\n" +
		"go run ./cmd/haven play race --bots 1,2   # a comment\n" +
		"GOGC=off time haven sim race -n 10 --bots 1 > out.txt\n" +
		"haven run race --moves - < moves.txt && haven vet | head\n" +
		"haven sim GAME [-n N] [--bot SPEC[,SPEC...]] [--compare VARIANT[,VARIANT...]]\n" +
		"          [--out FILE [--resume]] [--workers N]\n" +
		"haven vet [PATH|GAME] [--variant FILE|NAME]... --defs DIR\n" +
		"haven sim race \\\n  --seed\n" +
		"haven games\n  race  Rotterdam  2-4 players\n" +
		"```\n" +
		"\n```\n$ haven --version\nhaven: some output --with words\n$ haven test -v tests/scenarios\n" +
		"$ haven sim race --outt\nhaven: sim: flag provided but not defined: --outt; see 'haven help sim'\n" +
		"$ haven sim race --outt\nhaven: sim: no such flag\n```\n" +
		"`haven help COMMAND`, `haven COMMAND -h`, `README.md`, `READM.md`, `cmd/haven/READM.md`.\n" +
		"\n```cue\nhaven sim --not-a-command-line\n```\n" +
		"\n[flags]: flags.go\n[nowhere]: nowhere.md\n"
	got := d.check("cmd/haven/page.md", doc)
	assert.Equal(t, []string{
		"cmd/haven/page.md:2: `schema/gmae.cue`: no such file or folder",
		"cmd/haven/page.md:3: link (missing.md#top): no such file or folder",
		"cmd/haven/page.md:4: `testdata/defs/<game>/*.txt`: no such file or folder",
		"cmd/haven/page.md:5: `../ARCHITECTUR.md`: no such file or folder",
		"cmd/haven/page.md:6: `bord.go`: no file of the repository is so named",
		`cmd/haven/page.md:8: "haven sim --outt": haven sim has no flag --outt`,
		`cmd/haven/page.md:9: "haven simm race": unknown command "simm" (commands: games, vet, play, run, sim, runs, train, test, coverage, replay, serve, doc)`,
		`cmd/haven/page.md:9: "haven sim race -n many": sim: invalid value "many" for flag -n: parse error`,
		`cmd/haven/page.md:9: "haven help simm": help: unknown command "simm"`,
		`cmd/haven/page.md:13: "haven sim race -n 10 --bots 1 > out.txt": haven sim has no flag --bots`,
		`cmd/haven/page.md:17: "haven vet [PATH|GAME] [--variant FILE|NAME]... --defs DIR": haven vet has no flag --defs`,
		`cmd/haven/page.md:18: "haven sim race --seed": sim: flag needs an argument: --seed`,
		`cmd/haven/page.md:30: "haven sim race --outt": haven sim has no flag --outt`,
		"cmd/haven/page.md:33: `READM.md`: no file of the repository is so named",
		"cmd/haven/page.md:33: `cmd/haven/READM.md`: no such file or folder",
		"cmd/haven/page.md:40: link (nowhere.md): no such file or folder",
	}, got)
}

// TestParseLine checks a command line as haven parses it and runs
// nothing: no game is loaded, no moves file read, no port opened.
func TestParseLine(t *testing.T) {
	for _, args := range [][]string{
		{"run", "no-such-game", "--moves", "no/such/file"},
		{"serve", "--addr", "no-such-host:1"},
		{"sim", "--help"},
		{"help", "sim"},
		{"--version"},
	} {
		_, err := parseLine(args)
		assert.NoError(t, err, args)
	}
	fs, err := parseLine([]string{"sim"})
	assert.EqualError(t, err, "sim: missing GAME; see 'haven help sim'")
	require.NotNil(t, fs)
	assert.NotNil(t, fs.Lookup("rotate"))
	_, err = parseLine([]string{"simm"})
	assert.EqualError(t, err, `unknown command "simm" (commands: games, vet, play, run, sim, runs, train, test, coverage, replay, serve, doc)`)
}
