package pipeline

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

type compressionKind uint8

const (
	streamPlain compressionKind = iota
	streamGzip
	streamZstd
	streamBzip2
)

var compressionNames = [...]string{"plain", "gzip", "zstd", "bzip2"}

// compression recognises a stream by its magic bytes: names lie, and stdin
// has none. A zstd stream may open with a skippable frame (pzstd writes one
// before each frame, the Linux kernel's zstd tools a seek table): the
// decoder passes over it.
func compression(head []byte) compressionKind {
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return streamGzip
	case bytes.HasPrefix(head, zstdMagic), isSkippableFrame(head):
		return streamZstd
	case len(head) >= 4 && bytes.HasPrefix(head, []byte("BZh")) && head[3] >= '1' && head[3] <= '9':
		return streamBzip2
	}
	return streamPlain
}

// Compressed says that head, the first bytes of a file, starts a stream
// Open decompresses (gzip, zstd, bzip2) or refuses (xz, zip, ...): text that
// cannot be read from an offset, which a runner splitting files must read
// whole through Open.
func Compressed(head []byte) bool {
	_, bad := foreign(head)
	return bad || compression(head) != streamPlain
}

var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// isSkippableFrame recognises the magic of a zstd skippable frame,
// 0x184D2A50 to 0x184D2A5F, little-endian.
func isSkippableFrame(head []byte) bool {
	return len(head) >= 4 && head[0]&0xf0 == 0x50 && head[1] == 0x2a && head[2] == 0x4d && head[3] == 0x18
}

// foreignFormat is a compression or archive format arbiter does not read.
type foreignFormat struct {
	magic []byte
	name  string // "an xz-compressed file"
	how   string // a command that gives the text, %s for the path
}

// foreignFormats are recognised by their magic bytes so that such a file is
// refused with a message that names its format, not read as binary PGN.
var foreignFormats = []foreignFormat{
	{[]byte{0xfd, '7', 'z', 'X', 'Z', 0x00}, "an xz-compressed file", "xz -dc %s"},
	{[]byte{0x04, 0x22, 0x4d, 0x18}, "an lz4-compressed file", "lz4 -dc %s"},
	{[]byte{0x02, 0x21, 0x4c, 0x18}, "an lz4-compressed file (legacy format)", "lz4 -dc %s"},
	{[]byte("LZIP"), "an lzip-compressed file", "lzip -dc %s"},
	{[]byte{0x1f, 0x9d}, "a compress (.Z) file", "gzip -dc %s"},
	{[]byte{'P', 'K', 0x03, 0x04}, "a zip archive", "unzip -p %s"},
	{[]byte{'P', 'K', 0x05, 0x06}, "a zip archive (empty)", "unzip -p %s"},
	{[]byte{'P', 'K', 0x07, 0x08}, "a zip archive", "unzip -p %s"},
	{[]byte{'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}, "a 7z archive", "7z x -so %s"},
	{[]byte{'R', 'a', 'r', '!', 0x1a, 0x07}, "a RAR archive", "unrar p -inul %s"},
}

// foreignMagic is the length of the longest magic in foreignFormats.
const foreignMagic = 6

// foreign returns the format arbiter does not read that head starts with.
func foreign(head []byte) (foreignFormat, bool) {
	for _, f := range foreignFormats {
		if bytes.HasPrefix(head, f.magic) {
			return f, true
		}
	}
	return foreignFormat{}, false
}

// FormatError is an input arbiter refuses to read: a compression or archive
// format it does not decode (xz, lz4, zip, 7z, ...), or a zstd stream whose
// window exceeds the decoder's limit. Nothing of it was read.
type FormatError struct {
	Path   string
	Format string // "an xz-compressed file", "zstd"
	Reason string // the whole explanation, without the path
}

func (e *FormatError) Error() string { return displayName(e.Path) + ": " + e.Reason }

func foreignError(path string, f foreignFormat) *FormatError {
	name := path
	if path == Stdin {
		name = "FILE"
	}
	return &FormatError{Path: path, Format: f.name, Reason: f.name + ", which arbiter does not read (it reads PGN text, " +
		"plain or compressed with gzip, zstd or bzip2): pipe its text in, e.g. `" + fmt.Sprintf(f.how, name) + " | arbiter check -`"}
}

// binaryText refuses an input whose text starts as binary data does: NUL
// bytes scattered through its first binaryWindow bytes (a database of
// another program, an executable, random bytes named .pgn). Read as PGN,
// such a file is games of 16 MiB each, every one a heap of findings and of
// memory. A block of zeros, as a damaged disk leaves, is one run and does
// not count: the games after it are read.
func binaryText(path string, head []byte) error {
	if file, ok := tarFirstFile(head); ok {
		// A tar archive: its headers hold NUL bytes, and members of text
		// read as text are checked (the headers reported as stray bytes),
		// as they always were; the first file's bytes are what is judged.
		head = file
	}
	head = head[:min(len(head), binaryWindow)]
	runs := 0
	for i := range head {
		if head[i] == 0 && (i == 0 || head[i-1] != 0) {
			runs++
		}
	}
	if runs < binaryRuns {
		return nil
	}
	return &FormatError{Path: path, Format: "binary data", Reason: fmt.Sprintf(
		"binary data, not text (NUL bytes in %d places of its first %d bytes): not read as PGN", runs, len(head))}
}

const (
	binaryWindow = 8 << 10
	binaryRuns   = 8
)

// tarFirstFile says whether head starts a tar archive (POSIX or GNU: "ustar"
// at offset 257) and returns the bytes head holds of its first file with
// contents. The entries before it are passed over: directories (`tar cf
// a.tar games/` writes one first), links, empty files, and the pax and GNU
// headers that hold long names, whose text is no member's. file is nil when
// head ends before such a file, or a header's size cannot be read.
func tarFirstFile(head []byte) (file []byte, ok bool) {
	const block = 512
	isHeader := func(off int) bool { return len(head) >= off+block && string(head[off+257:off+262]) == "ustar" }
	for off := 0; isHeader(off); {
		h := head[off : off+block]
		size, err := strconv.ParseInt(strings.Trim(string(h[124:136]), " \x00"), 8, 64)
		if err != nil || size < 0 {
			return nil, true
		}
		data := head[off+block:]
		if typ := h[156]; size > 0 && (typ == '0' || typ == 0 || typ == '7') {
			return data[:min(int64(len(data)), size)], true
		}
		if size > int64(len(data)) {
			return nil, true
		}
		off += block + int(size+block-1)/block*block
	}
	return nil, isHeader(0)
}

// zstdWindow caps the zstd window the decoder accepts. Archives such as the
// Lichess database use the default 8 MB window; 128 MB leaves room for
// --long archives and refuses frames that would take gigabytes.
const zstdWindow = 128 << 20

// zstdWindowMiB is zstdWindow in MiB, as messages and the README give it.
const zstdWindowMiB = zstdWindow >> 20

// checkZstdFrame looks at the header of the first frame of a zstd stream,
// past any skippable frames, and refuses a frame whose window exceeds
// zstdWindow before anything is decoded, with a message that says so (the
// decoder would call it a broken stream). It also refuses an lz4 stream that
// opens with a skippable frame, whose magic lz4 shares with zstd. What it
// cannot see in the buffered bytes is left to the decoder.
func checkZstdFrame(path string, buffered *bufio.Reader) error {
	const maxHeader = 18 // magic, descriptor, window, dictionary ID, content size
	off := 0
	for range 64 {
		h, _ := buffered.Peek(off + 8)
		if len(h) < off+8 || !isSkippableFrame(h[off:]) {
			break
		}
		next := off + 8 + int(binary.LittleEndian.Uint32(h[off+4:]))
		if next+maxHeader > buffered.Size() || next < off {
			return nil
		}
		off = next
	}
	h, _ := buffered.Peek(off + maxHeader)
	if len(h) <= off {
		return nil
	}
	h = h[off:]
	if f, ok := foreign(h); ok && off > 0 {
		return foreignError(path, f)
	}
	window, ok := zstdFrameWindow(h)
	if !ok || window <= zstdWindow {
		return nil
	}
	return &FormatError{Path: path, Format: "zstd", Reason: zstdWindowReason(path, window)}
}

func zstdWindowReason(path string, window uint64) string {
	if path == Stdin {
		path = "FILE"
	}
	need := "a frame of this zstd stream needs a larger window"
	if window > 0 {
		need = fmt.Sprintf("this zstd stream needs a %d MiB window", (window+1<<20-1)>>20)
	}
	return fmt.Sprintf("%s, more than the %d MiB arbiter accepts (zstd --long writes such streams; the file is not broken): "+
		"recompress it without --long or with --long=27 or less, or pipe it in: `zstd -dc --long=31 %s | arbiter check -`",
		need, zstdWindowMiB, path)
}

// zstdFrameWindow reads the window size from a zstd frame header (RFC 8878,
// 3.1.1.1): the Window_Descriptor, or for a single-segment frame the
// content size, which is then the window.
func zstdFrameWindow(h []byte) (uint64, bool) {
	if len(h) < 6 || !bytes.HasPrefix(h, zstdMagic) {
		return 0, false
	}
	fhd := h[4]
	if fhd&0x20 == 0 {
		wd := h[5]
		base := uint64(1) << (10 + wd>>3)
		return base + base/8*uint64(wd&7), true
	}
	at := 5 + [4]int{0, 1, 2, 4}[fhd&3]
	size := [4]int{1, 2, 4, 8}[fhd>>6]
	if len(h) < at+size {
		return 0, false
	}
	var fcs uint64
	for i := size - 1; i >= 0; i-- {
		fcs = fcs<<8 | uint64(h[at+i])
	}
	if size == 2 {
		fcs += 256
	}
	return fcs, true
}

// ReadError is a failure to read an input part way through, such as a
// truncated or corrupt compressed stream. Games before Offset were read.
type ReadError struct {
	Path   string
	Format string // "plain", "gzip", "zstd" or "bzip2"
	Offset int64  // bytes of (decompressed) text read before the failure
	Raw    int64  // bytes of the file read before the failure
	Err    error
}

func (e *ReadError) Error() string {
	if e.Format == "plain" {
		return fmt.Sprintf("%s: read error at byte %d: %v", displayName(e.Path), e.Offset, e.Err)
	}
	return fmt.Sprintf("%s: %s stream broken after %d bytes of text (byte %d of the file): %v",
		displayName(e.Path), e.Format, e.Offset, e.Raw, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// Open opens an input for reading, decompressing gzip, zstd and bzip2
// streams recognised by their magic bytes. A read error of the returned
// reader is a *ReadError naming the file and the offset. An entry a
// directory walk could not read fails with the walk's error.
func Open(in Input) (io.ReadCloser, error) {
	if in.err != nil {
		return nil, in.err
	}
	var f *os.File
	if in.Path == Stdin {
		f = os.Stdin
	} else {
		var err error
		if f, err = os.Open(in.Path); err != nil {
			return nil, err
		}
	}
	r, err := open(in.Path, f, f)
	if err != nil && f != os.Stdin {
		f.Close()
	}
	return r, err
}

// open wraps a raw stream; closer is what closing the result must close.
func open(path string, raw io.Reader, closer io.Closer) (*inputReader, error) {
	counted := &countingReader{r: raw}
	buffered := bufio.NewReaderSize(counted, 64<<10)
	head, err := buffered.Peek(foreignMagic)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("%s: %w", displayName(path), err)
	}
	if f, ok := foreign(head); ok {
		return nil, foreignError(path, f)
	}
	kind := compression(head)
	in := &inputReader{path: path, kind: kind, raw: counted, closer: closer}
	if kind == streamZstd {
		if err := checkZstdFrame(path, buffered); err != nil {
			return nil, err
		}
	}
	switch kind {
	case streamPlain:
		in.r = buffered
	case streamGzip:
		z, err := gzip.NewReader(buffered)
		if err != nil {
			return nil, in.wrap(err)
		}
		z.Multistream(false)
		in.r, in.close = &gzipMembers{z: z, src: buffered}, z.Close
	case streamZstd:
		z, err := zstd.NewReader(buffered,
			zstd.WithDecoderLowmem(true),
			zstd.WithDecoderConcurrency(1),
			zstd.WithDecoderMaxWindow(zstdWindow))
		if err != nil {
			return nil, in.wrap(err)
		}
		in.r, in.close = z, func() error { z.Close(); return nil }
	case streamBzip2:
		src := &zeroCounter{r: buffered}
		in.r = &bzip2Streams{r: bzip2.NewReader(src), src: src}
	}
	if kind != streamPlain {
		// The text's first bytes, to tell UTF-16, are known only once
		// decompressed: read them and hand them on ahead of the rest.
		var first [4]byte
		n, err := io.ReadFull(in.r, first[:])
		rest := in.r
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			rest = errorReader{err}
		}
		head, in.r = first[:n], io.MultiReader(bytes.NewReader(first[:n]), rest)
	}
	if order, bom, ok := utf16Order(head); ok {
		in.r = transform.NewReader(in.r, utf16Decoder(order, bom))
	}
	return in, nil
}

// utf16Order recognises UTF-16 text, which Windows editors save as
// "Unicode": by its byte-order mark or, without one, by ASCII characters
// alternating with NUL bytes in the first four bytes, which no text in a
// byte encoding has. Such an input is read as its UTF-8 copy.
func utf16Order(head []byte) (order unicode.Endianness, bom, ok bool) {
	switch {
	case len(head) >= 2 && head[0] == 0xFF && head[1] == 0xFE:
		return unicode.LittleEndian, true, true
	case len(head) >= 2 && head[0] == 0xFE && head[1] == 0xFF:
		return unicode.BigEndian, true, true
	case len(head) < 4:
		return unicode.LittleEndian, false, false
	case head[0] != 0 && head[0] < 0x80 && head[1] == 0 && head[2] != 0 && head[2] < 0x80 && head[3] == 0:
		return unicode.LittleEndian, false, true
	case head[0] == 0 && head[1] != 0 && head[1] < 0x80 && head[2] == 0 && head[3] != 0 && head[3] < 0x80:
		return unicode.BigEndian, false, true
	}
	return unicode.LittleEndian, false, false
}

// utf16Decoder decodes UTF-16 of the given order, dropping a BOM; a lone
// surrogate or an odd last byte becomes U+FFFD, which the parser reports
// where it stands.
func utf16Decoder(order unicode.Endianness, bom bool) transform.Transformer {
	policy := unicode.IgnoreBOM
	if bom {
		policy = unicode.ExpectBOM
	}
	return unicode.UTF16(order, policy).NewDecoder()
}

// gzipMembers reads a gzip file member by member, so that zero bytes after
// the last member end it, as gzip(1) ignores them (padding to a block, as
// tape and disk images leave): the reader alone, reading on to a next
// member, fails on them as an invalid header. Anything else after a member
// is read as the next member and fails as the reader would.
type gzipMembers struct {
	z   *gzip.Reader // in single-member mode: its EOF is a member's end, its trailer checked
	src *bufio.Reader
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	for {
		n, err := g.z.Read(p)
		if err != io.EOF {
			return n, err
		}
		// The reader takes its input a byte at a time from src (an
		// io.ByteReader), so src is just past the member.
		if err = g.next(); err != nil || n > 0 {
			return n, err
		}
	}
}

// next starts the member after the one read, io.EOF when none follows.
func (g *gzipMembers) next() error {
	zeros := false
	for {
		b, err := g.src.ReadByte()
		if err != nil {
			return err // io.EOF: the end, after zeros or none
		}
		if b != 0 {
			break
		}
		zeros = true
	}
	if zeros {
		return gzip.ErrHeader // not padding: a member cannot start with a zero
	}
	g.src.UnreadByte()
	if err := g.z.Reset(g.src); err != nil {
		return err
	}
	g.z.Multistream(false) // which Reset turns on
	return nil
}

// bzip2Streams lets zero bytes after the last bzip2 stream end the input,
// as bzip2(1) ignores them: Go's reader, looking for a next stream after
// each one, fails on anything but its magic "BZ". It takes its input a byte
// at a time, so when it fails there, having checked the stream before
// (so the failure says), the two bytes it read are the last zeroCounter
// gave; if they and all after them are zeros, the input has ended. A single
// zero byte after the stream stays an error: the reader fails on it as on a
// stream cut short, and a valid stream may end in a zero byte of its own.
type bzip2Streams struct {
	r    io.Reader
	src  *zeroCounter
	done bool
}

// bzip2NoNextStream is the error of Go's bzip2 reader for bytes after a
// stream that do not start another.
var bzip2NoNextStream = bzip2.StructuralError("bad magic value in continuation file")

func (b *bzip2Streams) Read(p []byte) (int, error) {
	if b.done {
		return 0, io.EOF
	}
	n, err := b.r.Read(p)
	if err == bzip2NoNextStream && b.src.zeros >= 2 {
		for {
			c, rerr := b.src.r.ReadByte()
			if rerr == io.EOF {
				b.done = true
				return n, io.EOF
			}
			if rerr != nil || c != 0 {
				break
			}
		}
	}
	return n, err
}

// zeroCounter counts the zero bytes read through it since the last byte
// that was not zero.
type zeroCounter struct {
	r     *bufio.Reader
	zeros int
}

func (z *zeroCounter) ReadByte() (byte, error) {
	c, err := z.r.ReadByte()
	if err == nil {
		z.count(c)
	}
	return c, err
}

func (z *zeroCounter) Read(p []byte) (int, error) {
	n, err := z.r.Read(p)
	for _, c := range p[:n] {
		z.count(c)
	}
	return n, err
}

func (z *zeroCounter) count(c byte) {
	if c == 0 {
		z.zeros++
	} else {
		z.zeros = 0
	}
}

type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) { return 0, e.err }

// inputReader is an opened input: it counts text and raw bytes and names
// the file in its errors.
type inputReader struct {
	path   string
	kind   compressionKind
	r      io.Reader
	raw    *countingReader
	text   int64
	close  func() error
	closer io.Closer
}

func (in *inputReader) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	in.text += int64(n)
	if err != nil && err != io.EOF {
		err = in.wrap(err)
	}
	return n, err
}

func (in *inputReader) wrap(err error) error {
	var re *ReadError
	if errors.As(err, &re) {
		return err
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if in.kind == streamZstd && (errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded)) {
		// A later frame than the first, which checkZstdFrame saw.
		err = errors.New(zstdWindowReason(in.path, 0))
	}
	return &ReadError{Path: in.path, Format: compressionNames[in.kind], Offset: in.text, Raw: in.raw.n.Load(), Err: err}
}

// rawBytes is how many bytes of the file have been read so far; the
// progress bar compares it with the size on disk.
func (in *inputReader) rawBytes() int64 { return in.raw.n.Load() }

// content is the sum of the bytes of the file read so far. Called on the
// goroutine that reads.
func (in *inputReader) content() ContentSum {
	return ContentSum{Bytes: in.raw.n.Load(), CRC32C: in.raw.crc}
}

func (in *inputReader) Close() error {
	var err error
	if in.close != nil {
		err = in.close()
	}
	if in.closer != nil && in.closer != io.Closer(os.Stdin) {
		if cerr := in.closer.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// countingReader counts the bytes read through it, and sums them
// (ContentSum): every byte of an input passes here once, as on disk,
// before any decoder, in reads of the buffer's size (64 KiB), which is
// where the CRC instruction goes fastest. The count is read from another
// goroutine by the progress bar; the sum only by the reading goroutine,
// once the input is read.
type countingReader struct {
	r   io.Reader
	n   atomic.Int64
	crc uint32
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	if n > 0 {
		c.crc = crc32.Update(c.crc, castagnoli, p[:n])
	}
	return n, err
}
