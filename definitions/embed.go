// Package definitions embeds the game definitions shipped with Haven, so
// that the haven binary runs them on a machine with no files beside it.
// Each game is a folder of CUE files; its variants/ folder holds house rules,
// its model.json the value model the bot learned plays it by (haven train).
package definitions

import "embed"

// Files holds every game folder.
//
//go:embed */*.cue */variants/*.cue lib/*/*.cue */model*.json
var Files embed.FS
