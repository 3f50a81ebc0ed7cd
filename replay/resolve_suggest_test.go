package replay

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"Nf3", "Nf3", 0},
		{"Whtie", "White", 1}, // neighbours swapped
		{"formt", "format", 1},
		{"formatt", "format", 1},
		{"Nf3", "Nc3", 1},
		{"frmoat", "format", 2},
		{"", "abc", 3},
		// Past 16 bytes, where the rows are no longer on the stack.
		{"timeout-insufficient-material", "timeout-insuficient-material", 1},
		{"timeout-insufficient-material", "timeout-insufficient-materail", 1},
		{"timeout-insufficient-material", "wrong-result", 24},
	} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := EditDistance(c.b, c.a); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}
