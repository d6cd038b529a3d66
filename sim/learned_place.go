package sim

import "github.com/haven-engine/haven/interpreter"

// placed is a state's pieces and stocks by number, found once per
// extraction: several features read where each piece stands and what
// each holder holds (the board's link features for every seat and
// link), and a string looked up by a map each time cost as much as the
// features themselves.
type placed struct {
	node  []int    // by piece: the board node it stands on, -1: none
	stock []int    // by piece: its holder among the stocks, -1: none
	piece []int    // by holder: the piece it is, -1: none
	at    []int    // by holder: the board node it is, -1: none
	span  [][2]int // by holder: its units' goods, a span of goods
	goods []int    // the goods' numbers, holder after holder
	// nodeStock is by board node the holder it is, -1: none.
	nodeStock []int
}

// place numbers st's pieces and stocks into f.placed.
func (f *featureSet) place(st *interpreter.State) {
	b, p := f.board, &f.placed
	n := st.StockCount()
	p.node, p.stock = p.node[:0], p.stock[:0]
	p.piece, p.at, p.span, p.goods = p.piece[:0], p.at[:0], p.span[:0], p.goods[:0]
	p.nodeStock = p.nodeStock[:0]
	for range b.nodes {
		p.nodeStock = append(p.nodeStock, -1)
	}
	for k := range n {
		id, units := st.StockAt(k)
		start := len(p.goods)
		for _, good := range units {
			p.goods = append(p.goods, f.good(good))
		}
		p.span = append(p.span, [2]int{start, len(p.goods)})
		node := f.holder(k, id).node
		if node >= 0 {
			p.nodeStock[node] = k
		}
		p.at = append(p.at, node)
		p.piece = append(p.piece, -1)
	}
	for i, pc := range st.Pieces {
		node := -1
		if j, ok := b.index[pc.At]; ok {
			node = j
		}
		k := st.StockIndex(pc.ID)
		if k >= 0 {
			p.piece[k] = i
		}
		p.node, p.stock = append(p.node, node), append(p.stock, k)
	}
}

// goodsOf is the goods of holder k (-1: none, no goods).
func (p *placed) goodsOf(k int) []int {
	if k < 0 {
		return nil
	}
	return p.goods[p.span[k][0]:p.span[k][1]]
}
