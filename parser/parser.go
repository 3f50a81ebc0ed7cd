package parser

import (
	"bytes"
	"io"
	"iter"
	"sync"
	"unicode/utf8"
	"unsafe"
	"weak"
)

// Options tunes a Parser. The zero value reads everything with the default
// limits.
type Options struct {
	// NoVariations skips ( ... ) without reading them: Moves then holds the
	// main line only.
	NoVariations bool
	// NoComments skips { } and ; comments without reading them: no Comment
	// spans and no [%clk]/[%emt]/[%eval].
	NoComments bool

	// ForceEncoding decodes every game that is not plain ASCII with Encoding
	// instead of detecting it.
	ForceEncoding bool
	Encoding      Encoding

	MaxDepth    int // deepest variation nesting kept (default 256)
	MaxComment  int // longest comment kept, in bytes (default 1 MiB)
	MaxMoves    int // most moves kept per game (default 50,000)
	MaxProblems int // most problems kept per game (default 100)
}

// Defaults for Options' limits.
const (
	DefaultMaxDepth    = 256
	DefaultMaxComment  = 1 << 20
	DefaultMaxMoves    = 50000
	DefaultMaxProblems = 100
	maxTagValue        = 64 << 10
	// maxTags is the most tag pairs a game keeps: real headers hold a few
	// dozen, and a file of a million tag lines in one header held them all.
	maxTags = 1024
)

// Parser turns chunks into games. It is not safe for concurrent use: give
// each worker its own. The *Game handed to the callback is reused for the
// next game; copy it (Game.Clone) to keep it.
type Parser struct {
	opt  Options
	g    Game
	emit func(*Game)

	// the segment being read: a piece of a chunk between two boundaries
	src     []byte
	dec     []byte
	lmap    legacyMap
	legacy  bool
	enc     Encoding
	encAlt  Encoding // the piece's close runner-up code page (Game.EncodingAlt)
	rawBase int64    // input offset of src[0]
	eol     lineEnd  // endOfLine's last answer
	work    int      // bytes the searches along a line looked at, counted for the tests

	line         int64
	lineStart    int   // src offset of the current line's first byte (0 on the first line)
	lineStartRaw int64 // input offset of the current line's first byte
	segLineRaw   int64 // input offset of the first byte of the segment's first line
	segFromLine  bool  // the segment begins at its first line's start (Game.Lead)
	segBOM       bool  // the segment begins with a BOM, which src leaves out (Game.LeadBOM)
	// segCut says that src ends where the Splitter cut a game at the size
	// cap: its end is no game's end, and the next chunk goes on with it.
	segCut bool
	// Game.Lead's count so far on the line at src offset leadLine: leadN
	// characters up to leadTo, all UTF-8 while leadOK.
	leadLine, leadTo int
	leadN            int64
	leadOK           bool

	// the game being read
	gs          int // src offset where its text starts
	extras      []byte
	plies       []int32
	stack       []frame
	fr          frame
	firstPly    int32
	asidePly    int32 // main-line reading: the ply of the last aside skipped
	pend        pending
	ended       bool // its result marker has been read
	lastWasMove bool
	inProse     bool // the last word was not movetext
	// proseFrom is where the words of scoresheet text since the last move
	// or comment began (src offset, -1: none; and position), numbers among
	// them: "Game 12".
	proseFrom    int
	proseFromPos Pos
	text         bool // no tags: read as a scoresheet or a text with moves
	sawProse     bool // a word that is not a move was read in this game
	// lost is the Gap link (Move.Gap) of a word that could not be read but
	// stood where a move was expected, and so took that move's turn: an
	// unnumbered move after it is the other side's. 0 when there is none.
	lost uint16
	// gapMoves counts the moves of the game with a Gap, so that HasGap
	// can be cleared when takeBackLostTurn removes the last one.
	gapMoves int32
	// placedIdx is the move placedAfter last counted (-1: none), and
	// placedPly the ply the replay gives it.
	placedIdx, placedPly int32
	// slipIdx is the main-line move whose number fitted neither the count
	// of the moves before it nor a gap (-1: none), and slipPly the ply that
	// count gave it: a number that fits that count again after it is no
	// new problem ("59... Kf7 9. Ke3 Ke7 60. Kd4": the 9. was 59.).
	slipIdx, slipPly int32
	// firstFromFEN says that the first move, unnumbered, took its number
	// from the FEN tag: a lower number after it is a mistake, not a restart,
	// unless it is "1.".
	firstFromFEN bool
	tagRefs      []tagRef
	tagBuf       []byte
	said         uint16 // one-off problems already reported
	events       int    // things filed into the game (problems, comments, NAGs)
	norm         []byte

	// held are the comments read after the game's result that open on a
	// later line than it (src ranges). Such a comment stands between two
	// games, where a reader takes it for the next game's, before its first
	// move ("1-0\n\n{Game 2} 1. d4"): the next game begun in the piece gets
	// it (splitGame). Where none follows (a tag section or the chunk's end
	// does), it closes this game (finishGame), whose Text holds it either
	// way: the next game begins at its move, where the Splitter may cut
	// too, so that a game just after such a cut leaves it to the one
	// before.
	held []srcRange

	// chunk flags for the problems of cut games
	continued bool
	// eco says the chunk is of a Scid ECO file (Chunk.ECO): a '#' line is
	// a comment there, in an entry's movetext too.
	eco bool

	head headRead // what headTags read of the piece being read

	noFastRun bool // tests: read without fastRun, to compare
	noHead    bool // tests: read without headTags, to compare

	// Scoresheet text only, kept after the fields every game uses.
	// remarks are the runs of prose words of scoresheet text read since
	// the last move, comment or result of a game that has a move (src
	// ranges), which become a comment on that move once the game goes on
	// (see remark.go); remarkOpen says that the next prose word extends the
	// last run rather than starting one.
	remarks    []srcRange
	remarkOpen bool
	// heading is the prose between the game just ended and the next
	// (src ranges): the lines after its last move or its result ("Партия 2.
	// Петров — Сидоров"), which splitGame makes the next game's leading
	// comment; none follows at the piece's end, and it is left out.
	heading []srcRange
	// resultAt is the src offset of the game's result marker, valid while
	// ended is set: the remarks on its line are the game's (endRemarks).
	resultAt int
	// wordRes is a result written in words right after the last move
	// ("Белые сдались"), which ends the game (afterResultWords).
	wordRes wordResult
	// pairBuf is scratch for the normalised forms of a move written as two
	// squares around a spaced dash (spacedPair).
	pairBuf []byte
	// capitals says that a move of the game was written with a capital
	// file ("E2-E4", "КF3"): the writer types squares so, and a piece
	// before a capital square after prose is a move too (capitalAfterProse).
	capitals bool
	// threat is the line of moves that a note gives as a threat, being
	// read (threat.go).
	threat threatRun
	// namedEnd is the src offset where the last move that namedInProse
	// took for the note's word ends (-1: none), which a move joined to it
	// by "and" follows ("ходами Kg1-f3 и d2-d4").
	namedEnd int
	// blackFirst says that the game's first move, in scoresheet text, was
	// written without a number after an ellipsis ("... dxc6"), and no
	// number has come since (numberFirstMoves).
	blackFirst bool
}

// frame is one line of play: the main line or an open variation.
type frame struct {
	cur     int32 // the last move of the line, -1 for the start position
	spine   int32 // scoresheet text: the last move of the line as written in order
	base    int32 // the move the line starts after
	depth   int16
	onSpine bool
	open    byte // '(' or '[' (a bracketed note in scoresheet text)
	pos     Pos
	// afterMove is lastWasMove when the line opened: in scoresheet text
	// an aside ending in prose leaves the move before it the last one read
	// ("4. С:c6 (см. партию 12) dc"), as a comment in braces does.
	afterMove bool
	// at is the src offset of the bracket that opened the line, and
	// moves how many moves the game had then: a bracket of scoresheet
	// text that closes with no move in it is a remark, brackets and all
	// (closeVariation).
	at    int
	moves int
}

// pending is a move number read but not yet given to a move.
type pending struct {
	ok     bool
	num    int32
	dots   int
	start  int // src offset of the number
	line   int64
	lineAt int64
	events int // the game's event count when the number was read
}

type tagRef struct {
	nameOff, nameLen int32 // in tagBuf, when the name is not interned
	valOff, valLen   int32
}

// spanInExtras marks a Span that points into the parser's extras buffer
// until the game is finished and the extras are appended to Text.
const spanInExtras = 1 << 31

// NewParser returns a Parser with opt.
func NewParser(opt Options) *Parser {
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = DefaultMaxDepth
	}
	if opt.MaxDepth > 1<<14 {
		opt.MaxDepth = 1 << 14
	}
	if opt.MaxComment <= 0 {
		opt.MaxComment = DefaultMaxComment
	}
	if opt.MaxMoves <= 0 {
		opt.MaxMoves = DefaultMaxMoves
	}
	if opt.MaxProblems <= 0 {
		opt.MaxProblems = DefaultMaxProblems
	}
	return &Parser{opt: opt}
}

// Parse reads every game of c and calls fn for each, in order. The games'
// byte ranges follow each other without gap or overlap and cover the chunk
// (a chunk of blanks only yields no game).
func (p *Parser) Parse(c Chunk, fn func(*Game)) {
	p.emit = fn
	p.continued = c.Continued
	if c.ECO {
		p.eco = true
		p.parseECO(c)
		p.eco = false
		p.emit = nil
		p.shed()
		return
	}
	if c.EPD {
		p.parseEPD(c)
		p.emit = nil
		p.shed()
		return
	}
	data := c.Data
	pos := c.startPos()
	for start := 0; start < len(data); {
		end := NextBoundary(data, p.headTags(data, start, pos))
		for end >= 0 && isBlankText(data[start:end]) {
			end = NextBoundary(data, end+1)
		}
		if start == 0 && pos.Offset == 0 && !c.Continued && isPreamble(data, end) {
			// Comments before a file's first game are read with it, not
			// as a game of their own.
			end = NextBoundary(data, end+1)
		}
		if end < 0 {
			end = len(data)
		}
		seg := data[start:end]
		if isBlankText(seg) {
			pos = posAfter(pos, seg)
		} else {
			pos = p.segment(seg, pos, c.Cut && end == len(data))
		}
		start = end
	}
	p.emit = nil
	p.shed()
}

// startPos is c.Start, its zero line and column read as the input's first.
func (c *Chunk) startPos() Pos {
	pos := c.Start
	if pos.Line == 0 {
		pos.Line = 1
	}
	if pos.Col == 0 {
		pos.Col = 1
	}
	return pos
}

// maxKept is the most a scratch buffer keeps from one chunk to the next: a
// chunk's worth of ordinary games, decoded. A game or a piece of prose as
// long as a whole chunk, up to 16 MiB, made each worker keep twice and
// three times that for the rest of the run.
const maxKept = 4 << 20

// shed lets go of the scratch a chunk made larger than maxKept, and of the
// chunk itself.
func (p *Parser) shed() {
	p.lmap.raw, p.src = nil, nil
	p.forgetLineEnd()
	if cap(p.dec) > maxKept {
		putText(p.dec)
		p.dec = nil
	}
	if cap(p.lmap.marks)*int(unsafe.Sizeof(legacyMark{})) > maxKept {
		p.lmap.marks = nil
	}
	if cap(p.g.Text) > maxKept {
		putText(p.g.Text)
		p.g.Text = nil
	}
	if cap(p.extras) > maxKept {
		p.extras = nil
	}
	if cap(p.norm) > maxKept {
		p.norm = nil
	}
	if cap(p.tagBuf) > maxKept {
		p.tagBuf = nil
	}
	if cap(p.g.Moves)*int(unsafe.Sizeof(Move{})) > maxKept {
		p.g.Moves, p.plies = nil, nil
	}
}

// textFree holds, weakly, the decoded text of pieces longer than maxKept
// that the parsers shed (a chunk of prose in a code page, 30 MiB of it for
// 16 MiB of Cyrillic): the next such piece, in any worker, is decoded into
// one of them rather than into fresh memory, which made the heap grow to
// the soft limit on 64 MB of prose, a chunk after another. Weakly: a
// buffer kept here is not live, and the collector frees it as any garbage
// (a sync.Pool kept its buffers live for two cycles, stranded some in a
// P's private slot, and with a second reading of each chunk held four of
// them, 141 MB live). At most maxFreeTexts are kept.
var textFree struct {
	sync.Mutex
	bufs []freeText
}

type freeText struct {
	p   weak.Pointer[byte] // the buffer's first byte
	cap int
}

const maxFreeTexts = 2

func putText(b []byte) {
	if cap(b) == 0 {
		return
	}
	f := freeText{weak.Make(unsafe.SliceData(b)), cap(b)}
	textFree.Lock()
	defer textFree.Unlock()
	live := textFree.bufs[:0]
	for _, t := range textFree.bufs {
		if t.p.Value() != nil {
			live = append(live, t)
		}
	}
	if len(live) >= maxFreeTexts {
		live = append(live[:0], live[1:]...) // the oldest goes
	}
	textFree.bufs = append(live, f)
}

// takeText returns an empty buffer of at least n bytes from textFree, or
// nil.
func takeText(n int) []byte {
	textFree.Lock()
	defer textFree.Unlock()
	for i, t := range textFree.bufs {
		if t.cap < n {
			continue
		}
		textFree.bufs = append(textFree.bufs[:i], textFree.bufs[i+1:]...)
		if p := t.p.Value(); p != nil {
			return unsafe.Slice(p, t.cap)[:0]
		}
		return nil
	}
	return nil
}

// Games returns an iterator over the games of c (see Parse).
func (p *Parser) Games(c Chunk) iter.Seq[*Game] {
	return func(yield func(*Game) bool) {
		stop := false
		p.Parse(c, func(g *Game) {
			if !stop && !yield(g) {
				stop = true
			}
		})
	}
}

// ReadGames reads every game of r with one Splitter and one Parser (no
// concurrency) and calls fn for each.
func ReadGames(r io.Reader, opt Options, fn func(*Game)) error {
	s := NewSplitter(r, SplitOptions{Parse: opt})
	p := NewParser(opt)
	for {
		c, err := s.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		p.Parse(c, fn)
		c.Release()
	}
}

// afterTagSection returns where the search for the boundary after the one
// at start may begin: past the tag and blank lines that follow start, none of
// which can be a boundary (each follows a tag line), except an [Event line
// after a blank line.
func afterTagSection(data []byte, start int) int {
	if open, _ := tagOpenAt(data, start, true); !open {
		return start + 1 // the input start, or a piece after a cut
	}
	return afterTagLines(data, start, start, false, false)
}

// afterTagLines is afterTagSection from the line start i on, after tag
// lines (tags) and a blank line since the last of them (blank).
func afterTagLines(data []byte, start, i int, blank, tags bool) int {
	for i < len(data) {
		e := bytes.IndexByte(data[i:], '\n')
		if e < 0 {
			e = len(data)
		} else {
			e += i
		}
		line := data[i:e]
		switch {
		case isBlank(line):
			blank = true
		case isTagLine(line):
			if tags && blank && string(tagNameAt(data, i)) == "Event" {
				return i
			}
			tags, blank = true, false
		default:
			return max(i, start+1)
		}
		i = e + 1
	}
	return max(min(i, len(data)), start+1)
}

func isBlankText(b []byte) bool {
	b = bytes.TrimPrefix(b, utf8BOM)
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

// segment reads the games between two boundaries and returns the input
// position of the byte after seg; start is that of its first byte.
func (p *Parser) segment(seg []byte, start Pos, cut bool) (end Pos) {
	p.enterSegment(seg, start)
	p.segCut = cut
	p.beginGame(0, start)
	p.g.BOM = p.segBOM
	from := 0
	if h := &p.head; h.to > 0 && !p.legacy {
		// The tag pairs headTags read stand as tagPair would have left
		// them; beginGame only cut the slices back.
		p.g.Tags = p.g.Tags[:h.tags]
		p.tagRefs = p.tagRefs[:h.tags]
		p.tagBuf = p.tagBuf[:h.buf]
		p.text = false
		from = h.to
		p.line, p.lineStart, p.lineStartRaw = h.line, from, p.rawBase+int64(from)
	}
	p.run(from)
	// The reading accounts for every line end it crosses, so the position
	// after the last byte is known without counting them again (posAfter's
	// count was 70 M instructions of the 3.8 G BenchmarkStreamRead). A
	// decoded piece maps its offsets back to the input's: posAfter counts.
	if p.legacy {
		end = posAfter(start, seg)
	} else {
		end = p.posAt(len(p.src))
	}
	p.finishGame(len(p.src), end, cut, true)
	return end
}

// enterSegment makes seg, whose first byte is at input position start,
// the text p.src that the reader reads: past a BOM, decoded from the code
// page guessed for it when it is neither ASCII nor UTF-8, with the line
// count at its start.
func (p *Parser) enterSegment(seg []byte, start Pos) {
	bom := 0
	if bytes.HasPrefix(seg, utf8BOM) {
		bom = len(utf8BOM)
	}
	body := seg[bom:]
	p.forgetLineEnd() // src gets new text, perhaps in the same buffer
	p.legacy = false
	p.enc, p.encAlt = UTF8, UTF8
	p.src = body
	if !isASCII(body) {
		if enc, alt, keep, legacy := p.pieceDecoding(body); legacy {
			p.decode(body, enc, keep)
			p.encAlt = alt
		}
	}
	p.rawBase = start.Offset + int64(bom)
	p.line = start.Line
	p.lineStart = 0
	p.lineStartRaw = start.Offset - int64(start.Col-1)
	p.segLineRaw = p.lineStartRaw
	p.segFromLine = start.Col == 1
	p.segBOM = bom > 0
	p.leadLine = -1
}

// pieceDecoding says how the piece body (past a BOM), which is not plain
// ASCII, is read: as it is (legacy false: valid UTF-8, UTF-8 forced), or
// decoded from the code page enc, keeping valid UTF-8 sequences when keep
// is set; alt is the close runner-up to enc (Game.EncodingAlt), else UTF8.
func (p *Parser) pieceDecoding(body []byte) (enc, alt Encoding, keep, legacy bool) {
	switch {
	case p.opt.ForceEncoding && p.opt.Encoding != UTF8:
		return p.opt.Encoding, UTF8, false, true
	case p.opt.ForceEncoding || utf8.Valid(body):
		return UTF8, UTF8, false, false
	}
	multi, invalid := utf8Stats(body)
	keep = multi > 0 && multi >= invalid
	enc, alt = guessEncoding(body, keep)
	if keep {
		// A reading under the runner-up, forced, would decode the UTF-8
		// sequences this one keeps: it is offered only when none is kept.
		alt = UTF8
	}
	return enc, alt, keep, true
}

// cutReadsAlike says that a chunk c.Data[:x], x a game start inside the
// piece p is reading from chunk c, reads the piece's part before x as p
// reads it: as the same text, labelled alike. So it does when the piece is
// read as it is, when the part is plain ASCII, or when the part makes the
// guess the whole piece made; not when fewer bytes guess otherwise.
func (p *Parser) cutReadsAlike(c Chunk, x int) bool {
	if !p.legacy {
		return true
	}
	part := c.Data[p.rawBase-c.Start.Offset : x]
	if isASCII(part) {
		return true
	}
	enc, _, keep, legacy := p.pieceDecoding(part)
	return legacy && enc == p.enc && keep == p.lmap.keepUTF8
}

func (p *Parser) decode(body []byte, enc Encoding, keepUTF8 bool) {
	if len(body) > maxKept && cap(p.dec) < 2*len(body) {
		if b := takeText(decodedLen(body, enc)); b != nil {
			p.dec = b
		}
	}
	p.dec = decodeLegacy(p.dec[:0], body, enc, keepUTF8, &p.lmap)
	p.src = p.dec
	p.forgetLineEnd()
	p.legacy = true
	p.enc = enc
}

// raw returns the input offset of src offset i.
func (p *Parser) raw(i int) int64 {
	if p.legacy {
		return p.rawBase + int64(p.lmap.rawOffset(i))
	}
	return p.rawBase + int64(i)
}

// posAt returns the position of src offset i, which must lie on the line
// being read.
func (p *Parser) posAt(i int) Pos {
	r := p.raw(i)
	return Pos{Offset: r, Line: p.line, Col: r - p.lineStartRaw + 1}
}

// newline records that a line starts at src offset i.
func (p *Parser) newline(i int) {
	p.line++
	p.lineStart = i
	p.lineStartRaw = p.raw(i)
}

// lines accounts for the line ends in src[from:to].
func (p *Parser) lines(from, to int) {
	b := p.src[from:to]
	if n := bytes.Count(b, nl); n > 0 {
		p.line += int64(n)
		p.lineStart = from + bytes.LastIndexByte(b, '\n') + 1
		p.lineStartRaw = p.raw(p.lineStart)
	}
}

// posFar returns the position of src offset i at or after the start of the
// line being read, counting the line ends in between.
func (p *Parser) posFar(i int) Pos {
	// A game that begins inside a line (a chunk or a split there) has its
	// line start before src: no line end stands between.
	start := max(p.lineStart, 0)
	if i < start {
		// Before the line being read: a remark filed when the game went
		// on (remark.go).
		r := p.raw(i)
		lineRaw := p.segLineRaw
		if k := bytes.LastIndexByte(p.src[:i], '\n'); k >= 0 {
			lineRaw = p.raw(k + 1)
		}
		return Pos{Offset: r, Line: p.line - int64(bytes.Count(p.src[i:start], nl)), Col: r - lineRaw + 1}
	}
	b := p.src[start:i]
	n := bytes.Count(b, nl)
	if n == 0 {
		return p.posAt(i)
	}
	ls := start + bytes.LastIndexByte(b, '\n') + 1
	r := p.raw(i)
	return Pos{Offset: r, Line: p.line + int64(n), Col: r - p.raw(ls) + 1}
}
