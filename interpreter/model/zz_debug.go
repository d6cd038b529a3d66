package model

import "fmt"

func DebugBlock(s *State) string {
	sh := s.shapeOf()
	r := shape{ints: blockRound(sh.ints), lists: blockRound(sh.lists), pieces: blockRound(sh.pieces), frames: blockRound(sh.frames), vals: blockRound(sh.vals), curs: blockRound(sh.curs)}
	bt := blockTypeOf(r)
	return fmt.Sprintf("shape %+v rounded %+v size %d", sh, r, bt.typ.Size())
}
