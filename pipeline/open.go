package pipeline

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"os"
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

// compression recognises a stream by its magic bytes: names lie, and stdin has none.
func compression(head []byte) compressionKind {
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return streamGzip
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return streamZstd
	case len(head) >= 4 && bytes.HasPrefix(head, []byte("BZh")) && head[3] >= '1' && head[3] <= '9':
		return streamBzip2
	}
	return streamPlain
}

// zstdWindow caps the zstd window the decoder accepts. Archives such as the
// Lichess database use the default 8 MB window; 128 MB leaves room for
// --long archives and refuses frames that would take gigabytes.
const zstdWindow = 128 << 20

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
		return fmt.Sprintf("%s: read error at byte %d: %v", e.Path, e.Offset, e.Err)
	}
	return fmt.Sprintf("%s: %s stream broken after %d bytes of text (byte %d of the file): %v",
		e.Path, e.Format, e.Offset, e.Raw, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// Open opens an input for reading, decompressing gzip, zstd and bzip2
// streams recognised by their magic bytes. A read error of the returned
// reader is a *ReadError naming the file and the offset.
func Open(in Input) (io.ReadCloser, error) {
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
	head, err := buffered.Peek(4)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	kind := compression(head)
	in := &inputReader{path: path, kind: kind, raw: counted, closer: closer}
	switch kind {
	case streamPlain:
		in.r = buffered
	case streamGzip:
		z, err := gzip.NewReader(buffered)
		if err != nil {
			return nil, in.wrap(err)
		}
		in.r, in.close = z, z.Close
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
		in.r = bzip2.NewReader(buffered)
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
	return &ReadError{Path: in.path, Format: compressionNames[in.kind], Offset: in.text, Raw: in.raw.n.Load(), Err: err}
}

// rawBytes is how many bytes of the file have been read so far; the
// progress bar compares it with the size on disk.
func (in *inputReader) rawBytes() int64 { return in.raw.n.Load() }

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

// countingReader counts the bytes read through it; the count is read from
// another goroutine by the progress bar.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
