//go:build !race

package web

// slowdown stretches the wall-clock spans of tests that time a server
// against a clock (race_on_test.go).
const slowdown = 1
