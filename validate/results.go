package validate

import (
	"fmt"
	"strings"

	"github.com/arbiter-chess/arbiter/parser"
)

// CheckResultRecord compares the Result tag (as ReadTags read it) with the
// termination marker at the end of the movetext, appends result-mismatch or
// result-missing to out, and returns the result the game records: the tag when
// it is readable, else the marker, else "*".
//
// Decisions: a missing marker is not a mismatch. PGN wants one, but an import
// reader takes the game without it and the tag still states the result, so
// it is result-missing at info severity; with neither tag nor marker the
// finding says the game records no result. Written variants ("½-½", "1:0")
// compare equal to their PGN form; the tag's spelling is tag-format's
// concern, the marker's non-standard-notation's (info, as for moves in
// other notations), and a mismatch quotes the marker as written.
func CheckResultRecord(g *parser.Game, t *Tags, out []Finding) (string, []Finding) {
	// The parser wrote the marker in PGN form ("" when there is none).
	if g.ResultRaw.Len > 0 || g.Result == "" || t.Result != "" && g.Result != t.Result {
		out = resultRecordFindings(g, t, out)
	}
	switch {
	case t.Result != "":
		return t.Result, out
	case g.Result != "":
		return g.Result, out
	}
	return "*", out
}

// resultRecordFindings makes CheckResultRecord's findings, for the few
// games that have one (see badTagValue).
//
//go:noinline
func resultRecordFindings(g *parser.Game, t *Tags, out []Finding) []Finding {
	marker, markerOK := g.Result, g.Result != ""
	written := g.Result
	if g.ResultRaw.Len > 0 {
		// Understood, as the moves written in other notations are, and
		// reported as they are: other readers may take it for text.
		written = g.Str(g.ResultRaw)
		msg := fmt.Sprintf("the result marker %q is not PGN: write %s", written, g.Result)
		switch {
		case strings.HasPrefix(written, g.Result+" ") || strings.HasPrefix(written, g.Result+"\t"):
			// "1-0 1-0": one result typed twice, which the parser read once.
			msg = fmt.Sprintf("the result marker %s is written twice: write it once", g.Result)
			written = g.Result
		case written == g.Result:
			// PGN's form, run into the last move or its mark ("gxf41-0"),
			// which a reader that splits tokens at blanks cannot read.
			msg = fmt.Sprintf("the result marker %s is glued to the move before it: write a blank between them", g.Result)
		default:
			written = fmt.Sprintf("%q (%s)", written, g.Result)
		}
		out = append(out, Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation), Pos: g.ResultPos, Ply: -1, Message: msg})
	}
	switch {
	case g.Result == "":
		f := Finding{Code: ResultMissing, Severity: DefaultSeverity(ResultMissing), Pos: g.ResultPos, Ply: -1}
		switch {
		case t.Result != "" && len(g.Moves) == 0:
			// A tag section alone (a study's chapter list, headers
			// exported without moves): there are no moves to end.
			f.Message = fmt.Sprintf("the game has no moves and no result marker; the Result tag says %s", t.Result)
		case t.Result != "":
			f.Message = fmt.Sprintf("the moves end without a result marker; the Result tag says %s", t.Result)
		default:
			f.Message = "the game records no result: no readable Result tag and no marker at the end of the moves"
		}
		out = append(out, f)
	case markerOK && t.Result != "" && marker != t.Result:
		out = append(out, Finding{Code: ResultMismatch, Severity: DefaultSeverity(ResultMismatch), Pos: g.ResultPos, Ply: -1,
			Message: fmt.Sprintf("the Result tag says %s but the moves end with %s", t.Result, written)})
	}
	return out
}
