package tests

import (
	"fmt"
	"testing"

	"github.com/haven-engine/haven/interpreter/model"
)

func BenchmarkZZBlock(b *testing.B) {
	for _, run := range benchRuns(b) {
		g := run.compiled(b)
		st := playRandom(b, g, 3, 1, 200)
		fmt.Println(run.name, model.DebugBlock(st))
	}
}
