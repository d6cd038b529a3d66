package model

import (
	"strings"
	"testing"
)

// TestAddrTable checks that the table finds a string by the address of its
// bytes only: a copy of the same text is not found (the map finds it),
// nor is a prefix sharing the same bytes.
func TestAddrTable(t *testing.T) {
	type thing struct{ name string }
	names := []string{"alpha", "beta", "gamma", "delta"}
	things := map[string]*thing{}
	tab := NewAddrTable[*thing](len(names) + 1)
	for _, n := range names {
		things[n] = &thing{n}
		tab.Add(n, things[n])
	}
	tab.Add("", &thing{"empty"}) // never registered
	for _, n := range names {
		if got, _ := tab.Find(n); got != things[n] {
			t.Fatalf("find(%q) = %v, want the thing registered", n, got)
		}
		if got, ok := tab.Find(strings.Clone(n)); ok {
			t.Fatalf("find(copy of %q) = %v, want nil (another address)", n, got)
		}
		if got, ok := tab.Find(n[:2]); ok {
			t.Fatalf("find(%q) = %v, want nil (a prefix)", n[:2], got)
		}
	}
	if got, ok := tab.Find(""); ok {
		t.Fatalf("find(\"\") = %v, want nil", got)
	}
	// Many strings: every one is found past collisions.
	big := NewAddrTable[*thing](1000)
	all := make([]string, 1000)
	for k := range all {
		all[k] = strings.Repeat("x", k%7+1) + string(rune('a'+k%26)) + strings.Repeat("y", k/26)
		big.Add(all[k], &thing{all[k]})
	}
	for _, s := range all {
		if got, ok := big.Find(s); !ok || got.name != s {
			t.Fatalf("find(%q) = %v", s, got)
		}
	}
}
