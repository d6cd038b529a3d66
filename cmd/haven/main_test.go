package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The command sets the collector's target only when GOGC does not.
func TestGCPercent(t *testing.T) {
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	p, ok := gcPercent(env(nil))
	assert.True(t, ok)
	assert.Equal(t, 400, p)
	for _, v := range []string{"100", "off", ""} {
		_, ok := gcPercent(env(map[string]string{"GOGC": v}))
		assert.False(t, ok, "GOGC=%q", v)
	}
}
