package reference

// Example is the small game the examples run against: the functions'
// examples are evaluated on a new game of it for two players with seed
// 1, and each step's example is compiled into its effects.
const Example = `package haven

game: {
	id: "example"
	name: "Example"
	players: {min: 2, max: 2}
	params: {target: *10 | int, costs: *[1, 2, 3] | [...int]}
	vars: {round: 1, rate: {grain: 3, wool: 5}}
	playerVars: coins: 4
	pieceVars: hp: 2
	nodeVars: toll: 1
	pieceStrs: heading: "east"
	goods: grain: count: 3
	zones: {deck: {visibility: "hidden", refill: "discard"}, discard: {}}
	playerZones: {hand: {visibility: "owner"}, tableau: {active: true}}
	cards: {
		step: {name: "Step", kind: "move", count: 2, num: steps: 1}
		oar: {name: "Oar", kind: "gear", num: steps: 2, mods: faster: {target: "speed", be: "value + 1"}}
	}
	pieces: runner: perPlayer: "1"
	dice: d3: [1, 2, 3]
	boards: track: {
		nodes: {a: {kind: "land"}, b: {kind: "sea"}, c: {kind: "sea"}}
		edges: [{from: "a", to: "b", num: cost: 1}, {from: "b", to: "c", num: cost: 2}]
	}
	board: "track"
	setup: [
		{each: "zone('box')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck')"}]},
		{do: "moveCard('oar', 'deck', pz('tableau', 0))"},
		{do: "place('runner-0-1', 'a')"},
		{do: "transfer('grain', 'supply', 'runner-0-1')"},
	]
	flow: [{while: "get('round') <= 3", loop: [
		{each: "seats(0)", as: "p", loop: [{turn: {player: "p", actions: ["steer", "pass"]}}]},
		{emit: "storm"},
		{do: "add('round', 1)"},
	]}]
	effects: gain: {
		params: n: "int"
		returns: "int"
		do: [{do: "padd(me, 'coins', n)"}, {return: "pget(me, 'coins')"}]
	}
	actions: {
		steer: {
			params: to: {from: "map(out(piece('runner-' + string(me) + '-1').at), .to)"}
			do: [{do: "place('runner-' + string(me) + '-1', to)"}]
		}
		pass: do: [{call: "gain", with: n: "1", as: "total"}]
	}
	triggers: [{on: "storm", do: [{do: "note('a storm')"}]}]
	functions: speed: {params: p: "int", returns: "int", be: "modified('speed', p, 1)"}
	scoring: {
		score: "pget(me, 'coins')"
		tiebreak: [{name: "grain", value: "len(stock('runner-' + string(me) + '-1'))"}]
		show: coins: "pget(me, 'coins')"
	}
}
`
