// Package schema holds the CUE schema that every game definition is
// validated against. The schema files are embedded so that the haven
// binary can validate definitions on a machine with no files beside it.
package schema

import "embed"

// Files holds the schema's CUE sources (game.cue and any others).
//
//go:embed *.cue
var Files embed.FS
