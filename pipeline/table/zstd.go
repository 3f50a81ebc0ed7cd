package table

import (
	"io"
	"sync"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// zstdCodec is arrow-go's zstd codec for Parquet pages, with a window of
// twice a page rather than zstd's default 8 MiB, and encoders kept across
// garbage collections. It replaces arrow-go's for the whole process (arrow
// looks codecs up by kind), which is harmless: it writes valid zstd, the
// same bytes for any page up to the window, and decodes with arrow-go's.
//
// Why: arrow-go compresses each page with EncodeAll from an encoder of the
// default window, whose history buffer is twice the window, 16 MiB, though
// no page is a tenth of that; and it pools its encoders in a sync.Pool,
// which every collection empties. So a run of `check --out` on the big
// benchmark file held 16-25 MB of histories, a quarter of its live heap,
// and made them again after collections, each fresh one cleared by the
// runtime and then by the kernel as its pages were first touched. With
// this one a history is 2.1 MiB (the window and a block: the lower-memory
// option), and the run takes about 4 % less CPU (BENCHMARKS.md, session 27).
//
// A page of up to windowSize bytes is compressed to the same bytes as
// before: EncodeAll writes it as a single segment, whose header carries its
// size and not the window, and no match reaches farther back than the page.
// A larger page (a value of megabytes) gets a frame any zstd decoder reads.
type zstdCodec struct {
	compress.Codec // arrow-go's, for decoding and CompressBound
	mu             sync.Mutex
	free           map[zstd.EncoderLevel][]*zstd.Encoder
}

// windowSize is the zstd window of a page: Parquet writers cut pages at
// about 1 MiB (arrow-go's default, which the tables keep), a little more
// when a batch of values overshoots.
const windowSize = 2 << 20

// maxFreeEncoders bounds the encoders kept per level: one per goroutine
// that encodes at once (a file's writer and its second lane, times the
// tables written together) is enough to never make one again.
const maxFreeEncoders = 8

func init() {
	std, err := compress.GetCodec(compress.Codecs.Zstd)
	if _, streams := std.(compress.StreamingCodec); err != nil || !streams {
		return // no zstd in this arrow-go: the writers fail on their own terms
	}
	compress.RegisterCodec(compress.Codecs.Zstd, &zstdCodec{Codec: std, free: map[zstd.EncoderLevel][]*zstd.Encoder{}})
}

func (c *zstdCodec) Encode(dst, src []byte) []byte {
	return c.EncodeLevel(dst, src, compress.DefaultCompressionLevel)
}

// EncodeLevel compresses src as arrow-go's codec does, level for level.
func (c *zstdCodec) EncodeLevel(dst, src []byte, level int) []byte {
	l := zstd.SpeedDefault
	if level != compress.DefaultCompressionLevel {
		l = zstd.EncoderLevelFromZstd(level)
	}
	e := c.get(l)
	dst = e.EncodeAll(src, dst[:0])
	c.put(l, e)
	return dst
}

func (c *zstdCodec) get(l zstd.EncoderLevel) *zstd.Encoder {
	c.mu.Lock()
	if free := c.free[l]; len(free) > 0 {
		e := free[len(free)-1]
		c.free[l] = free[:len(free)-1]
		c.mu.Unlock()
		return e
	}
	c.mu.Unlock()
	// The options are arrow-go's, but for the window.
	e, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(l),
		zstd.WithEncoderConcurrency(1), zstd.WithAllLitEntropyCompression(true), zstd.WithWindowSize(windowSize), zstd.WithLowerEncoderMem(true))
	if err != nil {
		panic(err) // the options are constants: a zstd that refuses them is a bug
	}
	return e
}

func (c *zstdCodec) put(l zstd.EncoderLevel, e *zstd.Encoder) {
	c.mu.Lock()
	if len(c.free[l]) < maxFreeEncoders {
		c.free[l] = append(c.free[l], e)
	}
	c.mu.Unlock()
}

// DecodeWithError and the streaming methods are arrow-go's, so that the
// codec answers every interface the one it replaces did.
func (c *zstdCodec) DecodeWithError(dst, src []byte) ([]byte, error) {
	return compress.Decode(c.Codec, dst, src)
}

func (c *zstdCodec) NewReader(r io.Reader) io.ReadCloser {
	return c.Codec.(compress.StreamingCodec).NewReader(r)
}

func (c *zstdCodec) NewWriter(w io.Writer) io.WriteCloser {
	return c.Codec.(compress.StreamingCodec).NewWriter(w)
}

func (c *zstdCodec) NewWriterLevel(w io.Writer, level int) (io.WriteCloser, error) {
	return c.Codec.(compress.StreamingCodec).NewWriterLevel(w, level)
}
