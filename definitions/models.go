package definitions

// Each game folder's model.json is the value model the bot learned plays
// the game by when given none (two players, the definition with no
// variant or option); model-VALUE….json the one for a choice of its
// options, which it records. A test fails once a definition no longer
// matches its model, or a choice of options has none; this retrains
// every model, deterministically:
//
//	go generate ./definitions
//
// Rounds of self-play, the model that beats greedy most kept: six for
// the two Mainport games, whose states teach by the model's own value a
// little later (a cargo on its way home, a contract on its way) what
// their outcomes teach too slowly; three for Masters of Trade; one round
// of greedy games for Rotterdam, whose games between learned bots run
// long enough to take its training past ten minutes. Mainport
// Mastermind's opponent is its policy, which plays a trader's plan from
// any home port (a random one): its games show what each home port is
// worth, and the model kept is the one that beats the policy most.
//
// Mainports' four models were trained before the board features named
// the node a counter links to and counted a carried good once, and when
// a counter whose value merely equalled a rondel field's number (cash,
// negotiated) was read as naming that field; a counter now links to a
// node only where the definition sets it to a node's field, as pos is.
// The lines below no longer give them: retrained by them, the default
// model won 30.0% of 200 games against the policy where the shipped one
// wins 34.9% of 196 (haven sim mainports --bot
// learned:model=FILE,policy --rotate --players 2 -n 200 --seed 1001,
// where the shipped model plays every game as before). They stay until a
// retrain plays as well.
//
//go:generate go run ../cmd/haven train mainport-mastermind --against policy --players 2 --seed 1 -n 200 --rounds 6 --eval 20 --out mainport-mastermind/model.json
//go:generate go run ../cmd/haven train mainports --players 2 --seed 1 -n 200 --rounds 6 --eval 20 --out mainports/model.json
//go:generate go run ../cmd/haven train mainports --option map=great-europe --players 2 --seed 1 -n 200 --rounds 6 --eval 20 --out mainports/model-great-europe.json
//go:generate go run ../cmd/haven train mainports --option version=free-play --players 2 --seed 1 -n 200 --rounds 6 --eval 20 --out mainports/model-free-play.json
//go:generate go run ../cmd/haven train mainports --option map=great-europe --option version=free-play --players 2 --seed 1 -n 200 --rounds 6 --eval 20 --out mainports/model-great-europe-free-play.json
//go:generate go run ../cmd/haven train masters-of-trade --players 2 --seed 1 -n 200 --rounds 3 --eval 20 --out masters-of-trade/model.json
//go:generate go run ../cmd/haven train rotterdam --players 2 --seed 1 -n 200 --rounds 1 --eval 0 --out rotterdam/model.json
