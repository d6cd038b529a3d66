//go:build race

package web

// slowdown stretches the wall-clock spans of tests that time a server
// against a clock: the race detector makes a table's opening several
// times slower.
const slowdown = 4
