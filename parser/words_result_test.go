package parser

import "testing"

// ReadResult is the one reading of a result, for markers and Result tags.
func TestReadResult(t *testing.T) {
	tests := []struct {
		in, canon string
		exact     bool
	}{
		{"1-0", "1-0", true},
		{"0-1", "0-1", true},
		{"1/2-1/2", "1/2-1/2", true},
		{"*", "*", true},
		{"½-½", "1/2-1/2", false},
		{"½:½", "1/2-1/2", false},
		{"½―½", "1/2-1/2", false}, // horizontal bar
		{"1/2", "1/2-1/2", false},
		{"1/2:1/2", "1/2-1/2", false},
		{"0.5-0.5", "1/2-1/2", false},
		{"=-=", "1/2-1/2", false},
		{"1:0", "1-0", false},
		{"0:1", "0-1", false},
		{"1–0", "1-0", false}, // en dash
		{"0—1", "0-1", false}, // em dash
		{"1 - 0", "1-0", false},
		{"1-0.", "1-0", false},
		{"0-1,", "0-1", false},
		{"", "", false},
		{"?", "", false},
		{"+--", "", false},
		{"1-1", "", false},
		{"0-0", "", false}, // castling or a double forfeit: not guessed
		{"½-½ ½-½ ½-½ ½-½", "", false},
		{"1–0 ничья", "", false},
	}
	for _, tt := range tests {
		if canon, exact := ReadResult(tt.in); canon != tt.canon || exact != tt.exact {
			t.Errorf("ReadResult(%q) = %q, %v; want %q, %v", tt.in, canon, exact, tt.canon, tt.exact)
		}
	}
}

func BenchmarkReadResult(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if c, _ := ReadResult("½-½"); c != "1/2-1/2" {
			b.Fatal(c)
		}
	}
}
