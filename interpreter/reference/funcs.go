package reference

// The library's errors and budgets, in the words every entry shares.
const (
	noSeat   = "a seat that is not in the game: no player 5 (players are 0..1)"
	noPiece  = `a piece that does not exist: no piece "x"`
	noNode   = `a node that is not on the board: node("x"): no such node`
	noZone   = `a zone that does not exist: no zone "x"; a per-player zone named without its seat: name it as pz("hand", seat)`
	walkWork = "each path listed counts 1 against the work limit (limits.work, limits.decision); more paths than are left is a budget error naming the limit. The lists are computed once per board and kept: asking again costs nothing more"
	changes  = "changes the state and logs the change"
)

// fn makes a function entry.
func fn(sig, text, returns, example, value string, errs ...string) Entry {
	name := sig
	for i, r := range sig {
		if r == '(' {
			name = sig[:i]
			break
		}
	}
	return Entry{Kind: Function, Name: name, Signature: sig, Text: text, Returns: returns, Example: example, Value: value, Errors: errs}
}

// charging is e with what it charges to the budget.
func charging(e Entry, budget string) Entry { e.Budget = budget; return e }

var functions = []Entry{
	// Counters.
	fn("get(name string) int", "Reads a global var, or one counter of a keyed family as `family.key`.",
		"the var's value", "get('rate.wool')", "5"),
	fn("set(name string, value int) bool", "Sets a global var to a value; "+changes+".",
		"true", "set('round', 3) && get('round') == 3", "true"),
	fn("add(name string, delta int) bool", "Adds to a global var (a negative delta subtracts); "+changes+".",
		"true", "add('round', 2) && get('round') == 3", "true"),
	fn("pget(seat int, name string) int", "Reads a player var of a seat.",
		"the var's value", "pget(0, 'coins')", "4", noSeat),
	fn("pset(seat int, name string, value int) bool", "Sets a player var of a seat; "+changes+".",
		"true", "pset(1, 'coins', 9) && pget(1, 'coins') == 9", "true", noSeat),
	fn("padd(seat int, name string, delta int) bool", "Adds to a player var of a seat; "+changes+".",
		"true", "padd(0, 'coins', -1) && pget(0, 'coins') == 3", "true", noSeat),
	fn("qget(piece string, name string) int", "Reads a piece var of a piece.",
		"the var's value", "qget('runner-0-1', 'hp')", "2", noPiece),
	fn("qset(piece string, name string, value int) bool", "Sets a piece var of a piece; "+changes+".",
		"true", "qset('runner-0-1', 'hp', 0) && qget('runner-0-1', 'hp') == 0", "true", noPiece),
	fn("qadd(piece string, name string, delta int) bool", "Adds to a piece var of a piece; "+changes+".",
		"true", "qadd('runner-0-1', 'hp', 1) && qget('runner-0-1', 'hp') == 3", "true", noPiece),
	fn("nget(node string, name string) int", "Reads a node var of a board node.",
		"the var's value", "nget('b', 'toll')", "1", noNode),
	fn("nset(node string, name string, value int) bool", "Sets a node var of a board node; "+changes+".",
		"true", "nset('b', 'toll', 4) && nget('b', 'toll') == 4", "true", noNode),
	fn("nadd(node string, name string, delta int) bool", "Adds to a node var of a board node; "+changes+".",
		"true", "nadd('b', 'toll', 2) && nget('b', 'toll') == 3", "true", noNode),
	fn("qstr(piece string, name string) string", "Reads a string var (pieceStrs) of a piece.",
		"the var's text", "qstr('runner-0-1', 'heading')", "east", noPiece),
	fn("qsetstr(piece string, name string, value string) bool", "Sets a string var of a piece; "+changes+".",
		"true", "qsetstr('runner-0-1', 'heading', 'west') && qstr('runner-0-1', 'heading') == 'west'", "true", noPiece),

	// Players.
	fn("seat(seat int, k int) int", "Gives the seat k places after a seat, round the table; k may be negative.",
		"a seat, 0 to the number of players less one", "seat(1, 1)", "0"),
	fn("seats(first int) []int", "Lists every seat once, in turn order, starting at a seat.",
		"the seats", "seats(1)", "[1 0]"),

	// Cards and zones.
	fn("zone(ref string) []string", "Lists the cards of a zone, top first; a player's zone is named `name/seat` (see pz).",
		"the cards' ids", "zone('deck')", "[step#1 step#2]", noZone),
	fn("pz(name string, seat int) string", "Names a seat's zone of a playerZones entry, for the functions that take a zone.",
		"the zone's name, `name/seat`", "pz('hand', 1)", "hand/1"),
	fn("pzone(name string, seat int) []string", "Lists the cards of a seat's zone: zone(pz(name, seat)).",
		"the cards' ids", "pzone('tableau', 0)", "[oar]", noZone),
	fn("card(id string) card", "Reads a card: its id, def (its type), name, kind, text and its num, str and list fields.",
		"the card", "card('step#2').num.steps", "1", `a card that does not exist: card("x"): no such card`),
	fn("defs(kind string) []string", "Lists the card types (the keys of cards) of a kind, in definition order.",
		"the types' ids", "defs('gear')", "[oar]"),
	fn("moveCard(card string, from string, to string) bool", "Moves a card from a zone to the bottom (the end) of another; "+changes+".",
		"true", "moveCard('step#1', 'deck', pz('hand', 0)) && pzone('hand', 0) == ['step#1']", "true",
		noZone, `a card that is not in the zone: moveCard: card "x" is not in deck`),
	fn("moveCardTop(card string, from string, to string) bool", "Moves a card from a zone to the top (the front) of another; "+changes+".",
		"true", "moveCardTop('step#2', 'deck', 'deck') && zone('deck') == ['step#2', 'step#1']", "true",
		noZone, `a card that is not in the zone: moveCard: card "x" is not in deck`),
	fn("draw(from string, to string) string", "Moves the top card of a zone to the end of another; an empty zone with a refill zone is first refilled by shuffling that zone into it.",
		`the card drawn, or "" when both are empty`, "draw('deck', pz('hand', 1))", "step#1", noZone),
	fn("shuffle(zone string) bool", "Shuffles a zone with the game's seeded random numbers; "+changes+".",
		"true", "shuffle('deck') && len(zone('deck')) == 2", "true", noZone),
	fn("owns(seat int, def string) bool", "Tells whether a seat has a card of a type in force: in one of its zones marked active.",
		"true or false", "owns(0, 'oar')", "true", noSeat),
	fn("modified(target string, seat int, base int) int", "Gives base changed by every mod with this target of the cards the seat has in force, in the order they lie; a mod that does not stack applies once.",
		"the changed value", "modified('speed', 0, 1)", "2", noSeat),

	// Pieces and the board.
	fn("pieces() []piece", "Lists every piece of the game, in the order they were made, each with its id, kind, owner and at (its node, \"\" off the board).",
		"the pieces", "map(pieces(), .id)", "[runner-0-1 runner-1-1]"),
	fn("piece(id string) piece", "Reads one piece: its id, kind, owner and at.",
		"the piece", "piece('runner-0-1').at", "a", noPiece),
	fn("at(node string) []piece", "Lists the pieces standing on a node, in the order of pieces(); len(at(node)) counts them without listing them.",
		"the pieces, none when the node is empty", "map(at('a'), .id)", "[runner-0-1]"),
	fn("place(piece string, node string) bool", "Puts a piece on a node, or off the board with node \"\"; "+changes+".",
		"true", "place('runner-1-1', 'c') && piece('runner-1-1').at == 'c'", "true", noPiece, `a node that is not on the board: place("x", "y"): no such node`),
	fn("unplace(piece string) bool", "Takes a piece off the board: place(piece, \"\").",
		"true", "unplace('runner-0-1') && piece('runner-0-1').at == ''", "true", noPiece),
	fn("newPiece(kind string, seat int) string", "Makes one more piece of a kind for a seat, off the board; "+changes+".",
		"the new piece's id, `kind-seat-n`", "newPiece('runner', 0)", "runner-0-2", noSeat, `a kind that is not declared: newPiece("x"): no such kind of piece`),
	fn("node(id string) node", "Reads a board node: its id, kind, name and its num and str fields.",
		"the node", "node('b').kind", "sea", noNode),
	fn("nodes(kind string) []string", "Lists the nodes of a kind, in the order the board declares them.",
		"the nodes' ids", "nodes('sea')", "[b c]"),
	fn("out(node string) []edge", "Lists the edges leaving a node, in the order the board declares them, each with its from, to and its num and str fields.",
		"the edges", "map(out('a'), .to)", "[b]"),
	fn("into(node string) []edge", "Lists the edges entering a node, in the order the board declares them.",
		"the edges", "map(into('c'), .from)", "[b]"),
	fn("dist(from string, to string) int", "Gives the fewest edges from a node to another, following their direction; 0 to itself.",
		"the count, -1 where none leads", "dist('a', 'c')", "2"),
	charging(fn("walks(from string, steps int) [][]string", "Lists the walks of exactly so many steps from a node that visit no node twice, each as the nodes it enters.",
		"the walks, depth first, each node's edges taken in the order the board declares them", "walks('a', 2)", "[[b c]]"), walkWork),
	charging(fn("walksBack(from string, steps int) [][]string", "Lists the walks of exactly so many steps that end at a node, going along the edges backwards.",
		"the walks, each as the nodes it enters going back", "walksBack('c', 1)", "[[b]]"), walkWork),
	charging(fn("costWalks(from string, maxCost int, key string) [][]string", "Lists the walks from a node, visiting no node twice, whose steps cost at most maxCost in all; an edge costs its num[key] (1 without one; negative: closed) and a node passed through its num[key] (0 without one).",
		"the walks, each as the nodes it enters", "costWalks('a', 3, 'cost')", "[[b] [b c]]", noNode), walkWork),
	fn("pathCost(from string, path list, key string) int", "Gives what a path from a node costs, as costWalks counts it.",
		"the cost, -1 when a step has no edge or a closed one", "pathCost('a', ['b', 'c'], 'cost')", "3", "a path that is not a list of ids: pathCost: want a list of ids"),
	fn("costDist(from string, to string, key string) int", "Gives the least cost of a walk from a node to another, as costWalks counts it.",
		"the cost, -1 where none leads", "costDist('a', 'c', 'cost')", "3", noNode),

	// Multisets of ids.
	fn("minus(a list, b list) []string", "Gives the multiset difference: each element of b takes away one equal element of a.",
		"what is left of a, in its order", "minus(['x', 'y', 'x'], ['x'])", "[y x]", "a list that is not of ids: minus: want a list of ids"),

	// Goods.
	fn("stock(holder string) []string", "Lists the goods a holder has, in the order they came (a unit moved goes last): supply (where they start), a piece, a node, or any name an expression builds.",
		"the goods' ids, one per unit", "stock('supply')", "[grain grain]"),
	fn("has(holder string, good string) int", "Counts the units of a good a holder has.",
		"the count", "has('runner-0-1', 'grain')", "1"),
	fn("transfer(good string, from string, to string) bool", "Moves one unit of a good from a holder to another; "+changes+".",
		"true", "transfer('grain', 'supply', 'runner-1-1') && has('supply', 'grain') == 1", "true", `a holder without the good: transfer: no grain in supply`),

	// Chance.
	fn("roll(sides int) int", "Rolls a die of so many sides with the game's seeded random numbers.",
		"1 to sides", "roll(1)", "1", "fewer than one side: roll(0): a die needs at least one side"),
	fn("rollDie(die string) int", "Rolls a die of dice with the game's seeded random numbers.",
		"one of its faces", "rollDie('d3') in [1, 2, 3]", "true", `a die that is not declared: rollDie("x"): no such die`),
	fn("note(text string) bool", "Writes a line in the game's log, for the players to read.",
		"true", "note('the storm passes')", "true"),

	// The game as a whole: refused in a definition where they would
	// call the rules they are part of.
	fn("legal() []string", "Lists the legal moves of the decision pending, as a player types them (for scenario expectations; a definition may not call it where it would run the rules it is part of).",
		"the moves' texts", "legal()", "[steer b pass]"),
	fn("pending() int", "Gives the seat whose decision is pending (for scenario expectations; a definition may not call it where it would run the rules it is part of).",
		"the seat, -1 when none is", "pending()", "0"),
	fn("finished() bool", "Tells whether the game has ended (for scenario expectations; a definition may not call it where it would run the rules it is part of).",
		"true or false", "finished()", "false"),
	fn("winners() []int", "Lists the seats that rank first by score and tie-breaks, in seat order (for scenario expectations; a definition may not call it where it would run the rules it is part of).",
		"the seats", "winners()", "[0]"),
	fn("score(seat int) int", "Gives a seat's score, as scoring.score computes it.",
		"the score", "score(1)", "4", "a seat that is not in the game: score(5): no such seat: the seats are 0 to 1"),
}
