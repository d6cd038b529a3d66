package main

import (
	"fmt"
	"os"

	"github.com/haven-engine/haven/scenario"
)

var testCommand = &command{
	name:  "test",
	usage: "test [DIR] [-v] [--defs DIR]",
	summary: "Run the rule scenarios of every *.cue file below DIR (default: tests/scenarios).\n" +
		"Prints one line per failure, at the move or expectation that failed, then\n" +
		"\"N passed, N failed\".",
	parse: testParse,
}

// defaultScenarios is where `haven test` looks when given no folder.
const defaultScenarios = "tests/scenarios"

type testOptions struct {
	IO
	gameFlags
	Dir     string
	Verbose bool
}

func testParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &testOptions{IO: io}
	f := newFlags(c)
	opts.register(f, false)
	f.BoolVar(&opts.Verbose, "v", false, "also list the scenarios that hold")
	pos, err := f.parse(args, 0, 1)
	if len(pos) == 1 {
		opts.Dir = pos[0]
	}
	return f, func() error { return runTest(opts) }, err
}

func runTest(opts *testOptions) error {
	dir := opts.Dir
	if dir == "" {
		if _, err := os.Stat(defaultScenarios); err != nil {
			return fmt.Errorf("test: no folder given, and there is no %s here", defaultScenarios)
		}
		dir = defaultScenarios
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("test: %s: no such folder", dir)
	}
	src, err := opts.source()
	if err != nil {
		return err
	}
	scs, err := scenario.LoadDir(dir)
	if err != nil {
		return err
	}
	passed, failed := 0, 0
	for _, r := range scenario.Run(src, scs) {
		if r.Passed() {
			passed++
			if opts.Verbose {
				fmt.Fprintf(opts.Out, "ok   %s: scenario %s\n", r.Scenario.Pos, r.Scenario.Name)
			}
			continue
		}
		failed++
		for _, f := range r.Failures {
			fmt.Fprintln(opts.Out, f)
		}
	}
	fmt.Fprintf(opts.Out, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return silentError{}
	}
	return nil
}
