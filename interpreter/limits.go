package interpreter

import "github.com/haven-engine/haven/interpreter/budget"

// Limits bound the work of one definition (budget.Limits).
type Limits = budget.Limits

// Counts bound the size of what a definition declares (budget.Counts).
var Counts = budget.Counts

// DefaultLimits are the limits of a definition that sets none
// (budget.Default).
var DefaultLimits = budget.Default

// HardLimits are the most a definition may ask for (budget.Hard).
var HardLimits = budget.Hard
