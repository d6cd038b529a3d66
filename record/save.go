package record

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"

	"github.com/haven-engine/haven/interpreter"
)

// The hash of a log is keyed by its format's name: the hash says "this
// log, played by Haven, ends here", not the bare digest of some JSON.

// Hash is the keyed hash (HMAC-SHA256, in hex) of the log's header —
// game, players, seed, variants, overrides, moves — and of the state
// after the moves, without its event log and step count: two logs with
// the same hash are the same game reaching the same position, however
// verbosely. The encoding is canonical: encoding/json writes struct
// fields in a fixed order and map keys sorted.
func (l *Log) Hash(st *interpreter.State) (string, error) {
	if l.Format == formatV1 {
		return hashV1(st)
	}
	c := *st
	c.Log, c.Steps = nil, 0
	b, err := json.Marshal([]any{l.Format, l.Game, l.Players, l.Seed, l.Variants, l.Sets, l.Moves, &c})
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, []byte(l.Format))
	mac.Write(b)
	return hex.EncodeToString(mac.Sum(nil)), nil
}

// hashV1 is the hash of the first format: the sha256 of the state alone.
func hashV1(st *interpreter.State) (string, error) {
	c := *st
	c.Log, c.Steps = nil, 0
	b, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// Write saves the log as JSON.
func (l *Log) Write(path string) error {
	if l.Format == formatV1 {
		return fmt.Errorf("%s: logs of the first format are read, not written", path)
	}
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
