package parser

// Pos is a place in the source file: a 0-based byte offset into the
// (decompressed) input, and a 1-based line and byte column (Game.CharCol
// gives the column in characters).
//
// Line is 64-bit: a monthly Lichess dump holds some 2^31 lines or more,
// past which a 32-bit count wraps negative. So is Col: games may follow
// each other on one line, and a dump written without line ends is one line
// of gigabytes. (A Pos takes 24 bytes either way.)
type Pos struct {
	Offset int64
	Line   int64
	Col    int64
}

// Span is a slice of Game.Text. Strings of a game live in one buffer so that a
// game's moves, tags and comments cost no allocation each.
type Span struct {
	Off, Len uint32
}

// Game is one game as written.
type Game struct {
	// Start and End delimit the game's bytes in the input: [Start.Offset, End.Offset).
	Start, End Pos

	Tags  []Tag
	Moves []Move // every move in source order, variations included (HasColumns: in number order)

	// Result is the game-termination marker at the end of the movetext
	// ("1-0", "0-1", "1/2-1/2", "*"), or empty when there is none.
	Result string
	// ResultPos is the marker's position or, without one, the position
	// right after the game's last token (move, comment, tag), where the
	// marker would stand.
	ResultPos Pos
	// ResultRaw is the marker as written when that is not Result's PGN
	// form ("1/2", "½-½", "1:0"), or the PGN form glued to the move
	// before it ("gxf41-0": "1-0"), so that a report can quote it; zero
	// otherwise.
	ResultRaw Span

	// FirstPly is the ply the game's first move has by its move number
	// (2N-1 for "N.", 2N for "N..."), else by the FEN tag's move counter,
	// else 1; 0 when the game has no move. A game without a FEN whose first
	// move is numbered above 1 is a fragment: nothing says where its first
	// move was played from.
	FirstPly int32

	// NextHeading is the offset in Text of the prose after the game's last
	// move that the next game takes as its heading (its Comment): scoresheet
	// text without a result marker, where the game's text runs on to the next
	// game's first move. 0 when there is none.
	NextHeading uint32

	// Comment is a comment that stands before the first move, which for a
	// game that begins after another's result in the same piece includes
	// the comments on the lines after that result: their bytes lie before
	// Start, in the other game's Text (see doc.go).
	Comment Span

	// Encoding is how the game's bytes were decoded: UTF8 for valid
	// UTF-8, and for plain ASCII, which reads the same in every encoding.
	Encoding Encoding
	// EncodingAlt is the code page that scored next to Encoding when the
	// guess from the bytes is in doubt: it scores at least half as much and
	// reads some byte of them otherwise (a lone KOI8-R "кf3" is Windows-1251's
	// "Лf3"). Only the moves can tell such pages apart, so a checker may read
	// the game's bytes with it too (parser.Options.ForceEncoding) and keep
	// the reading that replays. UTF8 when there is none, when the encoding
	// was forced, and for plain ASCII.
	EncodingAlt Encoding
	Scripts     Scripts // character families seen in the move text
	// Has says what the moves hold besides moves, so that a reader looking
	// for variations or clocks need not visit every move to find none.
	Has Has

	Problems []Problem // what could not be read, each with its place

	// UnreadClocks lists the [%clk] and [%emt] commands whose value could
	// not be read ("[%clk 2:59]", where 2:59 may be H:MM or M:SS), in
	// source order. The comment holding one is good PGN, so it is no
	// Problem: what a clock that cannot be read means is for the reader of
	// the clocks to say.
	UnreadClocks []UnreadClock

	// UnreadEvals lists the [%eval] commands whose value could not be read
	// ("[%eval +-]"), in source order. The comment is good PGN, so it is
	// no Problem: only the evaluation is lost, which the checker says once
	// a game.
	UnreadEvals []UnreadEval

	// Renumbered lists the move numbers written again for the move after
	// the one they number ("20.Kd2 20.Rb6", Black's move under White's
	// number), in source order, each at its number: the move is read as
	// the one expected, so the number is no Problem but a notation PGN does
	// not know, which the checker reports once a game.
	Renumbered []Problem

	// Pairs lists the moves written as two words around a spaced dash
	// ("Сb5 — a6") that may be one move or a move of each side, which no
	// move number after them decided (see SplitPair); nil for most games.
	Pairs []Pair

	// Text holds the UTF-8 text every Span of this game points into: the
	// game's bytes, decoded (without a BOM), then strings of its own.
	Text []byte

	// BOM says the game's bytes begin with a UTF-8 byte order mark (at
	// Start), which Text leaves out and Pos.Col counts (Game.ByteCol and
	// Game.CharCol do not).
	BOM bool

	// EPD says the game is a line of an EPD file (see epd.go): a position
	// with its FEN and SetUp tags and the moves its operations name, each a
	// side line of one move from it; no players, no result.
	EPD bool

	// PieceList says the game's FEN and SetUp tags were read from a list
	// of pieces in its text (see pieces.go), not written as tags.
	PieceList bool

	// Perft lists the node counts a perft suite's line gives its position
	// (";D1 20 ;D2 400"), in source order; empty for every other game.
	Perft []PerftCount
	// PV and SV mark the moves an EPD line's pv (predicted variation) and
	// sv (supplied variation) name, each a line of play from the position.
	// Both empty for every other game.
	PV, SV LineOfPlay

	// Lead is the number of characters on Start's line before Start, for a
	// game that begins inside a line after text the parser read with it
	// (another game's result, a heading such as "Партия 2:", a comment):
	// Text does not hold them, and Game.CharCol needs them. 0 when the game
	// begins its line, and when they are not known: the line begins in an
	// earlier piece or chunk, or the text before is not UTF-8.
	Lead int64
	// LeadBOM says that the line Start is on begins with a UTF-8 byte order
	// mark before the game (the file's first line, another game before this
	// one on it), which Pos.Col counts and Game.ByteCol does not.
	LeadBOM bool
}

// PerftCount is one node count of a perft suite's line: "D3 8902" says
// that the legal move tree of the line's position has 8902 leaves 3 plies
// deep.
type PerftCount struct {
	Depth int
	Nodes uint64
	Pos   Pos // of the count (8902), where a finding about it points
}

// LineOfPlay marks the moves of a line of play that an EPD operation (pv,
// sv) names: Moves[From:To], each played after the one before it. Empty
// (To 0) when the operation is absent.
type LineOfPlay struct{ From, To int32 }

// LineOfPlayOf says which of an EPD line's lines of play move i is in, by
// its opcode ("pv", "sv"), and its number there, from 1: a finding names
// the move so, the line as a whole being named by its first move. It
// returns "", 0 for a move in neither.
func (g *Game) LineOfPlayOf(i int32) (string, int32) {
	switch {
	case i >= g.PV.From && i < g.PV.To:
		return "pv", i - g.PV.From + 1
	case i >= g.SV.From && i < g.SV.To:
		return "sv", i - g.SV.From + 1
	}
	return "", 0
}

// NotAGame reports that no tag pair, move or result could be read in the
// game's text (a web page saved as .pgn, a lone comment, a preamble): the
// parser hands such text on as a game, so that no input goes uncounted, with
// a Problem saying it is not one.
func (g *Game) NotAGame() bool { return len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == "" }

// Str returns the text of s.
func (g *Game) Str(s Span) string { return string(g.Text[s.Off : s.Off+s.Len]) }

// Bytes returns the text of s without copying; it is valid until the game is reused.
func (g *Game) Bytes(s Span) []byte { return g.Text[s.Off : s.Off+s.Len] }

// Tag is one tag pair, with its value unescaped.
type Tag struct {
	Name, Value string
	Pos         Pos
}

// Move is one move as written.
type Move struct {
	Raw  Span // as written, decoded to UTF-8
	Norm Span // homoglyphs folded to Latin, dashes and zeros unified, annotations cut
	// Parts is Norm taken apart, for the words of plain SAN the parser's
	// fast path read (nearly every move); 0 for the others, whose Norm is
	// to be read. See SANParts.
	Parts SANParts
	Pos   Pos

	Number int32 // the move number written before it, 0 when none
	Prev   int32 // index in Game.Moves of the move played just before, -1 for the start position
	Depth  int16 // variation nesting: 0 is the main line

	NAGs    [2]uint8 // the first two NAGs or suffix annotations ($1 for "!", ...), 0 when none
	Comment Span     // the comments after the move, joined by a space

	// Folds says what normalisation folded to reach Norm from Raw (0 for
	// plain SAN), so that the rules can still report it: Norm no longer
	// shows a zero in "0-0" or a Cyrillic е in "е4".
	Folds Folds

	// Gap marks a move that its written number, or an unreadable word
	// standing where a move was expected ("12. Qxx7 Nxc3"), gives to the
	// other side than the one to move after Prev: a move is missing before
	// it, and replaying it for the side to move would make up an illegal
	// move. It is 1 + the index in Problems of the problem that says so
	// (the rules add to it what they skip), GapUnlinked when the cap on
	// problems left that out, and 0 for every other move.
	Gap uint16

	// Clock commands from the comment, in milliseconds; -1 when absent. A
	// negative reading is kept (as -2 at most) for the rules to report.
	Clock int64 // [%clk]: the mover's remaining time after the move
	EMT   int64 // [%emt]: the time the move took
	// Eval is [%eval] in centipawns from White's view; EvalMate is a mate
	// distance (+ for White) when the eval was "#N". HasEval says whether either is set.
	Eval     int32
	EvalMate int16
	HasEval  bool
	// ClockUnread says that the move's comments hold a [%clk] whose value
	// could not be read (Game.UnreadClocks has it): its clock was written,
	// though Clock, without another [%clk] read, holds none.
	ClockUnread bool
}

// GapUnlinked is Move.Gap for a move whose gap no kept Problem reports.
const GapUnlinked = ^uint16(0)

// Folds is a bit set of the ways normalisation changed a move's characters.
// Each names a departure from SAN that Norm no longer shows.
type Folds uint16

const (
	FoldCastleZeros    Folds = 1 << iota // castling with zeros: "0-0"
	FoldCastleCyrillic                   // castling with Cyrillic О: "О-О"
	FoldCastleLower                      // castling with lowercase o: "o-o"
	FoldDash                             // a dash other than '-': "e2–e4", "0—0"
	FoldCaptureSign                      // '×', 'X' or Cyrillic 'х' as the capture mark
	FoldCyrillicSquare                   // Cyrillic look-alikes in squares: "е4", "а6", "Е2" (an opening с is FoldLeadingC)
	FoldCapitalFile                      // a capital file letter: "E2-E4", Cyrillic "Е2-Е4"
	FoldOCR                              // OCR confusions: Ь for b, З for 3, б for 6, l for 1
	FoldSpaced                           // blanks or a soft hyphen inside the move: "N f3", "0 - 0", "e2 - e4"
	// FoldLeadingC is a lowercase Cyrillic с opening the move, folded to
	// the file c ("с4", "сd5") and, unlike the look-alikes of
	// FoldCyrillicSquare, perhaps no square at all: the bishop's С typed
	// small ("сb5", as "кf3" is a knight's move). The characters cannot
	// tell; the replay reads the bishop where the file names no legal move.
	FoldLeadingC

	// NumFolds is the number of fold bits: every Folds value is below 1<<NumFolds.
	NumFolds = iota
)

// SANParts is a move word of plain SAN taken apart: which piece moves,
// the origin as far as written, the destination, and the capture mark,
// promotion, castling and check or mate sign, as the word writes them.
// The parser's fast path, which reads nearly every move, checks the shape
// of a word and finds its parts in one pass; kept in the Move, they spare
// the replay reading the word a second time (ParseMoveInto under the
// English letters takes the same word apart into the same parts, which
// FuzzSANParts in validate holds it to).
//
// It is set only for words SAN allows, of the shapes the fast path reads
// from a table ("e4", "Nf3+", "Nbd2", "R1e2", "exd5#": nearly every move)
// and castling. It is 0, "not taken apart", for any other word, read from
// Norm: the rarer words of SAN (promotions, "Nbxd2", a word at the end of
// the input), and those SAN does not allow ("e2e4", "axd5", "e4++"), which
// the replay reads with what they depart from.
//
// Each number has a byte of its own and each mark a bit, so that reading
// one is a shift or a bit test.
type SANParts uint64

// The bytes of SANParts, from the lowest.
const (
	partsPiece     = 8 * iota // the piece letter (see Piece)
	partsFromFile             // an int8: 0 for the a-file, -1 when not written
	partsFromRank             // an int8: 0 for the first rank, -1 when not written
	partsToFile               // an int8, -1 for castling
	partsToRank               // an int8, -1 for castling
	partsPromotion            // the letter promoted to, 0 for none
	partsFlags                // the bits below
)

// The bits of SANParts' flags byte. A reader tests each as a bit of the
// whole value, one instruction.
const (
	partsCapture     = 1 << iota // 'x'
	partsCheck                   // '+'
	partsMate                    // '#'
	partsShortCastle             // O-O
	partsLongCastle              // O-O-O
)

// Piece is the letter of the piece the word moves: K, Q, R, B or N; O for
// castling; 0 for a pawn, which SAN writes with no letter.
func (p SANParts) Piece() byte { return byte(p >> partsPiece) }

// FromFile and FromRank are the origin as far as the word writes it (0 for
// the a-file and the first rank): a piece's disambiguation, or the file a
// pawn captures from; -1 when not written.
func (p SANParts) FromFile() int8 { return int8(p >> partsFromFile) }
func (p SANParts) FromRank() int8 { return int8(p >> partsFromRank) }

// ToFile and ToRank are the destination; -1 for castling, which names none.
func (p SANParts) ToFile() int8 { return int8(p >> partsToFile) }
func (p SANParts) ToRank() int8 { return int8(p >> partsToRank) }

// Promotion is the letter of the piece a pawn promotes to (Q, R, B, N), 0
// when the word promotes none.
func (p SANParts) Promotion() byte { return byte(p >> partsPromotion) }

// Capture says that the word has the capture mark x.
func (p SANParts) Capture() bool { return p&(partsCapture<<partsFlags) != 0 }

// ShortCastle and LongCastle say the word is O-O or O-O-O.
func (p SANParts) ShortCastle() bool { return p&(partsShortCastle<<partsFlags) != 0 }
func (p SANParts) LongCastle() bool  { return p&(partsLongCastle<<partsFlags) != 0 }

// Check and Mate say the word ends in '+' or '#'.
func (p SANParts) Check() bool { return p&(partsCheck<<partsFlags) != 0 }
func (p SANParts) Mate() bool  { return p&(partsMate<<partsFlags) != 0 }

// Problem is something in the input that could not be read as PGN. It becomes a
// `syntax` finding.
type Problem struct {
	Pos     Pos
	Message string
}

// UnreadClock is a [%clk] or [%emt] command whose value could not be read.
type UnreadClock struct {
	Pos  Pos   // of its "[%"
	Move int32 // index in Game.Moves of the move whose comment holds it
	EMT  bool  // an [%emt]; else a [%clk]
	Arg  Span  // the value as written, without the blanks around it
}

// UnreadEval is an [%eval] command whose value could not be read.
type UnreadEval struct {
	Pos Pos  // of its "[%"
	Arg Span // the value as written, without the blanks around it
}

// Encoding names how a game's bytes were decoded.
type Encoding uint8

const (
	UTF8 Encoding = iota
	Windows1252
	Windows1251
	KOI8R
	CP866
	CP850 // DOS Western European: German and French files from DOS programs
)

var encodingNames = [...]string{"utf-8", "windows-1252", "windows-1251", "koi8-r", "cp866", "cp850"}

func (e Encoding) String() string {
	if int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return "unknown"
}

// EncodingNames lists the names ParseEncoding reads, in the order of the
// encodings.
func EncodingNames() []string { return append([]string(nil), encodingNames[:]...) }

// ParseEncoding returns the encoding String names name ("windows-1251", ...).
func ParseEncoding(name string) (Encoding, bool) {
	for e, n := range encodingNames {
		if n == name {
			return Encoding(e), true
		}
	}
	return 0, false
}

// Scripts is the set of character families met in a game's move text; the
// replay uses it to choose which letter sets to try.
type Scripts uint8

const (
	LatinLetters    Scripts = 1 << iota // piece letters in Latin script
	CyrillicLetters                     // Cyrillic piece letters (Кр Ф Л С К)
	Figurines                           // Unicode ♔..♟
	FontBytes                           // ChessBase font bytes (¢£¤¥¦§ or their Windows-1251 faces)
)

// Has is a set of kinds of content a game's moves may hold.
type Has uint8

const (
	HasVariations Has = 1 << iota // a move with Depth > 0
	HasClocks                     // a [%clk] or [%emt] read into a move's Clock or EMT
	HasGap                        // a move with a Gap
	// HasColumns says the moves were written as a scoresheet in two
	// columns and stand in Moves in the order of their numbers, not in
	// source order (see readColumns).
	HasColumns
	// HasCapitalFile: a move whose capital file letter was folded
	// (FoldCapitalFile). "BXC5" reads as the bishop's or the b-pawn's move,
	// and only the board tells which: the checker's plain loop, which asks
	// nothing more of a move than its reading, leaves such games to the
	// general one.
	HasCapitalFile
)

// TagValue returns the value of the first tag called name.
func (g *Game) TagValue(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Clone returns a deep copy of g that stays valid after the parser moves on.
func (g *Game) Clone() *Game {
	c := *g
	c.Tags = append([]Tag(nil), g.Tags...)
	c.Moves = append([]Move(nil), g.Moves...)
	c.Problems = append([]Problem(nil), g.Problems...)
	c.UnreadClocks = append([]UnreadClock(nil), g.UnreadClocks...)
	c.UnreadEvals = append([]UnreadEval(nil), g.UnreadEvals...)
	c.Renumbered = append([]Problem(nil), g.Renumbered...)
	c.Pairs = append([]Pair(nil), g.Pairs...)
	c.Perft = append([]PerftCount(nil), g.Perft...)
	c.Text = append([]byte(nil), g.Text...)
	return &c
}
