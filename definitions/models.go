package definitions

// Each game folder's model.json is the value model the bot learned plays
// the game by when given none (two players, the definition with no
// variant or option). A test fails once a definition no longer matches
// its model; this retrains every model, deterministically:
//
//	go generate ./definitions
//
//go:generate go run ../cmd/haven train mainport-mastermind --players 2 --seed 1 -n 200 --out mainport-mastermind/model.json
//go:generate go run ../cmd/haven train mainports --players 2 --seed 1 -n 200 --out mainports/model.json
//go:generate go run ../cmd/haven train masters-of-trade --players 2 --seed 1 -n 200 --out masters-of-trade/model.json
//go:generate go run ../cmd/haven train rotterdam --players 2 --seed 1 -n 200 --out rotterdam/model.json
