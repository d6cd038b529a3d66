package runtime

import (
	"strings"
	"testing"
)

// TestIDTable checks that the table finds a string by the address of its
// bytes only: a copy of the same text is not found (the map finds it),
// nor is a prefix sharing the same bytes.
func TestIDTable(t *testing.T) {
	type thing struct{ name string }
	names := []string{"alpha", "beta", "gamma", "delta"}
	things := map[string]*thing{}
	tab := newIDTable[thing](len(names) + 1)
	for _, n := range names {
		things[n] = &thing{n}
		tab.add(n, things[n])
	}
	tab.add("", &thing{"empty"}) // never registered
	for _, n := range names {
		if got := tab.find(n); got != things[n] {
			t.Fatalf("find(%q) = %v, want the thing registered", n, got)
		}
		if got := tab.find(strings.Clone(n)); got != nil {
			t.Fatalf("find(copy of %q) = %v, want nil (another address)", n, got)
		}
		if got := tab.find(n[:2]); got != nil {
			t.Fatalf("find(%q) = %v, want nil (a prefix)", n[:2], got)
		}
	}
	if got := tab.find(""); got != nil {
		t.Fatalf("find(\"\") = %v, want nil", got)
	}
	// Many strings: every one is found past collisions.
	big := newIDTable[thing](1000)
	all := make([]string, 1000)
	for k := range all {
		all[k] = strings.Repeat("x", k%7+1) + string(rune('a'+k%26)) + strings.Repeat("y", k/26)
		big.add(all[k], &thing{all[k]})
	}
	for _, s := range all {
		if got := big.find(s); got == nil || got.name != s {
			t.Fatalf("find(%q) = %v", s, got)
		}
	}
}
