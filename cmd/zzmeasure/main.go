package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

func main() {
	n := flag.Int("n", 50, "")
	bot := flag.String("bot", "random", "")
	opts := flag.String("opt", "", "")
	sets := flag.String("set", "", "")
	flag.Parse()
	var ch, ss []string
	if *opts != "" {
		ch = strings.Split(*opts, ",")
	}
	if *sets != "" {
		ss = strings.Split(*sets, ",")
	}
	v, err := load.Source{FS: definitions.Files}.Game("mainports", load.Options{Choices: ch, Sets: ss})
	if err != nil {
		panic(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		panic(err)
	}
	tot, fin := 0, 0
	hist := map[int]int{}
	acts := map[string]int{}
	for i := 0; i < *n; i++ {
		b, _ := sim.NewBot(*bot, g, uint64(i+1))
		st, _ := g.New(3, uint64(i+1))
		for d := 0; d < 20000 && !st.Finished; d++ {
			l, err := g.Legal(st)
			if err != nil || len(l) == 0 {
				break
			}
			m := b.Choose(st, l)
			w := strings.Fields(m.Text)[0]
			if w == "load" || w == "breach" || w == "fuel" || w == "ship" || w == "to" || w == "buy" || w=="take" || w=="keep" {
				if m.Text != "load none" && m.Text != "ship done" && m.Text != "buy none" && m.Text != "buy done" {
					acts[w]++
				} else {
					acts[m.Text]++
				}
			}
			if strings.HasPrefix(m.Text, "rondel") || strings.HasPrefix(m.Text, "contracts") || strings.HasPrefix(m.Text, "market") {
				acts[m.Text]++
			}
			if err := g.Apply(st, m.Text); err != nil {
				panic(err)
			}
		}
		d := st.Vars["delivered"]
		tot += d
		hist[d/5*5]++
		if st.Finished && !st.Capped {
			fin++
		}
	}
	fmt.Printf("games %d finished %d mean deliveries %.2f hist %v\n", *n, fin, float64(tot)/float64(*n), hist)
	fmt.Println(acts)
}
