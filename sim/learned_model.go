package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"

	"gonum.org/v1/gonum/mat"

	"github.com/haven-engine/haven/interpreter"
)

// Model is a learned value of a game's states for one seat: a
// ridge-regularised linear fit of the seat's share of the win (1 for a
// win, 1/k for a k-way tie, 0 for a loss) on the seat's features
// (learned_features.go), over the states of self-play games. It is
// saved as JSON with the definition's identity (Hash), and refused by
// any other definition.
type Model struct {
	Game string `json:"game"`
	Hash string `json:"hash"`
	// Options, Variants and Sets are what the definition was loaded
	// with (NAME=VALUE, variant names or files, PATH=VALUE): the hash
	// covers them, they say it to a person and to the test that checks
	// the shipped models.
	Options  []string `json:"options,omitempty"`
	Variants []string `json:"variants,omitempty"`
	Sets     []string `json:"sets,omitempty"`
	Players  int      `json:"players"`
	Games    int      `json:"games"`
	Seed     uint64   `json:"seed"`
	Rows     int      `json:"rows"`
	// Names are the features, Mean and Scale how each is standardised,
	// Weights its weight once standardised; Intercept is the mean share.
	Names     []string  `json:"names"`
	Mean      []float64 `json:"mean"`
	Scale     []float64 `json:"scale"`
	Weights   []float64 `json:"weights"`
	Intercept float64   `json:"intercept"`
	// Ended is how many of the Games of self-play the rules ended (the
	// rest reached the cap), Evaluated how many evaluation games were
	// played against greedy and EvalEnded how many of them the rules
	// ended: what a training saw of the game's end, not saved.
	Ended     int `json:"-"`
	Evaluated int `json:"-"`
	EvalEnded int `json:"-"`

	set *featureSet // the model's features first, in the order of Names
}

// ridgeLambda is the penalty on the standardised weights, as a share of
// the rows: enough to keep a feature seen in few states from a large
// weight.
const ridgeLambda = 0.01

// fit solves the ridge regression of y on the rows of x (by feature
// name, through set), the features standardised.
func fit(set *featureSet, rows [][]namedFeature, y []float64) (*Model, error) {
	n, d := len(rows), len(set.names)
	if n == 0 {
		return nil, errors.New("no states to learn from")
	}
	X := mat.NewDense(n, d, nil)
	buf := make([]float64, d)
	for i, r := range rows {
		X.SetRow(i, set.vector(r, buf))
	}
	m := &Model{Names: set.names, Mean: make([]float64, d), Scale: make([]float64, d), Weights: make([]float64, d), Rows: n, set: set}
	for j := range d {
		col := mat.Col(nil, j, X)
		mean, sd := 0.0, 0.0
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		for _, v := range col {
			sd += (v - mean) * (v - mean)
		}
		sd = math.Sqrt(sd / float64(n))
		if sd < 1e-9 {
			sd = 0 // constant: no weight
		}
		m.Mean[j], m.Scale[j] = mean, sd
		for i := range n {
			if sd == 0 {
				X.Set(i, j, 0)
			} else {
				X.Set(i, j, (X.At(i, j)-mean)/sd)
			}
		}
	}
	ym := 0.0
	for _, v := range y {
		ym += v
	}
	ym /= float64(n)
	yc := mat.NewVecDense(n, nil)
	for i, v := range y {
		yc.SetVec(i, v-ym)
	}
	var a mat.SymDense
	a.SymOuterK(1, X.T())
	for j := range d {
		a.SetSym(j, j, a.At(j, j)+ridgeLambda*float64(n))
	}
	var b mat.VecDense
	b.MulVec(X.T(), yc)
	var chol mat.Cholesky
	if !chol.Factorize(&a) {
		return nil, errors.New("the states' features are degenerate")
	}
	var w mat.VecDense
	if err := chol.SolveVecTo(&w, &b); err != nil {
		return nil, err
	}
	for j := range d {
		m.Weights[j] = w.AtVec(j)
	}
	m.Intercept = ym
	return m, nil
}

// value is the model's value of features x, extracted by its set: its
// features are the set's first.
func (m *Model) value(x *featureVec) float64 {
	v := m.Intercept
	for j := range m.Weights {
		if m.Scale[j] != 0 {
			v += m.Weights[j] * (x.get(j) - m.Mean[j]) / m.Scale[j]
		}
	}
	return v
}

// copyFor is a copy of m for one bot of g: a model keeps scratch and a
// game's names, so no two bots share one.
func (m *Model) copyFor(g *interpreter.Game) *Model {
	c := *m
	c.set = withNames(g, m.Names)
	return &c
}

var (
	errStopped  = errors.New("stopped before any state was learnt from")
	errNoStates = errors.New("no states to learn from")
)

// bind readies a model read from a file for g, refusing it when it was
// learnt on another definition.
func (m *Model) bind(g *interpreter.Game) error {
	if m.Hash != g.Hash() {
		return fmt.Errorf("the model was trained on another definition of %s (or other variants or options): retrain it with haven train", m.Game)
	}
	if len(m.Mean) != len(m.Names) || len(m.Scale) != len(m.Names) || len(m.Weights) != len(m.Names) {
		return errors.New("the model's lists of features and weights differ in length: retrain it with haven train")
	}
	m.set = withNames(g, m.Names)
	return nil
}

// ReadModel reads a model saved by WriteModel for g; one made for
// another definition is refused.
func ReadModel(path string, g *interpreter.Game) (*Model, error) {
	return readModel(path, func(m *Model) error { return m.bind(g) })
}

// ReadModelOf reads a model saved by WriteModel for any definition of
// g's game (another variant, option or edit of it), to train from
// (TrainOptions.From): its features are matched by name.
func ReadModelOf(path string, g *interpreter.Game) (*Model, error) {
	m, err := readModel(path, func(m *Model) error {
		if m.Game != g.ID() {
			return fmt.Errorf("the model was trained on %s, not %s", m.Game, g.ID())
		}
		if len(m.Mean) != len(m.Names) || len(m.Scale) != len(m.Names) || len(m.Weights) != len(m.Names) {
			return errors.New("the model's lists of features and weights differ in length")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m.copyFor(g), nil
}

// readModel reads the model file at path and checks it, its errors
// prefixed with the path.
func readModel(path string, check func(*Model) error) (*Model, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := new(Model)
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := check(m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return m, nil
}

// WriteModel saves m as JSON at path.
func (m *Model) WriteModel(path string) error {
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
