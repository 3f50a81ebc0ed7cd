package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// pageLike is n bytes that compress as a Parquet page of text does: words
// from a small vocabulary, so that matches reach far back.
func pageLike(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	words := []string{"1. e4 ", "e5 ", "Nf3 ", "Nc6 ", "Bb5 ", "a6 ", "[Event \"Open\"]\n", "O-O ", "Qxd8+ ", "1/2-1/2\n"}
	var b bytes.Buffer
	for b.Len() < n {
		if r.IntN(8) == 0 {
			fmt.Fprintf(&b, "%d ", r.IntN(100000))
		} else {
			b.WriteString(words[r.IntN(len(words))])
		}
	}
	return b.Bytes()[:n]
}

func TestZstdCodecRegistered(t *testing.T) {
	c, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(*zstdCodec); !ok {
		t.Fatalf("the zstd codec is %T, not the table package's", c)
	}
	if _, ok := c.(compress.StreamingCodec); !ok {
		t.Error("the zstd codec does not stream as arrow-go's does")
	}
	if _, ok := c.(compress.ErrorCodec); !ok {
		t.Error("the zstd codec does not report decoding errors as arrow-go's does")
	}
}

// A page up to the window compresses to arrow-go's bytes exactly, so that
// the files stay what they were; a larger one differs but reads back.
func TestZstdCodecMatchesArrow(t *testing.T) {
	c, _ := compress.GetCodec(compress.Codecs.Zstd)
	ours := c.(*zstdCodec)
	for _, n := range []int{0, 1, 100, 64 << 10, 200 << 10, 1 << 20, windowSize, windowSize + 1, 3 * windowSize} {
		for _, level := range []int{zstdLevel, 3, compress.DefaultCompressionLevel} {
			src := pageLike(n, uint64(n))
			got := ours.EncodeLevel(nil, src, level)
			back, err := ours.DecodeWithError(nil, got)
			if err != nil || !bytes.Equal(back, src) {
				t.Fatalf("%d bytes, level %d: decoded %d bytes, %v", n, level, len(back), err)
			}
			want := ours.Codec.EncodeLevel(nil, src, level)
			if same := bytes.Equal(got, want); same != (n <= windowSize) {
				t.Errorf("%d bytes, level %d: same bytes as arrow-go's: %v, want %v", n, level, same, n <= windowSize)
			}
		}
	}
	if bytes.Equal(pageLike(windowSize, 1), pageLike(windowSize, 2)) {
		t.Fatal("the pages do not depend on the seed")
	}
}

// Encoders are kept across calls, up to maxFreeEncoders a level.
func TestZstdCodecKeepsEncoders(t *testing.T) {
	c := &zstdCodec{free: map[zstd.EncoderLevel][]*zstd.Encoder{}}
	e := c.get(1)
	c.put(1, e)
	if got := c.get(1); got != e {
		t.Error("an encoder given back was not taken again")
	}
	for range maxFreeEncoders + 3 {
		c.put(1, c.get(2))
	}
	if n := len(c.free[1]); n != maxFreeEncoders {
		t.Errorf("kept %d encoders, want %d", n, maxFreeEncoders)
	}
}
