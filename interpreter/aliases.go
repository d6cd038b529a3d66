package interpreter

import (
	"iter"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/interpreter/view"
)

// The state and its parts are package model's, views and observations
// package view's, the limits package budget's; these names keep the
// interpreter's public entry whole.

// State is everything that changes during a game (model.State).
type State = model.State

// Tables numbers the counters and zones of a game's states
// (model.Tables): a bot reads a state by number through them.
type Tables = model.Tables

// Piece is a pawn (model.Piece).
type Piece = model.Piece

// Frame is one effect under way (model.Frame).
type Frame = model.Frame

// Cursor is a position in a block (model.Cursor).
type Cursor = model.Cursor

// Decision is what the game waits for (model.Decision).
type Decision = model.Decision

// Event is one change of the state, with its cause (model.Event).
type Event = model.Event

// Scope holds the locals of a frame (model.Scope).
type Scope = model.Scope

// PieceStrs ranges over a piece's string vars (model.PieceStrs).
func PieceStrs(p *Piece) iter.Seq2[string, string] { return model.PieceStrs(p) }

// MorePieceVars are the counters of a piece its game does not declare
// (model.MorePieceVars).
func MorePieceVars(p *Piece) map[string]int { return model.MorePieceVars(p) }

// SplitZoneRef splits a zone reference into the zone name and its owner
// (-1: none), as model.SplitZoneRef.
func SplitZoneRef(ref string) (string, int) { return model.SplitZoneRef(ref) }

// Card is one physical card (model.Card).
type Card = model.Card

// RollStream is the key of the random stream that a game's rolls of dice
// of n sides draw from (model.StreamKey): a program that throws a game's
// dice as Haven does starts its SplitMix64 at the seed xor this key.
func RollStream(sides int) uint64 { return model.StreamKey(model.StreamSides, "", sides) }

// BoxZone is the zone that holds every card before setup deals it.
const BoxZone = runtime.BoxZone

// CardType is one type of card of a game (runtime.CardType).
type CardType = runtime.CardType

// Rand is the engine's generator for the bots' and samples' random
// choices, the algorithm of the game's own (model.Rand).
type Rand = model.Rand

// NewRand returns a generator seeded with seed (model.NewRand).
func NewRand(seed uint64) *Rand { return model.NewRand(seed) }

// View is what one player may see of a state (view.View).
type View = view.View

// Observation is what one seat may know of a state (view.Observation).
type Observation = view.Observation

// HiddenZone is a zone a seat may not see: its reference, number and
// size (view.HiddenZone).
type HiddenZone = view.HiddenZone

// HiddenCard stands, in an observation, for a card the seat does not see
// (view.HiddenCard).
type HiddenCard = view.HiddenCard

// Limits bound the work of one definition (budget.Limits).
type Limits = budget.Limits

// Counts bound the size of what a definition declares (budget.Counts).
var Counts = budget.Counts

// DefaultLimits are the limits of a definition that sets none
// (budget.Default).
var DefaultLimits = budget.Default

// HardLimits are the most a definition may ask for (budget.Hard).
var HardLimits = budget.Hard
