package replay

import (
	"errors"
	"testing"
)

// FuzzFEN: ParseFEN never panics, fails only with an *FENError, and a
// position it accepts survives FEN() -> ParseFEN unchanged (but for an
// en-passant square no capture can use, which FEN() leaves out). Move
// generation and Play are exercised on whatever it accepts, impossible
// positions included. Seeds: testdata/fuzz/FuzzFEN.
func FuzzFEN(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > len(s) {
				t.Fatalf("ParseFEN(%q): %v", s, err)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("FEN() %q of %q does not parse: %v", fen, s, err)
		}
		if q.FEN() != fen {
			t.Fatalf("FEN() not stable: %q then %q", fen, q.FEN())
		}
		if !p.LegalEnPassant() {
			p.ep, p.epInKey = NoSquare, false
			p.key = p.computeKey()
		}
		if q != p {
			t.Fatalf("%q re-read from %q is a different position", fen, s)
		}
		if p.Key() != p.computeKey() {
			t.Fatalf("key of %q", s)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if p.HasLegalMove() != (ml.Len() > 0) {
			t.Fatalf("HasLegalMove disagrees on %q", s)
		}
		_ = p.RepetitionKey()
		for _, m := range ml.Slice() {
			if !p.IsLegal(m) {
				t.Fatalf("%s generated but not IsLegal in %q", m, s)
			}
			c := p
			c.Play(m)
			if c.Key() != c.computeKey() {
				t.Fatalf("key drift after %s in %q", m, s)
			}
			var ml2 MoveList
			c.LegalMoves(&ml2)
		}
	})
}
