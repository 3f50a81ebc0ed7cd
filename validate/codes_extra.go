package validate

// Codes beyond the minimum catalogue of RULES.md. Each answers a question users
// of a checker ask and that no code of the minimum catalogue answers without
// bending its meaning.
const (
	// NullMove: a null move ("--", "Z0", "0000", "@@@@") in the main line. Analysis
	// programs write it for "the side to move passes"; no game can contain one,
	// so a game record holding one is not a record of a game. Reported apart from
	// illegal-move because it is written on purpose and the replay can go on
	// after it by passing the turn.
	NullMove Code = "null-move"

	// VariantUnsupported: the Variant tag names a game other than standard chess
	// (Crazyhouse, Atomic, ...). Its moves cannot be judged by the Laws of
	// Chess, so the game is not replayed; the finding says so rather than
	// reporting every move as illegal.
	VariantUnsupported Code = "variant-unsupported"

	// ResultMissing: the movetext ends without a termination marker. PGN
	// requires one, but hand-typed scoresheets rarely carry one and the Result
	// tag, when present, still says the result, so this is only information.
	ResultMissing Code = "result-missing"

	// TagDuplicate: a tag the checks read (a Seven Tag Roster tag, Elo,
	// TimeControl, Termination, SetUp, FEN, Variant) appears twice. Readers
	// disagree on which copy wins, so the record is ambiguous.
	TagDuplicate Code = "tag-duplicate"

	// WrongTermination: the Termination tag says a flag decided the game, but
	// the board had ended it first by checkmate or stalemate, which end a game
	// at once (FIDE 5.1.1, 5.2.1). The result is judged by the board
	// (wrong-result); this says that the tag is wrong, and the game is not
	// counted as lost on time. A dead position is left out: platforms record
	// a flag in one as "Time forfeit" with a draw, which the time-forfeit
	// finding describes. It also covers a Termination (or ICC's ICCResult)
	// that claims an end the board contradicts: a checkmate or stalemate
	// not on the board, a repetition or 50 moves no claim could rest on.
	WrongTermination Code = "wrong-termination"

	// InternalError: arbiter itself failed on this game (a bug, never the
	// game's fault). The game is still written out, with this finding, and
	// the run goes on: one bad game must not cost an archive run the rest.
	InternalError Code = "internal-error"

	// DuplicateGame: the same game (roster tags and moves) read twice in an
	// input, as when a game is pasted twice into an upload. The pipeline's
	// ordered writer finds it, since it compares games across chunks.
	DuplicateGame Code = "duplicate-game"

	// NoGame: an input that holds no game at all (an empty file, one of
	// blanks or comments only, a directory named with no game file in it).
	// Not an error, as an archive may hold empty files, but a CI job
	// checking an upload must be able to fail on an empty one, so it is a
	// finding of the input, not of a game, which the pipeline reports.
	NoGame Code = "no-game"

	// PerftMismatch: a perft suite's node count (";D3 8902") that is not
	// the number of leaves of the position's legal move tree that deep, as
	// the replay counts them. A suite is a test of move generators: a wrong
	// count in it fails every generator it is run against.
	PerftMismatch Code = "perft-mismatch"
)
