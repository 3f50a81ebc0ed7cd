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
}

// NewSplitter returns a Splitter reading r.
func NewSplitter(r io.Reader, opt SplitOptions) *Splitter {
	s := &Splitter{r: r, target: opt.Target, max: opt.Max, pos: opt.Start}
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
	cut, capped := s.findCut()
	c := Chunk{Data: s.buf[:cut:cut], Start: s.pos, Cut: capped, Continued: s.cont, buf: s.buf}
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
func (s *Splitter) findCut() (cut int, capped bool) {
	from := min(s.target, len(s.buf))
	if from == 0 {
		from = 1
	}
	target, triedTagless := from, false
	for {
		window := s.buf
		atEOF := s.eof
		if len(window) > s.max+tagLookahead {
			window, atEOF = window[:s.max+tagLookahead], true
		}
		b, _ := nextBoundary(window, from, atEOF, &s.ctx)
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
		// Undecided: read more, and resume at the last line start, since
		// every earlier candidate line is complete and settled. Without a
		// line start to wait for, a game starting inside the line will do.
		nl := bytes.LastIndexByte(s.buf, '\n')
		if nl+1 > from {
			from = nl + 1
		} else if ms := s.midLineCut(from, len(s.buf)); ms > 0 {
			return ms, false
		}
		// A whole target read past the target and no tag section: the games
		// may have no tags.
		if !triedTagless && len(s.buf) >= 2*target {
			triedTagless = true
			if tc := s.taglessCut(target, len(s.buf)); tc > 0 {
				return tc, false
			}
		}
		s.fill(len(s.buf) + s.block)
	}
	// No line starts past from: games may still start inside the line.
	if ms := s.midLineCut(from, min(s.max, len(s.buf))); ms > 0 {
		return ms, false
	}
	if tc := s.taglessCut(target, min(s.max, len(s.buf))); tc > 0 && !(s.eof && len(s.buf) <= 2*target) {
		return tc, false
	}
	if s.eof && len(s.buf) <= s.max {
		return len(s.buf), false
	}
	if lb := lastBoundaryBefore(s.buf, min(s.target, len(s.buf)), &s.ctx); lb > 0 && !(s.pos.Offset == 0 && isPreamble(s.buf, lb)) {
		return lb, false
	}
	return capCut(s.buf, s.max), true
}

// midLineGameStart finds, in data[from:limit], a game that starts inside a
// line: a result marker, blanks, then a tag pair ("... Qxf7# 1-0 [Event"),
// outside comments, variations and tag values, which are followed from
// data[0], a game's start. It is asked only where no line start follows
// from: a file of games on one line (or a few very long ones), which would
// otherwise be cut at the cap into chunks of hundreds of thousands of games
// each, every one held in memory at once.
func midLineGameStart(data []byte, from, limit int) int {
	return gameAfterResult(data, from, limit, false)
}

// taglessGameStart finds, in data[from:limit], a game that follows another
// as midLineGameStart does, or one without tags: "1." after blanks, the
// text before them ending with a result marker ("... 3. Bb5 a6 1-0\n1. e4",
// "1-0 1. e4"). Lists of games and scoresheets typed without tags have no
// boundary of the tag rule: without this they are cut at the cap, into
// chunks of hundreds of thousands of games held at once.
func taglessGameStart(data []byte, from, limit int) int {
	return gameAfterResult(data, from, limit, true)
}

// gameAfterResult is midLineGameStart, and with tagless taglessGameStart.
// A game without tags is read as scoresheet text (see doc.go), and the
// tagless scan follows the parser there: a '#' line is a note, "[...]" an
// aside read like a variation, each closed only by its own bracket (the
// open asides are a stack), ';' a comment to the line's end only after a
// blank (punctuation after a word), and only a line feed starts or ends a
// line (a CR-only file has become LF before the scan). Where the parser's
// reading depends on more than the scan follows, the scan stops looking
// (the cap then cuts): a tag pair (the game turns to PGN's rules), a ';'
// inside asides nested deeper than asideDepthRead (past the parser's
// deepest nesting, every ';' is a comment). A start is a "1." followed by a
// word read as a move, outside asides, in a game that has a move outside
// asides or has ended: there the parser begins a new game (addMove),
// whatever text stands between, such as a heading ("1-0\nGame 12\n1. e4"). The scan knows a game to be such
// after a result or a "1." and a move outside asides, and forgets it when
// an aside opens (a move in it after a result splits the game inside the
// aside, which the scan does not follow): the next "1." and move outside
// asides is then no cut, but makes the one after it one.
func gameAfterResult(data []byte, from, limit int, tagless bool) int {
	depth := 0         // variations open
	var closers []byte // tagless: the closing brackets of the asides open
	moved := false     // tagless: the game read has a move outside asides, or has ended
	next := -1         // tagless: where the last word read ended
	stop := -1         // tagless: the first '"', ']' or line end at or after the last '[' (limit: none)
	stopPGN := -1      // the same, CR included, for a tag pair's value
	for k := 0; k < limit; k++ {
		c := data[k]
		lineStart := k == 0 || data[k-1] == '\n' || !tagless && data[k-1] == '\r'
		switch {
		case c == ';' && (!tagless || len(closers) > asideDepthRead):
			return -1 // to the end of the line, which is not here; or read otherwise deep down
		case c == ';' && k > 0 && !isSpaceByte(data[k-1]):
			// punctuation after a word
		case c == ';', (c == '%' || c == '#' && tagless) && lineStart:
			// A comment to the line's end, an escape line or a note line:
			// none of it counts.
			ends := "\r\n"
			if tagless {
				ends = "\n"
			}
			e := bytes.IndexAny(data[k:limit], ends)
			if e < 0 {
				return -1
			}
			k += e
		case c == '{':
			e := bytes.IndexByte(data[k:limit], '}')
			if e < 0 {
				return -1
			}
			k += e
		case c == '(' && tagless:
			moved = false
			closers = append(closers, ')')
		case (c == ')' || c == ']') && tagless:
			if n := len(closers); n > 0 && closers[n-1] == c {
				closers = closers[:n-1]
			}
		case c == '(':
			depth++
		case c == ')':
			depth = max(depth-1, 0)
		case c == '[':
			open, _ := tagOpenAt(data, k, true)
			if open && depth == 0 && len(closers) == 0 && k >= from && afterResult(data[:k]) {
				return k
			}
			if tagless {
				// A tag pair, or what the parser may read as one (it is
				// more lenient: a no-break space after the '['), a quote
				// before the ']' or the line's end: PGN's rules from here on.
				// The next stop is looked for once for all the '[' before
				// it: a line of many would cost the square of its length.
				if stop < k {
					stop = limit
					if q := bytes.IndexAny(data[k:limit], "\"]\n"); q >= 0 {
						stop = k + q
					}
				}
				if open || stop < limit && data[stop] == '"' {
					return -1
				}
				closers = append(closers, ']') // an aside of text
				moved = false
				break
			}
			// A tag pair's value may hold any of the above: skip to its end.
			// Its first quote, ']' or line end is looked for once for all
			// the '[' before it (a long line of them, as above).
			if stopPGN < k {
				stopPGN = limit
				if q := bytes.IndexAny(data[k:limit], "\"]\r\n"); q >= 0 {
					stopPGN = k + q
				}
			}
			if stopPGN < limit && data[stopPGN] == '"' {
				if e := tagPairEndAt(data[k:limit], stopPGN-k); e > 0 {
					k += e - 1
				}
			}
		case tagless && len(closers) == 0 && !isSpaceByte(c) && (k == 0 || k == next || wordDelim[data[k-1]]):
			// A word outside asides.
			e := scanWord(data[:limit], k)
			if e == k { // a delimiter
				_, size := utf8.DecodeRune(data[k:limit])
				e += size
			}
			if c == '1' && k+1 < limit && data[k+1] == '.' && moveFollows(data[k+2:limit]) {
				if moved && k >= from && k > 0 && isSpaceOrEOL(data[k-1]) {
					return k
				}
				moved = true
			} else if isResultWord(data[k:e]) {
				moved = true
			}
			k, next = e-1, e
		}
	}
	return -1
}

// asideDepthRead is how deep the tagless scan follows a ';' in nested
// asides: within Options.MaxDepth the parser reads one there as at the top
// (punctuation after a word, else a comment to the line's end), past it
// every ';' is a comment. No reader here sets MaxDepth below 8 (the
// default is 256).
const asideDepthRead = 8

// resultMarkers are the result markers the cut scans know: PGN's own.
var resultMarkers = [...]string{"1-0", "0-1", "1/2-1/2", "*"}

// isResultWord reports a word that is a result marker.
func isResultWord(w []byte) bool {
	for _, r := range resultMarkers {
		if string(w) == r {
			return true
		}
	}
	return false
}

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

// taglessCut is taglessGameStart for buf, when buf starts a game (not
// after a cut inside one).
func (s *Splitter) taglessCut(from, limit int) int {
	if s.cont || from >= limit {
		return -1
	}
	return taglessGameStart(s.buf, from, limit)
}

// tagPairEnd returns the length of the tag pair at the start of b ("[Name
// \"value\"]", escapes honoured), as the parser reads one: a value ends at
// its closing quote or at the end of its line, and the pair at a ']' after
// it on the same line; 0 when b does not hold a whole value.
func tagPairEnd(b []byte) int {
	// The first quote, ']' or line end: searching for the quote alone would
	// read to the end of a text without quotes at every '['.
	return tagPairEndAt(b, bytes.IndexAny(b, "\"]\r\n"))
}

// tagPairEndAt is tagPairEnd told q, where b's first quote, ']' or line end
// stands (-1: none).
func tagPairEndAt(b []byte, q int) int {
	if q < 0 || b[q] != '"' {
		return 0
	}
	for i := q + 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '\r', '\n':
			return 0
		case '"':
			for j := i + 1; j < len(b); j++ {
				switch b[j] {
				case ']':
					return j + 1
				case '[', '\r', '\n':
					return i + 1
				}
			}
			return i + 1
		}
	}
	return 0
}

// midLineCut is midLineGameStart for buf when no line starts in
// buf[from:limit] and buf starts a game (not after a cut inside one).
func (s *Splitter) midLineCut(from, limit int) int {
	if s.cont || from >= limit || bytes.IndexByte(s.buf[from:limit], '\n') >= 0 {
		return -1
	}
	return midLineGameStart(s.buf, from, limit)
}

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
		p.Line += int32(n)
		p.Col = int32(len(data)-bytes.LastIndexByte(data, '\n')-1) + 1
	} else {
		p.Col += int32(len(data))
	}
	return p
}

var nl = []byte{'\n'}
