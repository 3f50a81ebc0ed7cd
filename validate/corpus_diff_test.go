package validate

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// The differential test: every game of the shared corpus, read by our parser
// and checked by Check with the default options, against python-chess's
// facts about the same games ($ARBITER_REFERENCE, README.md there). Games
// are matched by file and line; where python-chess cuts a file into games
// differently the games of both sides that overlap form a cluster, which is
// explained by a rule or an entry of clusterTable. Every fact that differs
// is explained by a rule of diffRules or an entry of knownDiffs, each with
// an exact count, so that a new difference and a difference that went away
// both fail the test.

// The facts compared, in the order they are reported.
const (
	fReplayed = iota
	fPlies
	fIllegal
	fFEN
	fThreefoldClaim
	fFiftyClaim
	fFivefold
	fSeventyFive
	fInsufficient
	fEnd
	fResult
	nFields
)

var fieldNames = [nFields]string{"replayed", "plies", "illegal", "fen", "threefold-claim", "fifty-claim",
	"fivefold", "seventy-five", "insufficient", "end", "result"}

// facts are the compared values of one game, as text: "-" is "never", ""
// is "not known" (not compared).
type facts [nFields]string

// pcRecord is one python-chess record.
type pcRecord struct {
	File       string   `json:"file"`
	Index      int      `json:"index"`
	Line       int      `json:"line"`
	EndLine    int      `json:"end_line"`
	TagCount   int      `json:"tag_count"`
	Variant    *string  `json:"variant"`
	Errors     []string `json:"errors"`
	ErrorWhere []string `json:"error_where"`
	IllegalPly *int     `json:"illegal_ply"`
	Plies      int      `json:"plies"`
	FinalFEN   *string  `json:"final_fen"`
	Outcome    *struct {
		Termination string `json:"termination"`
		Winner      *bool  `json:"winner"`
	} `json:"outcome"`
	Checkmate            bool    `json:"checkmate"`
	Stalemate            bool    `json:"stalemate"`
	InsufficientMaterial bool    `json:"insufficient_material"`
	InsufficientWhite    bool    `json:"insufficient_white"`
	InsufficientBlack    bool    `json:"insufficient_black"`
	ThreefoldClaim       *int    `json:"threefold_claim_ply"`
	FiftyClaim           *int    `json:"fifty_claim_ply"`
	Fivefold             *int    `json:"fivefold_ply"`
	SeventyFive          *int    `json:"seventyfive_ply"`
	Exception            *string `json:"exception"`
}

// chess reports whether python-chess replayed the record as standard chess
// (Chess960 included).
func (r *pcRecord) chess() bool {
	return r.Exception == nil && r.Variant != nil && *r.Variant == "chess"
}

func (r *pcRecord) mainlineErrors() int {
	n := 0
	for _, w := range r.ErrorWhere {
		if w == "mainline" {
			n++
		}
	}
	return n
}

func (r *pcRecord) facts() facts {
	if r.Exception != nil {
		return facts{}
	}
	var f facts
	f[fReplayed] = strconv.FormatBool(r.chess())
	if !r.chess() {
		return f
	}
	f[fPlies] = strconv.Itoa(r.Plies)
	f[fIllegal] = "-"
	if r.IllegalPly != nil {
		kind := "illegal"
		for i, e := range r.Errors {
			if r.ErrorWhere[i] == "mainline" && strings.HasPrefix(e, "ambiguous san") {
				kind = "ambiguous"
			}
		}
		f[fIllegal] = fmt.Sprintf("%d %s", *r.IllegalPly, kind)
	}
	f[fFEN] = *r.FinalFEN
	f[fThreefoldClaim], f[fFiftyClaim] = plyText(r.ThreefoldClaim), plyText(r.FiftyClaim)
	f[fFivefold], f[fSeventyFive] = plyText(r.Fivefold), plyText(r.SeventyFive)
	f[fInsufficient] = fmt.Sprint(r.InsufficientWhite, r.InsufficientBlack)
	f[fEnd] = "none"
	switch {
	case r.Checkmate:
		f[fEnd] = "checkmate"
	case r.Stalemate:
		f[fEnd] = "stalemate"
	}
	f[fResult] = "*"
	if o := r.Outcome; o != nil {
		switch {
		case o.Winner == nil:
			f[fResult] = "1/2-1/2"
		case *o.Winner:
			f[fResult] = "1-0"
		default:
			f[fResult] = "0-1"
		}
	}
	return f
}

// plyText and reportPly write a ply of python-chess's and of our Report.
func plyText(p *int) string {
	if p == nil {
		return "-"
	}
	return strconv.Itoa(*p)
}

func reportPly(p int) string {
	if p < 0 {
		return "-"
	}
	return strconv.Itoa(p)
}

// ourGame is what we keep of one game our parser read: where it lies in the
// file and what Check made of it.
type ourGame struct {
	Line, LastLine int // first line, last non-blank line
	MoveLine       int // line of the first main-line move, 0 when none
	Tags, Moves    int // tag pairs, main-line moves
	End            End
	PlayedOn       bool // moves follow the end of the game on the board
	// BeforeJuly2014: the Date tag places the game before FIDE 9.6's
	// automatic draws, which we then do not apply.
	BeforeJuly2014 bool
	Facts          facts
}

func newOurGame(g *parser.Game, r *Report, data []byte) ourGame {
	e := int(g.End.Offset)
	for e > int(g.Start.Offset) && strings.IndexByte(" \t\r\n", data[e-1]) >= 0 {
		e--
	}
	o := ourGame{Line: int(g.Start.Line), Tags: len(g.Tags), End: r.End}
	if date, ok := g.TagValue("Date"); ok {
		o.BeforeJuly2014 = beforeJuly2014(date)
	}
	o.LastLine = o.Line + bytes.Count(data[g.Start.Offset:e], []byte("\n"))
	for i := range g.Moves {
		if g.Moves[i].Depth == 0 {
			if o.Moves == 0 {
				o.MoveLine = int(g.Moves[i].Pos.Line)
			}
			o.Moves++
		}
	}
	// Only a replayed game has a final position: not one in a variant, or
	// with a FEN tag that cannot be read.
	replayed := r.Replayed
	f := facts{fIllegal: "-"}
	for _, x := range r.Findings {
		if x.Code == MovesAfterEnd {
			o.PlayedOn = true
		}
		if x.Variation != "" || x.Ply < 1 || f[fIllegal] != "-" {
			continue
		}
		switch {
		case x.Code == IllegalMove, x.Code == MovesAfterEnd && (r.End == Checkmate || r.End == Stalemate):
			f[fIllegal] = fmt.Sprintf("%d illegal", x.Ply)
		case x.Code == AmbiguousMove:
			f[fIllegal] = fmt.Sprintf("%d ambiguous", x.Ply)
		case x.Code == Syntax:
			f[fIllegal] = fmt.Sprintf("%d unreadable", x.Ply)
		}
	}
	f[fReplayed] = strconv.FormatBool(replayed)
	if !replayed {
		o.Facts = facts{fReplayed: "false"}
		return o
	}
	f[fPlies] = strconv.Itoa(r.Plies)
	f[fFEN] = r.FinalFEN()
	f[fThreefoldClaim], f[fFiftyClaim] = reportPly(r.AnyThreefoldPly), reportPly(r.AnyFiftyPly)
	f[fFivefold], f[fSeventyFive] = reportPly(r.FivefoldPly), reportPly(r.SeventyFivePly)
	if p, err := replay.ParseFEN(r.FinalFEN()); err == nil {
		f[fInsufficient] = fmt.Sprint(p.InsufficientMaterial(replay.White), p.InsufficientMaterial(replay.Black))
	} else {
		f[fInsufficient] = "unreadable final FEN: " + err.Error()
	}
	f[fEnd] = "none"
	if r.End == Checkmate || r.End == Stalemate {
		f[fEnd] = r.End.String()
	}
	f[fResult] = r.ComputedResult
	o.Facts = f
	return o
}

// diff is one fact on which a matched pair disagrees.
type diff struct {
	file     string
	index    int // python-chess's record index
	line     int // python-chess's line
	field    string
	ours, pc string
	game     *ourGame
	record   *pcRecord
}

func (d *diff) String() string {
	return fmt.Sprintf("%s #%d (line %d) %s: ours %q, python-chess %q", d.file, d.index, d.line, d.field, d.ours, d.pc)
}

// diffRule explains a whole kind of difference; count is how many
// differences it must explain.
type diffRule struct {
	name, why string
	count     int
	match     func(d *diff) bool
}

var diffRules = []diffRule{
	{
		// Fivefold repetition in 6 games of 2017-2021 (one then ends in
		// mate: its end and its result differ), a dead position in 7;
		// those of games dated before July 2014 are before-fide-9.6's.
		name: "ended-earlier",
		why: "the game ended on the board before its last move (a dead position, FIDE 5.2.2; fivefold " +
			"repetition, FIDE 9.6.1; 75 moves, FIDE 9.6.2) and the record plays on: our End and result are " +
			"those of the earlier end (with a moves-after-end finding), python-chess's outcome() and " +
			"is_checkmate()/is_stalemate() look at the final position only",
		count: 14,
		match: func(d *diff) bool {
			g := d.game
			if !g.PlayedOn || g.End != DeadPosition && g.End != Fivefold && g.End != SeventyFive {
				return false
			}
			// Our own verdict on the final position must be python-chess's.
			return d.field == "result" || d.field == "end" && boardEnd(g.Facts[fFEN]) == d.pc
		},
	},
	{
		// Fivefold repetition or 75 moves in the final position of games
		// of masters and pgn-extract's tests dated before 2014.
		name: "before-fide-9.6",
		why: "the game is dated before 1 July 2014, when FIDE 9.6 first drew a game by itself at the fifth " +
			"repetition or after 75 moves: we judge it without them, as the Laws of its time did; " +
			"python-chess's outcome() applies them to every game (README, field outcome)",
		count: 27,
		match: func(d *diff) bool {
			g := d.game
			return g.BeforeJuly2014 && d.field == "result" && d.ours == "*" && d.pc == "1/2-1/2" &&
				(g.Facts[fFivefold] != "-" || g.Facts[fSeventyFive] != "-")
		},
	},
	{
		// Pawn walls that no king can cross, in master and lichess games;
		// two of them reached by a quiet last move, which the final
		// position's own analysis finds (since session 3).
		name: "dead-position-beyond-material",
		why: "a dead position (FIDE 5.2.2) that material alone does not show: the game is drawn for us " +
			"at its last move; python-chess's outcome() knows only insufficient material",
		count: 7,
		match: func(d *diff) bool {
			return d.field == "result" && d.game.End == DeadPosition && !d.game.PlayedOn && d.ours == "1/2-1/2" &&
				d.pc == "*" && !d.record.InsufficientMaterial
		},
	},
}

// boardEnd is "checkmate", "stalemate" or "none" for the position fen, as
// our move generator sees it.
func boardEnd(fen string) string {
	p, err := replay.ParseFEN(fen)
	switch {
	case err != nil:
		return "unreadable"
	case p.HasLegalMove():
		return "none"
	case p.InCheck():
		return "checkmate"
	}
	return "stalemate"
}

// knownDiff is one difference explained on its own.
type knownDiff struct {
	file     string
	index    int
	field    string
	ours, pc string
	why      string
}

const (
	quirk5 = "README quirk 5: the illegal move in a variation leaves python-chess's board in the " +
		"variation, so the main line's next move is rejected; we replay variations from their branch point"
	quirk3German = "README quirk 3: python-chess reads the German piece letters of pgn-extract's " +
		"-Wdeutsch output as pawn moves (Lb2 as b2) and rejects the third ply; we detect the German letter set"
	quirk3Null = "README quirk 3: python-chess skips the words of a comment left open by a nested " +
		"`{` and reads `--nestedcomment` as the null move `--`; our parser closes the comment at the " +
		"first `}` and reports the stray `}`"
	quirk3Sf3 = "README quirk 3: python-chess reads German `Sf3` as the pawn move f3; the game mixes " +
		"English and German letters, which we read as German with English letters mixed in: `Sf3` is the knight's"
	htmlFile = "not PGN: an HTML fragment with <br /> for line ends; python-chess skips the one line " +
		"as a malformed tag, our parser reads its tags and the moves without a <br glued to them"
)

var knownDiffs = []knownDiff{
	{"debian/pychess/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn", 0, "plies", "7", "2", quirk5},
	{"debian/pychess/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn", 0, "illegal", "-", "3 illegal", quirk5},
	{"debian/pychess/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn", 0, "fen",
		"rnb2rk1/pppn1pp1/4p3/3pP1BQ/1b1P4/2N5/PPP2PPP/R3K2R b KQ - 0 4", "rnbq1r2/pppn1ppk/4p3/3pP3/1b1P4/2N2N2/PPP2PPP/R1BQK2R w KQ - 0 2", quirk5},
	{"debian/pychess/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn", 17, "plies", "7", "1", quirk5},
	{"debian/pychess/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn", 17, "illegal", "-", "2 illegal", quirk5},
	{"debian/pychess/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn", 17, "fen",
		"B4bnN/p1k1p1pp/3p4/q6b/4P3/2N5/PPP2PPP/R1B1K2R b KQ - 0 4", "r3kbnr/p3pppp/2Bp4/q3N3/4P3/2N5/PPP2PPP/R1BbK2R b KQkq - 0 1", quirk5},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-WWdeutsch-out.pgn", 1, "plies", "72", "2", quirk3German},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-WWdeutsch-out.pgn", 1, "illegal", "-", "3 illegal", quirk3German},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-WWdeutsch-out.pgn", 1, "fen",
		"8/3k3p/p3b1p1/1p3p2/2pB4/1PK2P2/P1P3PP/8 w - - 0 37", "rnbqkbnr/pppp1ppp/8/4p3/8/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 2", quirk3German},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-Wdeutsch-out.pgn", 1, "plies", "72", "2", quirk3German},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-Wdeutsch-out.pgn", 1, "illegal", "-", "3 illegal", quirk3German},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-Wdeutsch-out.pgn", 1, "fen",
		"8/3k3p/p3b1p1/1p3p2/2pB4/1PK2P2/P1P3PP/8 w - - 0 37", "rnbqkbnr/pppp1ppp/8/4p3/8/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 2", quirk3German},
	{"tricky/kentdjb_pgn-extract/test/infiles/nested-comment.pgn", 0, "plies", "1", "2", quirk3Null},
	{"tricky/kentdjb_pgn-extract/test/infiles/nested-comment.pgn", 0, "fen",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", quirk3Null},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-nestedcomments-out.pgn", 0, "plies", "1", "2", quirk3Null},
	{"tricky/kentdjb_pgn-extract/test/outfiles/test-nestedcomments-out.pgn", 0, "fen",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", quirk3Null},
	{"tricky/mliebelt_pgn-parser/doc/sampleGameThrow.pgn", 0, "fen",
		"rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3", "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5P2/PPP1P1PP/RNBQKBNR w KQkq - 0 3", quirk3Sf3},
	{"tricky/jhlywa_chess.js/__tests__/pgn/0.pgn", 0, "plies", "3", "0", htmlFile},
	{"tricky/jhlywa_chess.js/__tests__/pgn/0.pgn", 0, "illegal", "4 illegal", "-", htmlFile},
	{"tricky/jhlywa_chess.js/__tests__/pgn/0.pgn", 0, "fen",
		"rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", htmlFile},
}

// clusterShape names how our games and python-chess's records overlap when
// they are not one game each on the same line.
type clusterShape struct {
	name, why string
	// compare says whether the paired games' facts are facts about the same
	// moves (true: their differences go through diffRules and knownDiffs)
	// or python-chess's record holds other text (false: the differences are
	// counted per field in the table entry).
	compare bool
}

// clusterEntry expects one cluster of a file (or all of a file's clusters
// when line is 0) to have the given shape and numbers.
type clusterEntry struct {
	file       string
	line       int // the cluster's first line; 0: every cluster of the file
	shape      clusterShape
	clusters   int
	ours, refs int // games in those clusters
	unpaired   [2]int
	fieldDiffs map[string]int // when !shape.compare
}

var (
	blankBeforeMoves = clusterShape{"blank-line-before-moves", "python-chess ends a game at a blank " +
		"line even before the first move (README quirk 1): a record with the tags (or a lone comment) " +
		"and no move, then a record with the moves and no tags; our game is compared with the second", true}
	trailingText = clusterShape{"trailing-text", "text after a blank line that ends the game for " +
		"python-chess (README quirk 1) becomes a record without tags or moves: free text between games, " +
		"a result marker on its own line", true}
	nextTagsAsMoves = clusterShape{"next-tags-as-moves", "no blank line between a game's moves and the " +
		"next tag section: python-chess reads the tag section as moves of the game before (README " +
		"quirk 2) and starts the next record at the next blank line", false}
	blankInMovetext = clusterShape{"blank-line-in-movetext", "a blank line after a comment in the " +
		"middle of the moves ends the game for python-chess (README quirk 1); the rest is a record " +
		"without tags that starts with Black's move 1...Nf6 from the initial position", false}
	readsPastResult = clusterShape{"reads-past-result", "python-chess reads a game on past its " +
		"termination marker up to a blank line: four one-line games `e4 e5 Nf3 Nc6 Bb5 *` are one " +
		"record, rejected at its 6th ply (the second game's first move); our parser ends a game at " +
		"its marker (PGN standard 8.2.6)", false}
	tagLineWithMoves = clusterShape{"tag-line-with-moves", "a tag pair followed by moves on the same " +
		"line (`[Result \"1-0\"] e4 *`) does not match python-chess's tag pattern, so the line is " +
		"skipped in the tag section and the games run together; our parser reads the tag and the moves", false}
	tagOnlyGames = clusterShape{"tag-only-games", "tag sections separated by one blank line with no " +
		"moves are merged by python-chess into one game (README quirk 1, last sentence)", false}
	notPGN = clusterShape{"not-pgn", "an EPD file (pgn-extract -Wepd output), no PGN: python-chess " +
		"makes one record of it, which stops at a word it reads as a move; our parser reads it as " +
		"EPD, a position a line (parser/epd.go)", false}
	malformedTagLine = clusterShape{"malformed-tag-line", "`[Event Casual Game\"]` (no opening quote) " +
		"does not open a tag section for our parser, so it is read as text of the game before (a " +
		"syntax finding there) and the next game starts a line later; python-chess starts the game " +
		"at it and skips it as a malformed tag", true}
	commentBeforeMoves = clusterShape{"comment-before-moves", "a `;` comment line before the first " +
		"move: the bytes before a game's first token belong to our game, python-chess's line is the " +
		"first movetext line", true}
	commentPreamble = clusterShape{"comment-preamble", "a comment before a file's first game: our " +
		"parser reads it with that game (parser.Preamble), python-chess makes a record of it with " +
		"neither tags nor moves; our game is compared with the record after it", true}
)

var clusterTable = []clusterEntry{
	// Record 0 is the only one with tags; 225 records end in a bogus rejected
	// move and 26 gain bogus legal moves from the next tag section (README
	// quirk 2). Our game 201, resigned before a move, lies inside record
	// 200 and pairs with nothing; record 201 is the d4 Nf6 Nc3 of the ECOUrl
	// tag after it.
	{file: "online_clk/carlsen_allan-cao/games.pgn", shape: nextTagsAsMoves, clusters: 1, ours: 334, refs: 334,
		unpaired: [2]int{1, 1}, fieldDiffs: map[string]int{"illegal": 225, "plies": 26, "fen": 26, "end": 3, "result": 2, "threefold-claim": 1}},
	// Corus 2000, Korchnoi-Kasparov: its tags are read as moves of the game
	// before, none of them SAN-like, so both games' facts agree.
	{file: "masters/destaq_chess-graph/Korchnoi.pgn", line: 64499, shape: nextTagsAsMoves, clusters: 1, ours: 2, refs: 2},
	// Fool's mate runs into the next tag section, then a comment alone
	// between blank lines is a record of its own.
	{file: "tricky/kentdjb_pgn-extract/test/infiles/test-nochecks.pgn", line: 1, shape: nextTagsAsMoves, clusters: 1, ours: 2, refs: 3, unpaired: [2]int{0, 1}},
	{file: "tricky/kentdjb_pgn-extract/test/infiles/test-stalemate.pgn", line: 1, shape: nextTagsAsMoves, clusters: 1, ours: 2, refs: 3, unpaired: [2]int{0, 1}},
	// python-chess's first record stops after 1.d4 (1 ply, not our 149).
	{file: "tricky/Isarhamster_chessx/dep_scid_code_gtest_res_gameLatin1.pgn", line: 1, shape: blankInMovetext, clusters: 1, ours: 1, refs: 2,
		unpaired: [2]int{0, 1}, fieldDiffs: map[string]int{"plies": 1, "fen": 1}},
	{file: "tricky/kentdjb_pgn-extract/test/infiles/test-fuzzydepth.pgn", line: 1, shape: readsPastResult, clusters: 1, ours: 4, refs: 1,
		unpaired: [2]int{3, 0}, fieldDiffs: map[string]int{"illegal": 1}},
	// Nine lines `[Result "..."] e4 <marker>`: one record, no tags, no moves.
	{file: "tricky/kentdjb_pgn-extract/test/infiles/test-nobadresults.pgn", line: 1, shape: tagLineWithMoves, clusters: 1, ours: 9, refs: 1,
		unpaired: [2]int{8, 0}, fieldDiffs: map[string]int{"plies": 1, "fen": 1}},
	// Antichess games: neither side replays them.
	{file: "tricky/lichess-org_dartchess/data/headers-and-moves-on-the-same-line.pgn", line: 1, shape: tagLineWithMoves, clusters: 1, ours: 2, refs: 1, unpaired: [2]int{1, 0}},
	{file: "tricky/niklasf_chessops/data/headers-and-moves-on-the-same-line.pgn", line: 1, shape: tagLineWithMoves, clusters: 1, ours: 2, refs: 1, unpaired: [2]int{1, 0}},
	// The same five moves in both games, so the paired facts agree.
	{file: "tricky/lichess-org_dartchess/data/leading-whitespace.pgn", line: 5, shape: tagLineWithMoves, clusters: 1, ours: 2, refs: 1, unpaired: [2]int{1, 0}},
	{file: "tricky/niklasf_chessops/data/leading-whitespace.pgn", line: 5, shape: tagLineWithMoves, clusters: 1, ours: 2, refs: 1, unpaired: [2]int{1, 0}},
	{file: "tricky/lichess-org_scalachess/test-kit/src/test/resources/FWWRC.pgn", line: 1, shape: tagOnlyGames, clusters: 1, ours: 605, refs: 1, unpaired: [2]int{604, 0}},
	// Our first game is the start position, which names no move;
	// python-chess's record replays from it and stops at line 3's en
	// passant field, "e6", as an illegal first move.
	{file: "tricky/kentdjb_pgn-extract/test/outfiles/test-WWepd-out.pgn", line: 1, shape: notPGN, clusters: 1, ours: 73, refs: 1, unpaired: [2]int{72, 0},
		fieldDiffs: map[string]int{"illegal": 1}},
	{file: "masters/chessgames_smallmaster/smallmaster_step2_22_2135955-2820097.pgn", line: 3770, shape: malformedTagLine, clusters: 1, ours: 2, refs: 2},
	{file: "tricky/mliebelt_pgn-parser/doc/sampleGameThrow.pgn", line: 1, shape: commentBeforeMoves, clusters: 1, ours: 1, refs: 1},
	{file: "tricky/kentdjb_pgn-extract/eco.pgn", line: 1, shape: commentPreamble, clusters: 1, ours: 1, refs: 2, unpaired: [2]int{0, 1}},
}

// shapeTable is how many clusters of the two common shapes there are, and
// how many games of each side they hold.
var shapeTable = map[string][3]int{
	// chessgames.com files: 10; pgn-extract's test files: 82.
	blankBeforeMoves.name: {92, 92, 184},
	// Chernev's book: 4 (a problem's prose after each game); a Hungarian
	// ECO file: 1 (a lone "*").
	trailingText.name: {5, 5, 10},
}

// cluster is a run of our games and python-chess records whose line ranges
// overlap, directly or through one another.
type cluster struct {
	file  string
	ours  []int
	refs  []int
	pairs [][2]int // (our game, record), indexes into the file's slices
}

func buildClusters(file string, og []ourGame, rg []pcRecord) []cluster {
	var out []cluster
	i, j := 0, 0
	for i < len(og) || j < len(rg) {
		cl := cluster{file: file}
		var end int
		if j >= len(rg) || i < len(og) && og[i].Line <= rg[j].Line {
			cl.ours, end = append(cl.ours, i), og[i].LastLine
			i++
		} else {
			cl.refs, end = append(cl.refs, j), rg[j].EndLine
			j++
		}
		for {
			if i < len(og) && og[i].Line <= end {
				cl.ours, end = append(cl.ours, i), max(end, og[i].LastLine)
				i++
			} else if j < len(rg) && rg[j].Line <= end {
				cl.refs, end = append(cl.refs, j), max(end, rg[j].EndLine)
				j++
			} else {
				break
			}
		}
		// Pair each of our games with the record holding its first move.
		used := map[int]bool{}
		for _, o := range cl.ours {
			at := og[o].MoveLine
			if at == 0 {
				at = og[o].Line
			}
			for _, r := range cl.refs {
				if !used[r] && rg[r].Line <= at && at <= rg[r].EndLine {
					used[r] = true
					cl.pairs = append(cl.pairs, [2]int{o, r})
					break
				}
			}
		}
		out = append(out, cl)
	}
	return out
}

// plain reports whether the cluster is one game on each side, on the same line.
func (c *cluster) plain(og []ourGame, rg []pcRecord) bool {
	return len(c.ours) == 1 && len(c.refs) == 1 && len(c.pairs) == 1 && og[c.ours[0]].Line == rg[c.refs[0]].Line
}

// shapeOf recognises the two shapes common enough to need a rule.
func (c *cluster) shapeOf(og []ourGame, rg []pcRecord) (clusterShape, bool) {
	if len(c.ours) != 1 || len(c.refs) < 2 || len(c.pairs) != 1 {
		return clusterShape{}, false
	}
	o, first := og[c.ours[0]], rg[c.refs[0]]
	if first.Line != o.Line {
		return clusterShape{}, false
	}
	rest := c.refs[1:]
	if len(c.refs) == 2 && first.Plies == 0 && len(first.Errors) == 0 &&
		rg[rest[0]].TagCount == 0 && c.pairs[0][1] == rest[0] {
		return blankBeforeMoves, true
	}
	for _, r := range rest {
		if rg[r].TagCount != 0 || rg[r].Plies != 0 || rg[r].mainlineErrors() != 0 {
			return clusterShape{}, false
		}
	}
	if c.pairs[0][1] == c.refs[0] {
		return trailingText, true
	}
	return clusterShape{}, false
}

func TestCorpusDifferentialPythonChess(t *testing.T) {
	corpus, reference := os.Getenv("ARBITER_CORPUS"), os.Getenv("ARBITER_REFERENCE")
	if corpus == "" || reference == "" {
		t.Skip("ARBITER_CORPUS or ARBITER_REFERENCE not set")
	}
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("corpus: %v", err)
	}
	files, refs := readReference(t, reference)
	ours := readCorpus(t, corpus, files)

	var tl tally
	tl.clusters = make([]clusterEntry, len(clusterTable))
	tl.shapes = map[string][3]int{}
	for _, file := range files {
		for _, cl := range buildClusters(file, ours[file], refs[file]) {
			tl.add(t, &cl, ours[file], refs[file])
		}
	}
	tl.explain(t)

	// The comparison must not go quietly empty.
	if tl.compared[fPlies] < 137000 || tl.compared[fReplayed] < 137500 {
		t.Errorf("only %d games compared (%d for replay)", tl.compared[fPlies], tl.compared[fReplayed])
	}
	t.Logf("games: %d matched one to one; clusters by shape %v; %d records with an exception", tl.plain, tl.shapes, tl.exceptions)
	for f, name := range fieldNames {
		t.Logf("%-16s %6d of %6d agree", name, tl.agree[f], tl.compared[f])
	}
}

// tally is what the comparison found.
type tally struct {
	agree, compared   [nFields]int
	diffs             []*diff
	plain, exceptions int
	shapes            map[string][3]int // clusters, our games, records
	clusters          []clusterEntry    // found, parallel to clusterTable
}

// add compares the paired games of one cluster, after finding what explains
// the cluster when it is not one game on each side.
func (tl *tally) add(t *testing.T, cl *cluster, og []ourGame, rg []pcRecord) {
	var entry *clusterEntry // where the differences of python-chess's other text are counted
	if cl.plain(og, rg) {
		tl.plain++
	} else {
		first := cl.firstLine(og, rg)
		k := slices.IndexFunc(clusterTable, func(e clusterEntry) bool {
			return e.file == cl.file && (e.line == 0 || e.line == first)
		})
		shape, common := cl.shapeOf(og, rg)
		switch {
		case k >= 0:
			e := &tl.clusters[k]
			e.clusters++
			e.ours += len(cl.ours)
			e.refs += len(cl.refs)
			e.unpaired[0] += len(cl.ours) - len(cl.pairs)
			e.unpaired[1] += len(cl.refs) - len(cl.pairs)
			if !clusterTable[k].shape.compare {
				if e.fieldDiffs == nil {
					e.fieldDiffs = map[string]int{}
				}
				entry = e
			}
		case common:
			n := tl.shapes[shape.name]
			tl.shapes[shape.name] = [3]int{n[0] + 1, n[1] + len(cl.ours), n[2] + len(cl.refs)}
		default:
			t.Errorf("%s line %d: games cut differently, unexplained: %s", cl.file, first, cl.describe(og, rg))
			return
		}
	}
	for _, p := range cl.pairs {
		g, rec := &og[p[0]], &rg[p[1]]
		want := rec.facts()
		if rec.Exception != nil {
			tl.exceptions++
		}
		for field, w := range want {
			o := g.Facts[field]
			if w == "" || o == "" {
				continue
			}
			tl.compared[field]++
			switch {
			case o == w:
				tl.agree[field]++
			case entry != nil:
				entry.fieldDiffs[fieldNames[field]]++
			default:
				tl.diffs = append(tl.diffs, &diff{file: cl.file, index: rec.Index, line: rec.Line, field: fieldNames[field],
					ours: o, pc: w, game: g, record: rec})
			}
		}
	}
}

// explain checks that every difference is explained by a rule or by an
// entry of its own, and that every rule and table entry explains exactly
// what it says.
func (tl *tally) explain(t *testing.T) {
	ruleGot := make([]int, len(diffRules))
	knownGot := make([]int, len(knownDiffs))
next:
	for _, d := range tl.diffs {
		for i := range diffRules {
			if diffRules[i].match(d) {
				ruleGot[i]++
				continue next
			}
		}
		for i, k := range knownDiffs {
			if k.file == d.file && k.index == d.index && k.field == d.field && k.ours == d.ours && k.pc == d.pc {
				knownGot[i]++
				continue next
			}
		}
		t.Errorf("new difference: %s", d)
	}
	for i, r := range diffRules {
		if ruleGot[i] != r.count {
			t.Errorf("rule %s explains %d differences, want %d (%s)", r.name, ruleGot[i], r.count, r.why)
		}
	}
	for i, k := range knownDiffs {
		if knownGot[i] != 1 {
			t.Errorf("known difference %s #%d %s (ours %q, python-chess %q) seen %d times, want once",
				k.file, k.index, k.field, k.ours, k.pc, knownGot[i])
		}
	}
	for i, want := range clusterTable {
		got := tl.clusters[i]
		if got.clusters != want.clusters || got.ours != want.ours || got.refs != want.refs || got.unpaired != want.unpaired ||
			!maps.Equal(got.fieldDiffs, want.fieldDiffs) {
			t.Errorf("%s line %d (%s): %d clusters, %d/%d games, unpaired %v, differences %v; want %d, %d/%d, %v, %v",
				want.file, want.line, want.shape.name, got.clusters, got.ours, got.refs, got.unpaired, got.fieldDiffs,
				want.clusters, want.ours, want.refs, want.unpaired, want.fieldDiffs)
		}
	}
	if !maps.Equal(tl.shapes, shapeTable) {
		t.Errorf("clusters by shape %v, want %v", tl.shapes, shapeTable)
	}
}

// firstLine is the first line of the cluster.
func (c *cluster) firstLine(og []ourGame, rg []pcRecord) int {
	first := math.MaxInt
	for _, o := range c.ours {
		first = min(first, og[o].Line)
	}
	for _, r := range c.refs {
		first = min(first, rg[r].Line)
	}
	return first
}

func (c *cluster) describe(og []ourGame, rg []pcRecord) string {
	var b strings.Builder
	for _, o := range c.ours {
		g := og[o]
		fmt.Fprintf(&b, "[ours: lines %d-%d, %d tags, %d moves] ", g.Line, g.LastLine, g.Tags, g.Moves)
	}
	for _, r := range c.refs {
		rec := rg[r]
		fmt.Fprintf(&b, "[python-chess #%d: lines %d-%d, %d tags, %d plies] ", rec.Index, rec.Line, rec.EndLine, rec.TagCount, rec.Plies)
	}
	fmt.Fprintf(&b, "paired %d", len(c.pairs))
	return b.String()
}

// readReference reads every record of the reference, by file, and the list
// of files python-chess read (summary.json, which also names the files that
// gave no record).
func readReference(t *testing.T, dir string) ([]string, map[string][]pcRecord) {
	summary, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Skipf("reference: %v", err)
	}
	var sum struct {
		Groups map[string]struct {
			Output string `json:"output"`
			Files  []struct {
				File  string `json:"file"`
				Games int    `json:"games"`
			} `json:"files"`
		} `json:"groups"`
	}
	if err := json.Unmarshal(summary, &sum); err != nil {
		t.Fatal(err)
	}
	refs := map[string][]pcRecord{}
	var files []string
	for _, grp := range sum.Groups {
		f, err := os.Open(filepath.Join(dir, grp.Output))
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", grp.Output, err)
		}
		dec := json.NewDecoder(bufio.NewReaderSize(zr, 1<<20))
		for dec.More() {
			var r pcRecord
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("%s: %v", grp.Output, err)
			}
			refs[r.File] = append(refs[r.File], r)
		}
		f.Close()
		for _, fl := range grp.Files {
			files = append(files, fl.File)
			if len(refs[fl.File]) != fl.Games {
				t.Fatalf("%s: %d records, summary.json says %d", fl.File, len(refs[fl.File]), fl.Games)
			}
		}
	}
	sort.Strings(files)
	for _, f := range files {
		if !slices.IsSortedFunc(refs[f], func(a, b pcRecord) int { return a.Index - b.Index }) {
			t.Fatalf("%s: records out of order", f)
		}
	}
	return files, refs
}

// readCorpus reads and checks every game of files, two files at a time.
func readCorpus(t *testing.T, dir string, files []string) map[string][]ourGame {
	ours := make(map[string][]ourGame, len(files))
	var mu sync.Mutex
	jobs := make(chan string)
	var wg sync.WaitGroup
	for range min(2, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var c Checker
			for file := range jobs {
				data, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Error(err)
					continue
				}
				var games []ourGame
				err = parser.ReadGames(bytes.NewReader(data), parser.Options{}, func(g *parser.Game) {
					r := c.Check(g, &Options{})
					games = append(games, newOurGame(g, &r, data))
				})
				if err != nil {
					t.Errorf("%s: %v", file, err)
				}
				mu.Lock()
				ours[file] = games
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	return ours
}
