package replay

import (
	"testing"
	"unicode/utf8"
)

// FuzzParseMove reads arbitrary bytes under every letter set: it must never
// panic, every move it accepts must have its fields in range, the fast SAN
// path must agree with the general reader, and the message form of a move
// must read back as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nbd7", "exd6e.p.", "Кра6–а7", "♘f3", "0—0", "deФ", "e7e8q", "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		likely := LikelySets(data)
		for set := LetterSet(0); set < numLetterSets; set++ {
			n, err := ParseMove(data, set)
			if likely.Has(set) != (err == nil) {
				t.Fatalf("%q: LikelySets = %v, but under %v the error is %v", data, likely, set, err)
			}
			if err != nil {
				ne, ok := err.(*NotationError)
				if !ok {
					t.Fatalf("%q under %v: error %T, want *NotationError", data, set, err)
				}
				if ne.Offset < 0 || ne.Offset > len(data) || ne.Msg == "" {
					t.Fatalf("%q under %v: bad error %+v", data, set, ne)
				}
				continue
			}
			if msg := checkNotationInvariants(n); msg != "" {
				t.Fatalf("%q under %v: %s: %+v", data, set, msg, n)
			}
			var fast Notation
			if parseSAN(data, set, &fast) {
				general, e := parseAny(data, set)
				if e.code != 0 || general != fast {
					t.Fatalf("%q under %v: fast path %+v, general %+v (%v)", data, set, fast, general, e.message())
				}
			}
			text := n.String()
			if !utf8.ValidString(text) {
				t.Fatalf("%q under %v: String() = %q is not UTF-8", data, set, text)
			}
			back, err := ParseMove([]byte(text), SAN)
			if err != nil {
				t.Fatalf("%q under %v: String() = %q does not read back: %v", data, set, text, err)
			}
			if !sameMove(n, back) {
				t.Fatalf("%q under %v: String() = %q reads back as %+v, want %+v", data, set, text, back, n)
			}
		}
	})
}

// checkNotationInvariants returns what is wrong with an accepted move, or "".
func checkNotationInvariants(n Notation) string {
	inRange := func(v int8) bool { return v >= -1 && v <= 7 }
	switch {
	case n.Kind > King:
		return "kind out of range"
	case n.Promotion != NoKind && (n.Promotion < Knight || n.Promotion > Queen):
		return "promotion to a non-promotable kind"
	case n.Promotion != NoKind && n.Kind != Pawn && n.Kind != NoKind:
		return "promotion by a piece"
	case n.Castle > LongCastle:
		return "castle out of range"
	case !inRange(n.FromFile) || !inRange(n.FromRank) || !inRange(n.ToFile) || !inRange(n.ToRank):
		return "square out of range"
	case n.Style >= 1<<numStyles:
		return "unknown style bits"
	case n.Null && n.Castle != NoCastle:
		return "null and castling at once"
	}
	if n.Null || n.Castle != NoCastle {
		if n.Kind != NoKind || n.FromFile != -1 || n.FromRank != -1 || n.ToFile != -1 || n.ToRank != -1 || n.Capture || n.Promotion != NoKind {
			return "castling or null move with squares"
		}
		return ""
	}
	if n.ToFile < 0 {
		return "no destination file"
	}
	if n.ToRank < 0 && (n.Kind != Pawn || n.FromFile < 0 || !n.Style.Has(StyleFileCapture)) {
		return "no destination rank outside a files-only pawn capture"
	}
	return ""
}

// sameMove compares what two readings say about the move, ignoring how it
// was written; a mate mark may stand for check and mate together.
func sameMove(a, b Notation) bool {
	a.Style, b.Style = 0, 0
	if a.Mate {
		a.Check = false
	}
	if b.Mate {
		b.Check = false
	}
	return a == b
}
