package parser

import (
	"bytes"
	"errors"
	"io"
	"sync"
	"unicode/utf8"
)

// Chunk is a run of whole games cut from the input, with the place its
// first byte came from.
type Chunk struct {
	Data  []byte
	Start Pos

	// Cut is set when the chunk ends inside a game because no boundary came
	// before the size cap; the next chunk then has Continued set.
	Cut       bool
	Continued bool

	// ECO says the chunk is of a Scid ECO classification file, not PGN
	// (see IsECO): the Splitter decides it once, from the input's first
	// bytes, and cuts such an input at its entries only.
	ECO bool
	// EPD says the chunk is of an EPD file, a position a line (see IsEPD),
	// decided as ECO is; the chunk is cut at line ends.
	EPD bool

	buf []byte // the whole buffer Data starts, handed back by Release
}

// Release hands the chunk's buffer back to the splitters, which read later
// chunks into it rather than into fresh memory (which the kernel must fault
// in and the collector must reclaim). Call it once the chunk is parsed: the
// games own copies of their text, so nothing refers to Data any more. Data
// is nil afterwards; Start and the flags stay. Releasing a chunk the
// splitter did not make, or the same variable twice, does nothing; but
// release one copy of a chunk only (Chunk is a value): a buffer released
// twice would be handed to two chunks.
func (c *Chunk) Release() {
	if c.buf != nil {
		buf := c.buf[:0]
		chunkBufs.Put(&buf)
	}
	c.Data, c.buf = nil, nil
}

// chunkBufs holds the buffers of released chunks.
var chunkBufs sync.Pool

// newBuffer returns an empty buffer of at least n bytes' capacity, a
// released one when one is big enough.
func newBuffer(n int) []byte {
	if b, ok := chunkBufs.Get().(*[]byte); ok && cap(*b) >= n {
		return (*b)[:0]
	}
	return make([]byte, 0, n)
}

// SplitOptions sizes the chunks. Zero values take the defaults.
type SplitOptions struct {
	// Target is the size a chunk grows to before it is cut at the next
	// boundary (default 1 MiB): big enough to amortise hand-over costs.
	Target int
	// Max caps a chunk (default 16 MiB). A game longer than Max is cut at a
	// line end and read as two pieces, each with a Problem.
	Max int
	// Start is the position of the reader's first byte in the whole input
	// (zero value: the beginning). A runner that starts reading at an offset
	// found by NextBoundary sets it so that chunk positions stay absolute.
	Start Pos
	// Parse is what the chunks will be parsed with (its encoding matters):
	// where the cut scan cannot follow text without tags, the splitter
	// reads it with a Parser so set to find where a game begins.
	Parse Options
}

const (
	defaultTarget = 1 << 20
	defaultMax    = 16 << 20
	readBlock     = 256 << 10
)

// Splitter cuts a byte stream into chunks of whole games, scanning only the
// bytes around each cut, so it runs at memory speed. Chunks own their bytes
// until they are released (Chunk.Release).
type Splitter struct {
	r      io.Reader
	target int
	max    int
	buf    []byte // unread input; buf[0] is at pos
	pos    Pos
	eof    bool
	err    error  // the read error to return once buf is drained
	cont   bool   // the next chunk continues a game cut by the cap
	ctx    before // what came before buf[0]
	block  int    // read size
	// crLines is set to 1 when the input ends its lines with a CR alone
	// (classic Mac OS exports), -1 when with LF or CR LF (see lineEnds);
	// while it is 0, scanned is how much of buf was looked at, looked how
	// much of the input, and sawCR whether a CR was among it.
	crLines int8
	sawCR   bool
	scanned int
	looked  int

	scan    gameScan                   // findCut's scan of the chunk being cut
	nlCache struct{ from, at, to int } // lineEnd's search: buf[from:to] has no line end before at (-1: none)
	lsCache struct{ start, upto int }  // lineStart's search: buf[start:upto] is in one line, which starts at start
	parse   Options
	reader  *Parser // reads text the scan cannot follow (parsedCut)
	work    int     // bytes the cut searches looked at, for the tests
	// eco is 1 for a Scid ECO file (IsECO), decided at the first chunk of
	// an input read from its start, -1 for any other input, 0 until then.
	eco int8
	// epd is 1 for an EPD file (IsEPD), decided with eco.
	epd int8
}

// NewSplitter returns a Splitter reading r.
func NewSplitter(r io.Reader, opt SplitOptions) *Splitter {
	s := &Splitter{r: r, target: opt.Target, max: opt.Max, pos: opt.Start, parse: opt.Parse}
	if s.max <= 0 {
		s.max = defaultMax
	}
	if s.target <= 0 {
		s.target = defaultTarget
	}
	if s.target > s.max {
		s.target = s.max
	}
	s.block = min(readBlock, max(4096, s.target))
	if s.pos.Line == 0 {
		s.pos.Line = 1
	}
	if s.pos.Col == 0 {
		s.pos.Col = 1
	}
	return s
}

// Next returns the next chunk, or io.EOF (or the reader's error) when the
// input is exhausted.
func (s *Splitter) Next() (Chunk, error) {
	s.fill(s.target + tagLookahead)
	if len(s.buf) == 0 {
		if s.err != nil {
			return Chunk{}, s.err
		}
		return Chunk{}, io.EOF
	}
	if s.eco == 0 {
		s.eco = -1
		for s.pos.Offset == 0 {
			head := s.buf[:min(len(s.buf), ecoSniff)]
			full := s.eof || len(head) == ecoSniff
			isECO, ecoDone := ecoHead(head, full)
			isEPD, epdDone := epdHead(head, full)
			if ecoDone && epdDone || isECO || isEPD && epdDone {
				if isECO {
					s.eco = 1
				} else if isEPD {
					s.epd = 1
				}
				break
			}
			s.fill(len(s.buf) + s.block)
		}
	}
	var cut int
	var capped bool
	switch {
	case s.eco > 0:
		cut, capped = s.ecoCut()
	case s.epd > 0:
		cut, capped = s.epdCut()
	default:
		cut, capped = s.findCut()
	}
	c := Chunk{Data: s.buf[:cut:cut], Start: s.pos, Cut: capped, Continued: s.cont, ECO: s.eco > 0, EPD: s.epd > 0, buf: s.buf}
	s.cont = capped
	s.advance(c.Data)
	s.scanned = max(0, s.scanned-cut)
	rest := s.buf[cut:]
	// Room for the next chunk: the target, the bytes carried over and a
	// read; a chunk that runs past the target grows the buffer in fill.
	// Buffers are made a little larger than that, all of one size, so that
	// a released one fits the next chunk whatever was carried over.
	if s.eof && len(rest) == 0 {
		// The input is done: no buffer for a next chunk (a directory of
		// small files made, and cleared, one of some MiB for each).
		s.buf = nil
		return c, nil
	}
	need := s.target + len(rest) + 2*s.block
	s.buf = append(newBuffer(max(need, s.target+4*s.block)), rest...)
	return c, nil
}

// Done says that the input is exhausted: the chunk Next returned last holds
// the input's last byte, and Next has no more to return. A caller that
// reads through a reader turning a read error into the end of the input
// (a truncated .gz) learns from it that the chunk in hand is the one the
// break cut, before handing it on.
func (s *Splitter) Done() bool { return s.eof && len(s.buf) == 0 }

// findCut chooses where the chunk in buf ends: at the first boundary at or
// after the target size; failing that (a game longer than the cap) at the
// last boundary before the target; failing that at a line end near the cap.
// Where no tag section begins a game, at a game start the scan finds (see
// gameScan): at once where no line starts past the target (no tag section
// can begin there), else once a target's worth past the target holds no
// tag section; and where the scan is lost, at one a Parser finds.
//
// Each search resumes where the last read left it, so that a chunk costs
// its length whatever the reads: a line of 16 MB without a game was read
// again at each of its 64 blocks (3 s).
func (s *Splitter) findCut() (cut int, capped bool) {
	from := min(s.target, len(s.buf))
	if from == 0 {
		from = 1
	}
	target := from
	s.scan.forced, s.scan.forcedEnc = s.parse.ForceEncoding, s.parse.Encoding
	s.scan.reset(target, s.pos.Col == 1)
	s.nlCache.from, s.nlCache.at, s.nlCache.to = 0, -1, 0
	s.lsCache.start, s.lsCache.upto = 0, -1
	seen := 0               // the '[' in buf[from:seen] begin no tag section
	waitTag := 0            // the size buf must reach before an undecided tag line is read again
	lastNL, nlSeen := -1, 0 // the last line end in buf[:nlSeen]
	// Where the scan is lost, a Parser reads buf up to parseTo: a little
	// past the target, then twice as far past it each time it finds no cut.
	parseTo := target + max(target/8, 4<<10)
	for {
		window := s.buf
		atEOF := s.eof
		if len(window) > s.max+tagLookahead {
			window, atEOF = window[:s.max+tagLookahead], true
		}
		if nl := bytes.LastIndexByte(s.buf[nlSeen:], '\n'); nl >= 0 {
			lastNL = nlSeen + nl
		}
		s.work += len(s.buf) - nlSeen
		nlSeen = len(s.buf)
		at := max(from, seen)
		b, more := -1, true
		if atEOF || len(window) >= waitTag || lastNL >= at {
			b, more = nextBoundaryFrom(window, from, at, atEOF, &s.ctx)
			s.work += max(len(window)-at, 0)
			if more {
				// A line that may yet open a tag section runs to the end
				// of buf (blanks after a '['): nothing past it to find
				// until it is decided, which is tried again once it ends
				// or the bytes past at have doubled.
				waitTag = len(window) + max(len(window)-at, 1)
			}
		}
		if b > 0 && s.pos.Offset == 0 && isPreamble(s.buf, b) {
			// The parser reads the comments before the file's first game
			// with that game: no cut between them.
			from = b + 1
			continue
		}
		if b > 0 && b <= s.max {
			return b, false
		}
		if b >= 0 || atEOF {
			break
		}
		if !more {
			seen = len(window)
		}
		// Undecided: read more, and resume at the last line start, since
		// every earlier candidate line is complete and settled. Without a
		// line start to wait for, a game starting inside the line will do.
		limit := min(len(s.buf), s.max)
		if lastNL+1 > from {
			from = lastNL + 1
		} else if sc := s.scanCut(limit, false); sc > 0 {
			return sc, false
		}
		// A whole target read past the target and no tag section: the games
		// may have no tags.
		if len(s.buf) >= 2*target {
			if sc := s.scanCut(limit, false); sc > 0 {
				return sc, false
			}
			for s.scan.lost && parseTo <= limit {
				if pc := s.parsedCut(target, parseTo); pc > 0 {
					return pc, false
				}
				parseTo = target + 2*(parseTo-target)
			}
		}
		s.fill(len(s.buf) + s.block)
	}
	limit := min(s.max, len(s.buf))
	small := s.eof && len(s.buf) <= 2*target // the input's last bytes: one chunk
	// No line starts past from: games may still start inside the line.
	midLine := from < limit && bytes.IndexByte(s.buf[from:limit], '\n') < 0
	// The input's last bytes with whole lines are one chunk: no scan of
	// them (every input ends so, and most inputs are that small).
	if midLine || !small {
		if sc := s.scanCut(limit, true); sc > 0 {
			return sc, false
		}
		if s.scan.lost && !small {
			if pc := s.parsedCut(target, limit); pc > 0 {
				return pc, false
			}
		}
	}
	if s.eof && len(s.buf) <= s.max {
		return len(s.buf), false
	}
	if lb := lastBoundaryBefore(s.buf, min(s.target, len(s.buf)), &s.ctx); lb > 0 && !(s.pos.Offset == 0 && isPreamble(s.buf, lb)) {
		return lb, false
	}
	c := capCut(s.buf, s.max)
	return c, !s.blankTail(c)
}

// blankTail says that a cut at c, at the cap, cuts no game: the bytes
// before c back to the last word are blank, and that word is a game's
// result, or there is no word and the chunk continues no cut game. The
// blank lines past a finished game belong to no game: 16 MiB of them
// after a game made it "cut here", a false error.
func (s *Splitter) blankTail(c int) bool {
	end := c
	for end > 0 && (isBlankByte(s.buf[end-1]) || s.buf[end-1] == '\n') {
		end--
	}
	if end == c {
		return false
	}
	if end == 0 {
		return !s.cont
	}
	start := end
	for start > 0 && !isBlankByte(s.buf[start-1]) && s.buf[start-1] != '\n' {
		start--
	}
	switch string(s.buf[start:end]) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// scanCut runs the scan over buf[:limit] and returns the cut it found, or
// -1.
func (s *Splitter) scanCut(limit int, final bool) int {
	before := s.scan.work
	defer func() { s.work += s.scan.work - before }()
	for {
		s.scan.run(s.buf, limit, final)
		if c := s.scan.cut; c < 0 || s.cutKeepsLines(c) {
			return c
		}
		s.scan.pass()
	}
}

// cutKeepsLines says whether a chunk may start at x as far as the
// boundary rule goes. The parser reads a chunk without what came before it,
// and the line a chunk starts inside decides, as the last line before a tag
// line, whether that tag line begins a game (startsGame): x may be a
// boundary inside a line only when the line read from x decides it as the
// whole line does, both being tag lines or neither, or when the next
// non-blank line opens no tag pair. Where the bytes read do not tell (the
// line goes on past them), x is no cut: a line is a tag line by its last
// byte, so that on a line longer than the cap the cuts that need it (the
// line opens a tag pair and x does not, or the other way round: "1. d4
// [Event ..." with games after it on the line) wait for an end that the
// splitter never holds, and each chunk of the line is cut at the cap.
func (s *Splitter) cutKeepsLines(x int) bool {
	b := s.buf
	ls := s.lineStart(x)
	begun := ls == 0 && s.ctx.midLine // the line began before buf
	if ls == x && !begun {
		return true
	}
	end, known := s.lineEnd(x)
	head := b[ls:min(end, ls+summaryHead)]
	if begun {
		head = append(append([]byte(nil), s.ctx.partial.head...), head...)
	}
	opens, ok := tagLineOpensKnown(head, known || len(head) >= summaryHead)
	part := b[x:end]
	partOpens, partOK := tagLineOpensKnown(part[:min(len(part), summaryHead)], known || len(part) >= summaryHead)
	if !ok || !partOK {
		return false
	}
	if !opens && !partOpens {
		return true
	}
	if opens != partOpens && !known {
		return false
	}
	closeBefore := bytes.IndexByte(b[ls:x], ']') >= 0 || begun && s.ctx.partial.close
	closeAfter := bytes.IndexByte(part, ']') >= 0
	if opens && partOpens && (!closeBefore || closeAfter) {
		return true // the same last byte decides both
	}
	if !known {
		return false
	}
	last := part[len(bytes.TrimRight(part, " \t\r\f\v"))-1]
	whole := opens && (last == ']' || !closeBefore && !closeAfter)
	if whole == (partOpens && (last == ']' || !closeAfter)) {
		return true
	}
	for n := end + 1; ; {
		if n >= len(b) {
			return s.eof // no line after it, or not read yet
		}
		e, lineKnown := s.lineEnd(n)
		if !isBlank(b[n:e]) {
			open, more := tagOpenAt(b, n, s.eof)
			return !open && !more
		}
		if !lineKnown {
			return false
		}
		n = e + 1
	}
}

// lineEnd returns the end of the line holding buf[x] (its '\n', or
// len(buf)), and whether it is known to be the end: a line end, or the
// input's end. Lines are asked for in order, and the search for a long
// one's end resumes where the last stopped.
// lineStart returns where the line holding buf[x] starts: just past the
// last line end before x, 0 when there is none. The cut searches ask it at
// every candidate cut, and candidates lie a few bytes apart on a line of
// many games: searching back to the line's start each time made a 1 MB line
// take minutes. Asked again further along the same line, it searches only
// the bytes past the last ask.
func (s *Splitter) lineStart(x int) int {
	c := &s.lsCache
	if c.upto < 0 || x < c.start {
		c.start = bytes.LastIndexByte(s.buf[:x], '\n') + 1
		s.work += x - c.start
	} else if x > c.upto {
		if i := bytes.LastIndexByte(s.buf[c.upto:x], '\n'); i >= 0 {
			c.start = c.upto + i + 1
		}
		s.work += x - c.upto
	} else {
		return c.start // buf[start:upto] holds no line end
	}
	c.upto = x
	return c.start
}

func (s *Splitter) lineEnd(x int) (int, bool) {
	c := &s.nlCache
	if x < c.from || c.at >= 0 && c.at < x || c.at < 0 && x > c.to {
		c.from, c.at, c.to = x, -1, x // another line
	}
	if c.at >= 0 {
		return c.at, true
	}
	if e := bytes.IndexByte(s.buf[c.to:], '\n'); e >= 0 {
		c.at = c.to + e
		return c.at, true
	}
	s.work += len(s.buf) - c.to
	c.to = len(s.buf)
	return len(s.buf), s.eof
}

// tagLineOpensKnown is tagLineOpens for the first bytes of a line (all of
// it when complete); ok is false when they do not tell.
func tagLineOpensKnown(head []byte, complete bool) (opens, ok bool) {
	if opens = tagLineOpens(head); opens || complete {
		return opens, true
	}
	// Not yet: the head ends before a byte that says no.
	i := 0
	for i < len(head) && (head[i] == ' ' || head[i] == '\t') {
		i++
	}
	if rest := head[i:]; len(rest) < len(utf8BOM) && bytes.HasPrefix(utf8BOM, rest) {
		return false, false
	}
	if bytes.HasPrefix(head[i:], utf8BOM) {
		i += len(utf8BOM)
	}
	if i == len(head) {
		return false, false
	}
	if head[i] != '[' {
		return false, true
	}
	i++
	for i < len(head) && (head[i] == ' ' || head[i] == '\t') {
		i++
	}
	start := i
	for i < len(head) && isTagNameByte(head[i]) {
		i++
	}
	return false, i == start && i < len(head) // no name: no; else the name or what follows it is cut off
}

// parsedCut reads buf[:limit] with a Parser, as the chunks will be read,
// and returns the first place at or after from where it begins a game that
// a chunk may start with, after blanks: a "1." and a move, the game before
// it without tags or ended by its result (a game with tags cut before its
// result gets a Problem saying so); or a tag pair after a game's result. It serves where the scan is lost:
// buf starts a game, where the parser's state is known, and the Parser
// follows it from there. -1 when there is none, or when a prefix is not
// read as the whole is: a start must have its line and tagLookahead bytes
// after it within limit (the boundary rule and a move's word look ahead),
// and the text before it must guess the encoding the whole guessed
// (cutReadsAlike). Text that is not valid UTF-8 used to get no cut here,
// which left the chunk to be cut at the size cap, a game cut in two.
func (s *Splitter) parsedCut(from, limit int) int {
	data := s.buf[:limit]
	end := limit
	if !s.eof || limit < len(s.buf) {
		nl := bytes.LastIndexByte(data, '\n')
		data = data[:nl+1]
		end = nl + 1 - tagLookahead
	}
	if end <= from {
		return -1
	}
	if s.reader == nil {
		s.reader = NewParser(s.parse)
	}
	s.work += len(data)
	// The first '[' of the line that starts at bracketLine is at bracketAt
	// (-1: none before bracketTo): searched for along the line once, not
	// from the line's start for each game that begins on it (100,000
	// fragments on one line took 14 s).
	bracketLine, bracketTo, bracketAt := -1, 0, -1
	keep := func(x int) bool {
		// As the scan's cuts (cutAt), and more warily: after no '[' on the line.
		ls := s.lineStart(x)
		if ls != bracketLine {
			bracketLine, bracketTo, bracketAt = ls, ls, -1
		}
		if bracketAt < 0 && bracketTo < x {
			if k := bytes.IndexByte(data[bracketTo:x], '['); k >= 0 {
				bracketAt = bracketTo + k
			}
			s.work += x - bracketTo
			bracketTo = x
		}
		noBracket := bracketAt < 0 || bracketAt >= x
		return (ls == x || noBracket && !(ls == 0 && s.ctx.midLine)) && s.cutKeepsLines(x)
	}
	return parsedGameStart(s.reader, Chunk{Data: data, Start: s.pos, Continued: s.cont}, from, end, keep)
}

// parsedGameStart reads c with p and returns the first place x, from <= x
// < end, where p begins a game that a chunk may start with (see parsedCut)
// and that keep accepts, or -1.
func parsedGameStart(p *Parser, c Chunk, from, end int, keep func(int) bool) int {
	data := c.Data
	cut, prevOK, prevEnded, first := -1, false, false, true
	// Each guess that fails costs a read of the piece up to the start: a
	// few, then no cut (the next call reads twice as far).
	guesses := 4
	p.Parse(c, func(g *Game) {
		x := int(g.Start.Offset - c.Start.Offset)
		if cut < 0 && !first && prevOK && x >= from && x < end && isSpaceOrEOL(data[x-1]) && keep(x) {
			start := false
			if data[x] == '1' && x+1 < len(data) && data[x+1] == '.' && moveFollows(data[x+2:]) {
				start = true // a "1." and a move
			} else if open, _ := tagOpenAt(data, x, true); open && prevEnded {
				start = true // a tag pair after a game's result
			}
			if start && guesses > 0 {
				if p.cutReadsAlike(c, x) {
					cut = x
				} else {
					guesses--
				}
			}
		}
		prevEnded = g.Result != ""
		first, prevOK = false, len(g.Tags) == 0 || g.Result != ""
	})
	return cut
}

// asideDepthRead is how deep the cut scan follows a ';' in nested
// asides: within Options.MaxDepth the parser reads one there as at the top
// (punctuation after a word, else a comment to the line's end), past it
// every ';' is a comment. No reader here sets MaxDepth below 8 (the
// default is 256).
const asideDepthRead = 8

// resultMarkers are the result markers the cut scans know: PGN's own.
var resultMarkers = [...]string{"1-0", "0-1", "1/2-1/2", "*"}

// moveFollows says that the first word of b, after blanks, looks like a
// move ("e4", "Nf3", "e2-e4"; see looksLikeMove) with every square on the
// board: the parser reads "e9" as no move, and so starts no game there.
func moveFollows(b []byte) bool {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	j := i
	for j < len(b) && !isSpaceByte(b[j]) {
		j++
	}
	if j == i || j == len(b) || !looksLikeMove(b[i:j]) {
		return false
	}
	if c := b[i]; c >= '0' && c <= '9' && (c != '0' || i+1 < j && (b[i+1] >= '0' && b[i+1] <= '9' || b[i+1] == '.' || isEllipsis(b[i+1:j]))) {
		// The parser reads a word that starts with a digit as a number
		// (numberWord): a number run into a move ("1a1", "2.e4", "0.e4")
		// replaces the "1." before it, and a game the move begins starts
		// at that number, not at the "1." ("1.1a1" after a result starts
		// one at "1a1"); a chunk cut at the "1." would move that start.
		// Only a lone '0' run into more ("0-0") is read as the move.
		return false
	}
	for k := i + 1; k < j; k++ {
		if b[k-1] >= 'a' && b[k-1] <= 'h' && (b[k] == '9' || b[k] == '0') {
			return false
		}
	}
	// And the parser reads it as a move (moveWord): "1. a1b2c3" is text.
	w := b[i:j]
	for len(w) > 0 && (w[len(w)-1] == '.' || w[len(w)-1] == ',') && !bytes.HasSuffix(w, epSuffix) {
		w = w[:len(w)-1]
	}
	var words Parser
	_, _, kind, _, _, _ := words.normalize(w)
	return kind == kindMove || kind == kindFilePair
}

func isSpaceOrEOL(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// afterResult says that b ends with a result marker and at least one blank,
// the marker standing alone.
func afterResult(b []byte) bool {
	t := bytes.TrimRight(b, " \t")
	if len(t) == len(b) {
		return false
	}
	for _, r := range resultMarkers {
		if bytes.HasSuffix(t, []byte(r)) {
			n := len(t) - len(r)
			return n == 0 || t[n-1] == ' ' || t[n-1] == '\t'
		}
	}
	return false
}

// lastBoundaryBefore returns the last boundary b with 0 < b < limit, or -1.
func lastBoundaryBefore(data []byte, limit int, ctx *before) int {
	k := limit
	for k > 0 {
		k = bytes.LastIndexByte(data[:k], '[')
		if k < 0 {
			return -1
		}
		if ls := lineStartBefore(data, k); ls > 0 && ls < limit {
			if open, _ := tagOpenAt(data, ls, true); open && startsGame(data, ls, ctx) {
				return ls
			}
		}
	}
	return -1
}

// capCut cuts an over-long game at its last line end before limit, or inside
// a line (at a UTF-8 character start) when the line itself is that long.
func capCut(data []byte, limit int) int {
	if nl := bytes.LastIndexByte(data[:limit], '\n'); nl >= 0 {
		return nl + 1
	}
	cut := limit
	for k := 0; k < utf8.UTFMax-1 && cut > 1 && cut < len(data) && !utf8.RuneStart(data[cut]); k++ {
		cut--
	}
	return cut
}

// fill reads until buf holds at least n bytes or the input ends.
func (s *Splitter) fill(n int) {
	// The line ends are decided (lineEnds) before any byte is handed on.
	for (len(s.buf) < n || s.crLines == 0 && s.looked < crWindow) && !s.eof {
		if cap(s.buf)-len(s.buf) < s.block {
			// No chunk refers to buf: Next moves the bytes past a cut to a new one.
			// Doubling stops at what findCut ever reads, the cap and a
			// tag's lookahead, or a chunk cut at the cap sat in 32 MiB.
			grown := append(newBuffer(max(len(s.buf)+s.block, min(2*cap(s.buf)+s.block, s.max+tagLookahead+s.block))), s.buf...)
			if cap(s.buf) > 0 {
				old := s.buf[:0]
				chunkBufs.Put(&old)
			}
			s.buf = grown
		}
		// Read what is missing (at least a block), not all the room there
		// is: bytes read past the cut are copied to the next buffer.
		end := min(cap(s.buf), len(s.buf)+max(n-len(s.buf), s.block))
		start := len(s.buf)
		m, err := s.r.Read(s.buf[start:end])
		s.buf = s.buf[:start+m]
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
		}
		s.lineEnds(start)
	}
}

// lineEnds reads the line ends of buf[start:], just read. In an input whose
// lines end with a CR alone, each CR not followed by LF becomes LF, byte for
// byte: games are then found at line starts, and lines and columns counted,
// as in any other file (a CR-only file used to be one line, cut only at the
// size cap, its findings all on line 1). An input is taken for one when its
// first crWindow bytes hold a CR and no LF at all: a stray CR in an LF file,
// or the CR of CR LF, changes nothing, and a reader starting at an offset
// decides as one starting at the beginning does.
func (s *Splitter) lineEnds(start int) {
	b := s.buf
	for s.crLines == 0 && s.scanned < len(b) {
		tail := b[s.scanned:]
		if s.looked < crWindow {
			// The window: a CR and no LF in it makes a CR-only input.
			tail = tail[:min(len(tail), crWindow-s.looked)]
			if bytes.IndexByte(tail, '\n') >= 0 {
				s.crLines = -1
			}
			s.sawCR = s.sawCR || bytes.IndexByte(tail, '\r') >= 0
		} else if k := bytes.IndexAny(tail, "\r\n"); k >= 0 {
			// Past it, with no line end in it: the first line end decides.
			switch {
			case tail[k] == '\n':
				s.crLines = -1
			case s.scanned+k+1 == len(b) && !s.eof:
				return // the next read says whether LF follows
			case s.scanned+k+1 < len(b) && b[s.scanned+k+1] == '\n':
				s.crLines = -1
			default:
				s.crLines, start = 1, 0
			}
			tail = tail[:k]
		}
		s.scanned += len(tail)
		s.looked += len(tail)
		if s.crLines == 0 && s.looked == crWindow && s.sawCR {
			s.crLines, start = 1, 0
		}
	}
	if s.crLines == 0 && s.eof && s.sawCR {
		s.crLines, start = 1, 0
	}
	if s.crLines <= 0 {
		return // nothing is read as LF before the input is known to be CR-only
	}
	if start > 0 && b[start-1] == '\r' && (start == len(b) || b[start] != '\n') {
		if start < len(b) || s.eof {
			b[start-1] = '\n' // a CR that ended the last read
		}
	}
	for i := start; i < len(b); {
		k := bytes.IndexByte(b[i:], '\r')
		if k < 0 {
			break
		}
		i += k
		switch {
		case i+1 < len(b):
			if b[i+1] != '\n' {
				b[i] = '\n'
			}
		case s.eof:
			b[i] = '\n'
		} // else the next read says
		i++
	}
}

// crWindow is how much of an input lineEnds reads before taking it for one
// whose lines end with a CR alone.
const crWindow = 64 << 10

// advance moves pos and the boundary context past data.
func (s *Splitter) advance(data []byte) {
	s.pos = posAfter(s.pos, data)
	s.ctx.advance(data)
}

// posAfter returns the position just after data when data starts at p.
func posAfter(p Pos, data []byte) Pos {
	p.Offset += int64(len(data))
	if n := bytes.Count(data, nl); n > 0 {
		p.Line += int64(n)
		p.Col = int64(len(data)-bytes.LastIndexByte(data, '\n')-1) + 1
	} else {
		p.Col += int64(len(data))
	}
	return p
}

var nl = []byte{'\n'}
