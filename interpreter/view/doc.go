// Package view holds what a player or a bot may know of a state, as
// values of their own: the View a player sees (zones they may not see
// only counted, no random generator, no effects under way) and the
// Observation a bot plans from, with Sample, which deals the unseen cards
// into full states consistent with it (determinizations). A bot that
// plans from an Observation never reads a card it could not see.
//
// Which zones a seat sees is the interpreter's to decide, by the game's
// visibility rules; this package takes the hidden zones as given.
package view
