package interpreter

// UseVM makes g run its expressions on expr's VM (on) or on the
// translated closures (off): the VM is the tests' oracle.
func UseVM(g *Game, on bool) { g.rt.M.NoFast = on }
