package parser

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"unicode/utf8"
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
	rawBase int64 // input offset of src[0]

	line         int32
	lineStart    int   // src offset of the current line's first byte (0 on the first line)
	lineStartRaw int64 // input offset of the current line's first byte

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
	text        bool // no tags: read as a scoresheet or a text with moves
	tagRefs     []tagRef
	tagBuf      []byte
	said        uint16 // one-off problems already reported
	events      int    // things filed into the game (problems, comments, NAGs)
	norm        []byte

	// chunk flags for the problems of cut games
	continued bool
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
}

// pending is a move number read but not yet given to a move.
type pending struct {
	ok     bool
	num    int32
	dots   int
	start  int // src offset of the number
	line   int32
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
	data := c.Data
	pos := c.Start
	if pos.Line == 0 {
		pos.Line = 1
	}
	if pos.Col == 0 {
		pos.Col = 1
	}
	for start := 0; start < len(data); {
		end := NextBoundary(data, start+1)
		for end >= 0 && isBlankText(data[start:end]) {
			end = NextBoundary(data, end+1)
		}
		if end < 0 {
			end = len(data)
		}
		seg := data[start:end]
		next := posAfter(pos, seg)
		if !isBlankText(seg) {
			p.segment(seg, pos, next, c.Cut && end == len(data))
		}
		pos, start = next, end
	}
	p.emit = nil
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
	s := NewSplitter(r, SplitOptions{})
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
	}
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

// segment reads the games between two boundaries. start and end are the
// input positions of seg's first byte and of the byte after it.
func (p *Parser) segment(seg []byte, start, end Pos, cut bool) {
	bom := 0
	if bytes.HasPrefix(seg, utf8BOM) {
		bom = len(utf8BOM)
	}
	body := seg[bom:]
	p.legacy = false
	p.enc = UTF8
	p.src = body
	if !isASCII(body) {
		switch {
		case p.opt.ForceEncoding && p.opt.Encoding != UTF8:
			p.decode(body, p.opt.Encoding, false)
		case p.opt.ForceEncoding || utf8.Valid(body):
		default:
			multi, invalid := utf8Stats(body)
			keep := multi > 0 && multi >= invalid
			p.decode(body, detectEncoding(body, keep), keep)
		}
	}
	p.rawBase = start.Offset + int64(bom)
	p.line = start.Line
	p.lineStart = 0
	p.lineStartRaw = start.Offset - int64(start.Col-1)
	p.beginGame(0, start)
	p.run()
	p.finishGame(len(p.src), end, cut)
}

func (p *Parser) decode(body []byte, enc Encoding, keepUTF8 bool) {
	p.lmap.reset()
	p.dec = decodeLegacy(p.dec[:0], body, enc, keepUTF8, &p.lmap)
	p.src = p.dec
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
	return Pos{Offset: r, Line: p.line, Col: int32(r-p.lineStartRaw) + 1}
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
		p.line += int32(n)
		p.lineStart = from + bytes.LastIndexByte(b, '\n') + 1
		p.lineStartRaw = p.raw(p.lineStart)
	}
}

// posFar returns the position of src offset i at or after the start of the
// line being read, counting the line ends in between.
func (p *Parser) posFar(i int) Pos {
	b := p.src[p.lineStart:i]
	n := bytes.Count(b, nl)
	if n == 0 {
		return p.posAt(i)
	}
	ls := p.lineStart + bytes.LastIndexByte(b, '\n') + 1
	r := p.raw(i)
	return Pos{Offset: r, Line: p.line + int32(n), Col: int32(r-p.raw(ls)) + 1}
}

// beginGame resets the game state for a game whose text starts at src
// offset at, input position start.
func (p *Parser) beginGame(at int, start Pos) {
	g := &p.g
	g.Start = start
	g.Tags = g.Tags[:0]
	g.Moves = g.Moves[:0]
	g.Problems = g.Problems[:0]
	g.Result = ""
	g.ResultPos = Pos{}
	g.Comment = Span{}
	g.Encoding = p.enc
	g.Scripts = 0
	p.gs = at
	p.extras = p.extras[:0]
	p.plies = p.plies[:0]
	p.stack = p.stack[:0]
	p.fr = frame{cur: -1, spine: -1, base: -1, onSpine: true}
	p.firstPly = 0
	p.pend = pending{}
	p.ended = false
	p.lastWasMove = false
	p.inProse = false
	p.text = true
	p.tagRefs = p.tagRefs[:0]
	p.tagBuf = p.tagBuf[:0]
	p.said = 0
	if p.continued {
		p.continued = false
		p.problemAt(g.Start, "this text continues a game cut at the chunk size limit")
	}
}

// finishGame completes the game at src offset at (input position end) and
// hands it on.
func (p *Parser) finishGame(at int, end Pos, cut bool) {
	g := &p.g
	g.End = end
	if len(p.stack) > 0 {
		p.problemAt(p.fr.pos, fmt.Sprintf("%d variation(s) not closed", len(p.stack)))
	}
	if cut {
		p.problemAt(end, "game cut here: it is longer than the chunk size limit")
	}
	g.Text = append(g.Text[:0], p.src[p.gs:at]...)
	base := uint32(len(g.Text))
	g.Text = append(g.Text, p.extras...)
	fix := func(s *Span) {
		if s.Off&spanInExtras != 0 {
			s.Off = s.Off&^spanInExtras + base
		}
	}
	fix(&g.Comment)
	for k := range g.Moves {
		fix(&g.Moves[k].Norm)
		fix(&g.Moves[k].Comment)
	}
	if len(p.tagRefs) > 0 {
		all := string(p.tagBuf)
		for k, r := range p.tagRefs {
			t := &g.Tags[k]
			t.Value = all[r.valOff : r.valOff+r.valLen]
			if r.nameLen > 0 {
				t.Name = all[r.nameOff : r.nameOff+r.nameLen]
			}
		}
	}
	if p.emit != nil {
		p.emit(g)
	}
}

// splitGame ends the current game at src offset at (position pos) and starts
// a new one there.
func (p *Parser) splitGame(at int, pos Pos) {
	p.finishGame(at, pos, false)
	p.beginGame(at, pos)
}

// Problem reporting ---------------------------------------------------------

func (p *Parser) problem(i int, msg string) { p.problemAt(p.posAt(i), msg) }

func (p *Parser) problemAt(pos Pos, msg string) {
	g := &p.g
	p.events++
	switch {
	case len(g.Problems) < p.opt.MaxProblems:
		g.Problems = append(g.Problems, Problem{Pos: pos, Message: msg})
	case len(g.Problems) == p.opt.MaxProblems:
		g.Problems = append(g.Problems, Problem{Pos: pos, Message: "too many problems in this game; the rest are not reported"})
	}
}

// Problems reported once per game.
const (
	saidControl uint16 = 1 << iota
	saidTooMany
	saidDepth
	saidNumbers
)

func (p *Parser) once(flag uint16) bool {
	if p.said&flag != 0 {
		return false
	}
	p.said |= flag
	return true
}

// Spans ----------------------------------------------------------------------

// span returns the Span of src[i:j] in the game's Text.
func (p *Parser) span(i, j int) Span {
	return Span{Off: uint32(i - p.gs), Len: uint32(j - i)}
}

// extraSpan appends b to the extras and returns its Span.
func (p *Parser) extraSpan(b []byte) Span {
	off := len(p.extras)
	p.extras = append(p.extras, b...)
	return Span{Off: uint32(off) | spanInExtras, Len: uint32(len(b))}
}

// spanBytes returns the bytes of a span of the game being read.
func (p *Parser) spanBytes(s Span) []byte {
	if s.Off&spanInExtras != 0 {
		off := s.Off &^ spanInExtras
		return p.extras[off : off+s.Len]
	}
	off := uint32(p.gs) + s.Off
	return p.src[off : off+s.Len]
}

// appendSpan joins text after the span *s with a space.
func (p *Parser) appendSpan(s *Span, i, j int) {
	if s.Len == 0 {
		*s = p.span(i, j)
		return
	}
	off := len(p.extras)
	p.extras = append(p.extras, p.spanBytes(*s)...)
	p.extras = append(p.extras, ' ')
	p.extras = append(p.extras, p.src[i:j]...)
	*s = Span{Off: uint32(off) | spanInExtras, Len: uint32(len(p.extras) - off)}
}

// Game helpers ----------------------------------------------------------------

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
	c.Text = append([]byte(nil), g.Text...)
	return &c
}
