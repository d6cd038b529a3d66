package reference

// rule and name are the keys any step may carry.
var (
	rule     = Key{"rule", "quotes the rule text the step implements; it changes nothing"}
	stepName = Key{"name", "labels the step, so that a variant's patch can reach it (flow.NAME); it changes nothing"}
)

// step makes a step entry; every step may also carry rule and name.
func step(name, text, example string, keys ...Key) Entry {
	return Entry{Kind: Step, Name: name, Text: text, Example: example, Fields: append(keys, rule, stepName)}
}

var steps = []Entry{
	step("do", "Evaluates an expression for what it changes (set, add, moveCard...).",
		`{do: "add('round', 1)"}`,
		Key{"do", "the expression"}),
	step("if", "Runs then when a condition holds, else otherwise.",
		`{if: "get('round') == 3", then: [{do: "note('last round')"}], else: [{do: "note('next round')"}]}`,
		Key{"if", "the condition, a bool expression"},
		Key{"then", "the steps run when it holds"},
		Key{"else", "the steps run when it does not (optional)"}),
	step("each", "Runs its loop once for every element of a list, bound to a local.",
		`{each: "seats(0)", as: "p", loop: [{do: "padd(p, 'coins', 1)"}]}`,
		Key{"each", "the list, an expression"},
		Key{"as", "the local each element is bound to"},
		Key{"loop", "the steps run for each element"}),
	step("while", "Runs its loop as long as a condition holds.",
		`{while: "len(zone('deck')) > 0", max: 10, loop: [{do: "draw('deck', 'discard')"}]}`,
		Key{"while", "the condition, checked before each round"},
		Key{"max", "the most rounds it runs (optional)"},
		Key{"loop", "the steps of one round"}),
	step("let", "Binds a local name to a value for the steps after it.",
		`{let: "last", be: "get('round') == 3"}`,
		Key{"let", "the local's name"},
		Key{"be", "its value, an expression"}),
	step("call", "Runs a named effect with arguments; with as, binds the value its return step gives back.",
		`{call: "gain", with: {n: "2"}, as: "total"}`,
		Key{"call", "the effect's id"},
		Key{"with", "the arguments by param name, each an expression"},
		Key{"as", "the local bound to what the effect returns (optional)"}),
	step("return", "Ends the effect it is in, giving a value back to its call.",
		`{return: "pget(me, 'coins')"}`,
		Key{"return", "the value, of the effect's returns type"}),
	step("choose", "Pauses and asks a player to pick one option, or several with min and max.",
		`{choose: {id: "where", player: "0", options: "nodes('sea')", as: "to", prompt: "Where to?"}}`,
		Key{"choose.id", "names the decision, for bots.prefer and the log"},
		Key{"choose.player", "the seat that chooses (default me)"},
		Key{"choose.options", "the list of options, an expression"},
		Key{"choose.as", "the local bound to the answer"},
		Key{"choose.prompt", "the question the player reads (optional)"},
		Key{"choose.auto", "a single option is taken without asking (default true)"},
		Key{"choose.min", "with max, a choice of several: as is bound to the list chosen"},
		Key{"choose.max", "the most options chosen at once"},
		Key{"choose.why", "why an answer that is not an option was refused: message to a condition on as"}),
	step("turn", "Pauses and asks a player to take one of the listed actions.",
		`{turn: {player: "0", actions: ["steer", "pass"], prompt: "Your move"}}`,
		Key{"turn.player", "the seat that moves, an expression"},
		Key{"turn.actions", "the actions, or groups of actions, by id"},
		Key{"turn.prompt", "what the player reads (optional)"}),
	step("emit", "Raises an event: the triggers listening to it, and those of the cards in force, run.",
		`{emit: "storm", with: {strength: "2"}}`,
		Key{"emit", "the event's id"},
		Key{"with", "its arguments by name, each an expression"}),
	step("end", "Finishes the game at once, with a reason.",
		`{end: "the deck ran out"}`,
		Key{"end", "the reason, as the players read it"}),
}
