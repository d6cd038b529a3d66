package web

import (
	"os"
	"testing"
)

// TestMain lets the test binary be the child that checks a save
// (isolate.go), as the haven binary is, and closes the browser the
// browser tests share.
func TestMain(m *testing.M) {
	RunCheck()
	code := m.Run()
	closeBrowser()
	os.Exit(code)
}
