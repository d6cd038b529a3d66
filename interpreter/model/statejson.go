package model

import (
	"encoding/json"
	"fmt"
)

// stateJSON is a State as saved: the counters as objects of names.
// Its fields, in their order, make the JSON of a state: saves written
// before the counters were dense read back, and marshal, byte for byte.
type stateJSON struct {
	Game       string                    `json:"game"`
	Players    int                       `json:"players"`
	Seed       uint64                    `json:"seed"`
	RNG        uint64                    `json:"rng"`
	Streamed   bool                      `json:"streamed,omitempty"`
	Streams    [][2]uint64               `json:"streams,omitempty"`
	Vars       map[string]int            `json:"vars"`
	PlayerVars []map[string]int          `json:"playerVars"`
	Zones      map[string][]string       `json:"zones"`
	Stocks     map[string][]string       `json:"stocks"`
	Pieces     []*Piece                  `json:"pieces"`
	NodeVars   map[string]map[string]int `json:"nodeVars,omitempty"`
	Fired      []string                  `json:"fired,omitempty"`
	Stack      []*Frame                  `json:"stack,omitempty"`
	Pending    *Decision                 `json:"pending,omitempty"`
	Finished   bool                      `json:"finished"`
	Capped     bool                      `json:"capped,omitempty"`
	EndReason  string                    `json:"endReason,omitempty"`
	Moves      []string                  `json:"moves"`
	Log        []Event                   `json:"log,omitempty"`
	Steps      int                       `json:"steps"`
}

// MarshalJSON writes the state with its counters by name.
func (s State) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{
		Game: s.Game, Players: s.Players, Seed: s.Seed, RNG: s.RNG, Streamed: s.Streamed, Streams: s.streamPairs(),
		Vars: s.VarMap(), PlayerVars: s.PvarMaps(), Zones: s.ZoneMap(), Stocks: s.StockMap(),
		Pieces: s.Pieces, NodeVars: s.NvarMaps(), Fired: s.Fired, Stack: s.Stack, Pending: s.Pending,
		Finished: s.Finished, Capped: s.Capped, EndReason: s.EndReason, Moves: s.Moves, Log: s.Log, Steps: s.Steps,
	})
}

// UnmarshalJSON reads a state saved by MarshalJSON. Its counters are
// kept by name until a game binds the state (Game.resume).
func (s *State) UnmarshalJSON(b []byte) error {
	var j stateJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = State{
		Game: j.Game, Players: j.Players, Seed: j.Seed, RNG: j.RNG, Streamed: j.Streamed,
		Pieces: j.Pieces, Fired: j.Fired, Stack: j.Stack, Pending: j.Pending,
		Finished: j.Finished, Capped: j.Capped, EndReason: j.EndReason, Moves: j.Moves, Log: j.Log, Steps: j.Steps,
	}
	if len(j.Streams) > MaxStreams {
		return fmt.Errorf("state: %d random streams, at most %d", len(j.Streams), MaxStreams)
	}
	for i, p := range j.Streams {
		if p[0] == 0 {
			return fmt.Errorf("state: random stream %d has no key", i)
		}
		s.Streams[i] = Stream{p[0], p[1]}
	}
	s.Unbind(j.Vars, j.PlayerVars, j.NodeVars, j.Zones)
	s.SetStockMap(j.Stocks)
	return nil
}

// streamPairs lists the streams in use as [key, state] pairs, in the
// order their purposes first drew.
func (s *State) streamPairs() [][2]uint64 {
	var out [][2]uint64
	for _, st := range s.Streams {
		if st.Key == 0 {
			break
		}
		out = append(out, [2]uint64{st.Key, st.State})
	}
	return out
}
