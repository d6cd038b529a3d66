package diag

import "testing"

func TestSuggest(t *testing.T) {
	known := []string{"mission_points_to_win", "products_to_win", "transport", "port"}
	for _, tc := range []struct{ name, want string }{
		{"mision_points_to_win", "mission_points_to_win"}, // a letter missing
		{"transprot", "transport"},                        // two letters swapped
		{"Transport", "transport"},                        // case
		{"prot", "port"},
		{"colour", ""}, // nothing close
		{"x", ""},
	} {
		if got := Suggest(tc.name, known); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := DidYouMean("transprot", known); got != ` (did you mean "transport"?)` {
		t.Errorf("DidYouMean = %q", got)
	}
}
