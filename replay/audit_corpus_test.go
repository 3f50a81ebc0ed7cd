package replay

import (
	"os"
	"testing"
)

// referenceStart is what the python-chess reference facts say about a game's
// set-up position (see README.md in ARBITER_REFERENCE).
type referenceStart struct {
	File     string            `json:"file"`
	Line     int               `json:"line"`
	Headers  map[string]string `json:"headers"`
	Variant  *string           `json:"variant"`
	Chess960 bool              `json:"chess960"`
	Status   []string          `json:"start_status"`
}

// auditReferenceDifference says why our audit may rightly reject a set-up
// position that python-chess's board.status() accepts, "" when it may not.
// The one known case: shuffle-chess starts (TCEC's Chess324 and Chess18
// games) given without a Variant tag, so audited here as standard chess,
// where a bishop off c1 and f1 behind unmoved pawns cannot have got there;
// python-chess does not look at where pieces could have come from. validate
// judges such a start as the Chess960 start it is (ShuffleStart), and says so.
func auditReferenceDifference(p *Position, got []Impossibility) string {
	if !p.ShuffleStart() {
		return ""
	}
	for _, i := range got {
		if i.Reason != TrappedBishop {
			return ""
		}
	}
	return "a shuffle-chess start without a Variant tag"
}

// TestAuditCorpusReference audits the FEN of every standard or Chess960 game
// of the corpus that has one and compares with python-chess: a position it
// finds valid must pass our audit, and one it flags must fail it (or not
// parse, for the en-passant square on the first rank that python-chess reads
// and we reject).
func TestAuditCorpusReference(t *testing.T) {
	dir := os.Getenv("ARBITER_REFERENCE")
	if dir == "" {
		t.Skip("ARBITER_REFERENCE not set")
	}
	valid, flagged, shuffles := 0, 0, 0
	eachReference(t, dir, func(r *referenceStart) {
		fen := r.Headers["FEN"]
		if fen == "" || r.Variant == nil || *r.Variant != "chess" {
			return
		}
		p, got, err := AuditFEN(fen, r.Chess960)
		switch {
		case len(r.Status) == 0:
			valid++
			if err == nil && len(got) != 0 && auditReferenceDifference(&p, got) != "" {
				shuffles++
				return
			}
			if err != nil || len(got) != 0 {
				t.Errorf("%s:%d %q is valid for python-chess; we find %v %v", r.File, r.Line, fen, got, err)
			}
		default:
			flagged++
			if err == nil && len(got) == 0 {
				t.Errorf("%s:%d %q is %v for python-chess; our audit finds nothing", r.File, r.Line, fen, r.Status)
			}
		}
	})
	t.Logf("%d valid and %d flagged set-up positions compared; %d valid ones are shuffle-chess starts read as standard chess",
		valid, flagged, shuffles)
	if valid < 2000 || flagged < 8 {
		t.Errorf("too few set-up positions: %d valid, %d flagged", valid, flagged)
	}
}
