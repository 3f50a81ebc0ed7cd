// Package validate applies the rules of chess, as an arbiter reads them, to a
// replayed game and reports what is wrong with it as findings.
package validate

import "github.com/arbiter-chess/arbiter/parser"

// Severity orders findings; a CI job fails on findings at or above a level.
type Severity uint8

const (
	Info Severity = iota
	Warning
	Error
)

var severityNames = [...]string{"info", "warning", "error"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "unknown"
}

// ParseSeverity reads "info", "warning" or "error"; also "warn", the word
// of --log-level and of many linters, for a warning.
func ParseSeverity(s string) (Severity, bool) {
	if s == "warn" {
		return Warning, true
	}
	for i, n := range severityNames {
		if n == s {
			return Severity(i), true
		}
	}
	return 0, false
}

// Code names a kind of finding. Codes are public: README documents each one,
// and none is ever renamed. These are RULES.md's catalogue; codes_extra.go
// has the others.
type Code string

const (
	Syntax                      Code = "syntax"
	IllegalMove                 Code = "illegal-move"
	AmbiguousMove               Code = "ambiguous-move"
	NonStandardNotation         Code = "non-standard-notation"
	ImpossiblePosition          Code = "impossible-position"
	MovesAfterEnd               Code = "moves-after-end"
	ResultMismatch              Code = "result-mismatch"
	WrongResult                 Code = "wrong-result"
	ThreefoldClaimable          Code = "threefold-claimable"
	MissedThreefold             Code = "missed-threefold"
	FiftyMoveClaimable          Code = "fifty-move-claimable"
	MissedFiftyMove             Code = "missed-fifty-move"
	FivefoldRepetition          Code = "fivefold-repetition"
	SeventyFiveMoves            Code = "seventy-five-moves"
	TimeForfeit                 Code = "time-forfeit"
	TimeoutInsufficientMaterial Code = "timeout-insufficient-material"
	FlagFallUnclaimed           Code = "flag-fall-unclaimed"
	ClockInconsistent           Code = "clock-inconsistent"
	TagMissing                  Code = "tag-missing"
	TagFormat                   Code = "tag-format"
)

// Finding is one thing an arbiter would object to in a game record.
type Finding struct {
	Code     Code
	Severity Severity
	Message  string

	Pos  parser.Pos // where in the source; the game's start when nothing nearer applies
	Ply  int        // 1-based ply of the move concerned, 0 for the start position, -1 when none
	Move string     // the move as written, "" when none

	// CharCol is the column of Pos (of the game's start when Pos has no
	// line) in characters, as SARIF and GitHub annotations count them
	// (parser.Game.CharCol), where Pos.Col counts bytes. Check sets it;
	// 0 means not known, and Pos.Col stands.
	CharCol int64
	// ByteCol is the column of Pos (of the game's start when Pos has no
	// line) in bytes as editors count them, as the text and jsonl formats
	// and the tables print it: Pos.Col less a UTF-8 BOM before it on its
	// line (parser.Game.ByteCol). Check sets it; 0 means not known, and
	// Pos.Col stands.
	ByteCol int64

	// Variation is the path of the side line the move is in, "" for the main line.
	Variation   string
	Suggestions []string
}
