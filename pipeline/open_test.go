package pipeline

import (
	"archive/tar"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	utf16pkg "unicode/utf16"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// twoGamesText is what testdata/two-games.pgn.bz2 holds.
const twoGamesText = "[Event \"bz2 one\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"bz2 two\"]\n[Result \"*\"]\n\n1. d4 *\n"

func gzipped(t testing.TB, text []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(text)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zstded(t testing.TB, text []byte) []byte {
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(text)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func writeFile(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readAll(t *testing.T, path string) ([]byte, error) {
	t.Helper()
	rc, err := Open(Input{Path: path})
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// TestOpenByMagic reads each format under a name that says something else.
func TestOpenByMagic(t *testing.T) {
	dir := t.TempDir()
	text := []byte(twoGamesText)
	bz, err := os.ReadFile("testdata/two-games.pgn.bz2")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"plain.gz":      text,
		"gzip.pgn":      gzipped(t, text),
		"zstd.bz2":      zstded(t, text),
		"bzip2.zst":     bz,
		"multi.txt":     append(gzipped(t, text[:50]), gzipped(t, text[50:])...),
		"empty.pgn":     nil,
		"one-byte.pgn":  []byte("["),
		"zstd-empty.gz": zstded(t, nil),
	} {
		got, err := readAll(t, writeFile(t, dir, name, data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		want := twoGamesText
		switch name {
		case "empty.pgn", "zstd-empty.gz":
			want = ""
		case "one-byte.pgn":
			want = "["
		}
		if string(got) != want {
			t.Errorf("%s: read %q, want %q", name, got, want)
		}
	}
}

// TestOpenTruncated cuts compressed streams short: the text before the cut
// is read, then an error names the file and the offset.
func TestOpenTruncated(t *testing.T) {
	dir := t.TempDir()
	text := bytes.Repeat([]byte(twoGamesText), 200)
	bz, err := os.ReadFile("testdata/two-games.pgn.bz2")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, format string
		text, data   []byte
	}{
		{"cut.pgn.gz", "gzip", text, gzipped(t, text)},
		{"cut.pgn.zst", "zstd", text, zstded(t, text)},
		{"cut.pgn.bz2", "bzip2", []byte(twoGamesText), bz},
	} {
		cut := c.data[:len(c.data)*2/3]
		path := writeFile(t, dir, c.name, cut)
		got, err := readAll(t, path)
		var re *ReadError
		if !errors.As(err, &re) {
			t.Errorf("%s: error %v, want a *ReadError", c.name, err)
			continue
		}
		if re.Path != path || re.Format != c.format || re.Offset != int64(len(got)) || re.Raw != int64(len(cut)) {
			t.Errorf("%s: %+v after %d bytes of text, want path %s, format %s, raw %d", c.name, re, len(got), path, c.format, len(cut))
		}
		if !bytes.HasPrefix(c.text, got) {
			t.Errorf("%s: the text read is not a prefix of the input", c.name)
		}
		if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, c.format) {
			t.Errorf("%s: message %q does not name the file and format", c.name, msg)
		}
	}
}

func TestOpenMissing(t *testing.T) {
	_, err := Open(Input{Path: filepath.Join(t.TempDir(), "nope.pgn")})
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open of a missing file: %v", err)
	}
}

func TestOpenCorruptHeader(t *testing.T) {
	// A gzip magic followed by garbage: the header itself is refused.
	path := writeFile(t, t.TempDir(), "bad.gz", []byte{0x1f, 0x8b, 0xff, 0xff, 0xff})
	_, err := Open(Input{Path: path})
	var re *ReadError
	if !errors.As(err, &re) || re.Format != "gzip" || re.Path != path {
		t.Errorf("Open of a corrupt gzip header: %v", err)
	}
}

func TestCompression(t *testing.T) {
	for _, c := range []struct {
		head []byte
		want compressionKind
	}{
		{[]byte{0x1f, 0x8b, 8, 0}, streamGzip},
		{[]byte{0x28, 0xb5, 0x2f, 0xfd}, streamZstd},
		{[]byte{0x50, 0x2a, 0x4d, 0x18}, streamZstd}, // a skippable frame (pzstd)
		{[]byte{0x5f, 0x2a, 0x4d, 0x18}, streamZstd},
		{[]byte{0x60, 0x2a, 0x4d, 0x18}, streamPlain},
		{[]byte{0x50, 0x2a, 0x4d}, streamPlain},
		{[]byte("\xfd7zXZ\x00"), streamPlain}, // xz: refused by Open, see foreign
		{[]byte("BZh9"), streamBzip2},
		{[]byte("BZh0"), streamPlain},
		{[]byte("BZhx"), streamPlain},
		{[]byte("BZh"), streamPlain},
		{[]byte{0x1f}, streamPlain},
		{[]byte("[Event"), streamPlain},
		{nil, streamPlain},
	} {
		if got := compression(c.head); got != c.want {
			t.Errorf("compression(%q) = %v, want %v", c.head, got, c.want)
		}
	}
}

// utf16 encodes s as UTF-16 of the given byte order, with a BOM if asked.
func utf16(s string, bigEndian, bom bool) []byte {
	var b []byte
	put := func(u uint16) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	if bom {
		put(0xFEFF)
	}
	for _, u := range utf16pkg.Encode([]rune(s)) {
		put(u)
	}
	return b
}

// TestOpenUTF16 reads UTF-16 files, as Windows editors save "Unicode" text,
// with and without a byte-order mark, plain and compressed, as their UTF-8
// copy; text in byte encodings is left as it is.
func TestOpenUTF16(t *testing.T) {
	dir := t.TempDir()
	text := "[Event \"Мемориал\"]\r\n\r\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6 4. С:c6 dc ♘f3 1-0\r\n"
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"le-bom.pgn", utf16(text, false, true), text},
		{"be-bom.pgn", utf16(text, true, true), text},
		{"le.pgn", utf16(text, false, false), text},
		{"be.pgn", utf16(text, true, false), text},
		{"le-bom.pgn.gz", gzipped(t, utf16(text, false, true)), text},
		{"be.pgn.zst", zstded(t, utf16(text, true, false)), text},
		{"odd-byte.pgn", append(utf16("1. e4", false, true), 'x'), "1. e4\uFFFD"},
		{"bom-only.pgn", []byte{0xFF, 0xFE}, ""},
		{"utf8.pgn", []byte(text), text},
		// Windows-1251 "Кf3 е5" and a UTF-8 BOM: no NUL bytes, not UTF-16.
		{"cp1251.pgn", []byte("\xcaf3 \xe55"), "\xcaf3 \xe55"},
		{"utf8-bom.pgn", []byte("\xef\xbb\xbf1. e4"), "\xef\xbb\xbf1. e4"},
	} {
		got, err := readAll(t, writeFile(t, dir, c.name, c.data))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		} else if string(got) != c.want {
			t.Errorf("%s: read %q, want %q", c.name, got, c.want)
		}
	}
}

// pzstded compresses text the way pzstd does: in independent zstd frames,
// each preceded by a skippable frame (magic 0x184D2A50) whose 4-byte
// payload is the size of the frame that follows.
func pzstded(t testing.TB, text []byte, parts int) []byte {
	var out []byte
	step := (len(text) + parts - 1) / max(parts, 1)
	for from := 0; from < len(text) || from == 0; from += max(step, 1) {
		frame := zstded(t, text[from:min(from+step, len(text))])
		out = append(out, 0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(frame)))
		out = append(out, frame...)
		if step == 0 {
			break
		}
	}
	return out
}

// TestOpenZstdSkippableFrame: a zstd stream that opens with a skippable
// frame, as pzstd (in Debian's zstd package) writes every file, is zstd.
func TestOpenZstdSkippableFrame(t *testing.T) {
	dir := t.TempDir()
	text := bytes.Repeat([]byte(twoGamesText), 50)
	for name, data := range map[string][]byte{
		"pzstd-one.pgn.zst":   pzstded(t, text, 1),
		"pzstd-three.pgn.zst": pzstded(t, text, 3),
		// Another skippable magic (0x184D2A5F) and an empty payload.
		"skip-5f.bin": append([]byte{0x5f, 0x2a, 0x4d, 0x18, 0, 0, 0, 0}, zstded(t, text)...),
	} {
		if data[0]&0xf0 != 0x50 || !bytes.Equal(data[1:4], []byte{0x2a, 0x4d, 0x18}) {
			t.Fatalf("%s: % x does not open with a skippable frame", name, data[:4])
		}
		got, err := readAll(t, writeFile(t, dir, name, data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if !bytes.Equal(got, text) {
			t.Errorf("%s: read %d bytes, want the %d of the text", name, len(got), len(text))
		}
	}
}

// TestOpenForeignFormats: a compressed file or archive in a format arbiter
// does not read is refused with an error naming the format, not read as
// binary text.
func TestOpenForeignFormats(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		data   []byte
		format string
	}{
		{"a.pgn.xz", []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46"), "an xz-compressed file"},
		{"a.pgn.lz4", []byte{0x04, 0x22, 0x4d, 0x18, 0x64, 0x40, 0xa7}, "an lz4-compressed file"},
		{"a.zip", []byte("PK\x03\x04\x14\x00\x00\x00"), "a zip archive"},
		{"a.7z", []byte("7z\xbc\xaf\x27\x1c\x00\x04"), "a 7z archive"},
		{"a.rar", []byte("Rar!\x1a\x07\x01\x00"), "a RAR archive"},
		// lz4 shares zstd's skippable frames: what follows one decides.
		{"skip.lz4", []byte{0x50, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 'h', 'i', 0x04, 0x22, 0x4d, 0x18, 0x64, 0x40, 0xa7}, "an lz4-compressed file"},
	} {
		path := writeFile(t, dir, c.name, c.data)
		_, err := Open(Input{Path: path})
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Path != path || fe.Format != c.format {
			t.Errorf("%s: Open: %v, want a *FormatError for %s", c.name, err, c.format)
		}
	}
	path := filepath.Join(dir, "a.pgn.xz")
	_, err := Open(Input{Path: path})
	want := path + ": an xz-compressed file, which arbiter does not read (it reads PGN text, plain or compressed with gzip, zstd or bzip2): " +
		"pipe its text in, e.g. `xz -dc " + path + " | arbiter check -`"
	if err == nil || err.Error() != want {
		t.Errorf("message\n got %v\nwant %s", err, want)
	}
}

// TestOpenZstdWindowTooLarge: a valid zstd stream whose window exceeds the
// decoder's limit (zstd --long=28 and more) is refused up front with a
// message that says so, not as a broken stream; one within it is read.
func TestOpenZstdWindowTooLarge(t *testing.T) {
	dir := t.TempDir()
	text := []byte(twoGamesText)
	// big is text in one zstd frame whose header asks for a window of
	// 1<<log bytes, as zstd --long=log writes it.
	big := func(log byte) []byte {
		frame := zstded(t, text)
		if frame[4]&0x20 != 0 {
			t.Fatalf("% x: a single-segment frame", frame[:6])
		}
		frame[5] = (log - 10) << 3
		return frame
	}
	// A single-segment frame (zstd --long=30 of a 200 MiB file) takes its
	// content size for the window: 200 MiB, of which only the header is here.
	single := []byte{0x28, 0xb5, 0x2f, 0xfd, 0xa4}
	single = binary.LittleEndian.AppendUint32(single, 200<<20)
	for _, c := range []struct {
		name string
		data []byte
		need int // MiB; 0 when the stream is read
	}{
		{"w256.pgn.zst", big(28), 256},
		{"w128.pgn.zst", big(27), 0},
		{"single.pgn.zst", append(single, 0, 0, 0, 0, 0, 0, 0, 0), 200},
		{"pzstd-w256.pgn.zst", append([]byte{0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0}, big(28)...), 256},
	} {
		path := writeFile(t, dir, c.name, c.data)
		rc, err := Open(Input{Path: path})
		if c.need == 0 {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			got, err := io.ReadAll(rc)
			rc.Close()
			if err != nil || !bytes.Equal(got, text) {
				t.Errorf("%s: read %q, %v", c.name, got, err)
			}
			continue
		}
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Format != "zstd" {
			t.Errorf("%s: Open: %v, want a *FormatError", c.name, err)
			continue
		}
		want := fmt.Sprintf("%s: this zstd stream needs a %d MiB window, more than the 128 MiB arbiter accepts (zstd --long writes such streams; "+
			"the file is not broken): recompress it without --long or with --long=27 or less, or pipe it in: `zstd -dc --long=31 %s | arbiter check -`", path, c.need, path)
		if err.Error() != want {
			t.Errorf("%s: message\n got %s\nwant %s", c.name, err, want)
		}
	}

	// A later frame with too large a window: the text before it is read,
	// then a ReadError says what is wrong.
	path := writeFile(t, dir, "later.pgn.zst", append(zstded(t, text), big(28)...))
	got, err := readAll(t, path)
	var re *ReadError
	if !errors.As(err, &re) || re.Format != "zstd" || !bytes.Equal(got, text) ||
		!strings.Contains(err.Error(), "a frame of this zstd stream needs a larger window, more than the 128 MiB arbiter accepts") {
		t.Errorf("later frame: read %d bytes, %v", len(got), err)
	}
}

// bzip2ZeroEnd is a bzip2 stream (of bzip2ZeroEndText, made by bzip2 1.0.8)
// whose last byte is zero: its own, not padding, which the trailing zeros
// a reader passes over must not be taken for.
var bzip2ZeroEnd = must(hex.DecodeString("425a68393141592653599dadecd800000c5f800010501136000200100a16059f1a200021aa64d0f536501a627b50a68d0068000684a35076fa6bba7910accf434121ae564052a661e01d0b950702ee48a70a1213b5bd9b00"))

const bzip2ZeroEndText = "[Event \"bz2 zero end\"]\n[Result \"*\"]\n\n1. e4 {5} *\n"

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestOpenTrailingZeros: zero bytes after the last gzip member or bzip2
// stream, as padding to a block leaves, end the input as gzip(1) and
// bzip2(1) take them, whatever their number (for bzip2, two or more: the
// reader cannot tell one from a stream cut short); other bytes after it, or
// after the zeros, are still an error, and so are zeros where a stream was
// cut short, and zeros after a zstd frame, which zstd(1) refuses too.
func TestOpenTrailingZeros(t *testing.T) {
	dir := t.TempDir()
	text := []byte(twoGamesText)
	gz, zst := gzipped(t, text), zstded(t, text)
	bz, err := os.ReadFile("testdata/two-games.pgn.bz2")
	if err != nil {
		t.Fatal(err)
	}
	zeros := func(n int) []byte { return make([]byte, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for _, c := range []struct {
		name string
		data []byte
		text string // read before the end or the error
		err  string // the *ReadError's, "" when the read ends cleanly
	}{
		{"gzip, 1024 zeros", cat(gz, zeros(1024)), twoGamesText, ""},
		{"gzip, one zero", cat(gz, zeros(1)), twoGamesText, ""},
		{"gzip, two members, zeros", cat(gzipped(t, text[:50]), gzipped(t, text[50:]), zeros(5000)), twoGamesText, ""},
		{"gzip, two members", cat(gzipped(t, text[:50]), gzipped(t, text[50:])), twoGamesText, ""},
		{"gzip, zeros then a byte", cat(gz, zeros(100), []byte("X")), twoGamesText, "gzip: invalid header"},
		{"gzip, zeros then a member", cat(gz, zeros(10), gz), twoGamesText, "gzip: invalid header"},
		{"gzip, garbage", cat(gz, []byte("XYZXYZXYZXYZ")), twoGamesText, "gzip: invalid header"},
		{"gzip, short garbage", cat(gz, []byte("XYZ")), twoGamesText, "unexpected EOF"},
		{"gzip, cut, zeros", cat(gz[:len(gz)-6], zeros(1024)), twoGamesText, "gzip: invalid checksum"},
		{"bzip2, 1024 zeros", cat(bz, zeros(1024)), twoGamesText, ""},
		{"bzip2, two zeros", cat(bz, zeros(2)), twoGamesText, ""},
		{"bzip2, two streams, zeros", cat(bz, bz, zeros(4096)), twoGamesText + twoGamesText, ""},
		{"bzip2 ending in a zero", bzip2ZeroEnd, bzip2ZeroEndText, ""},
		{"bzip2 ending in a zero, zeros", cat(bzip2ZeroEnd, zeros(3)), bzip2ZeroEndText, ""},
		{"bzip2, one zero", cat(bz, zeros(1)), twoGamesText, "unexpected EOF"},
		{"bzip2, zeros then a byte", cat(bz, zeros(100), []byte("X")), twoGamesText, "bzip2 data invalid: bad magic value in continuation file"},
		{"bzip2, a byte then zeros", cat(bz, []byte("X"), zeros(100)), twoGamesText, "bzip2 data invalid: bad magic value in continuation file"},
		{"bzip2, cut, zeros", cat(bz[:len(bz)-4], zeros(1024)), twoGamesText, "bzip2 data invalid: file checksum mismatch"},
		{"zstd, zeros", cat(zst, zeros(1024)), twoGamesText, "invalid input: magic number mismatch"},
	} {
		path := writeFile(t, dir, "padded", c.data)
		got, err := readAll(t, path)
		if c.err == "" {
			if err != nil || string(got) != c.text {
				t.Errorf("%s: read %q, error %v; want the text and no error", c.name, got, err)
			}
			continue
		}
		var re *ReadError
		if !errors.As(err, &re) || re.Err.Error() != c.err || string(got) != c.text {
			t.Errorf("%s: read %q, error %v; want the text and a *ReadError of %q", c.name, got, err, c.err)
		}
	}
}

// TestBinaryTextTar: a tar is judged by its first file with contents,
// past a directory entry: a tar of a directory of .pgn.gz files is binary
// data, one of a directory of PGN files is not.
func TestBinaryTextTar(t *testing.T) {
	gz := gzipped(t, synthetic(0, 3000))
	dirOfGz := tarOf(t, tar.FormatUSTAR, tarEntry{name: "games/", typ: tar.TypeDir}, tarEntry{name: "games/a.pgn.gz", body: gz})
	var fe *FormatError
	if err := binaryText("d.tar", dirOfGz); !errors.As(err, &fe) || fe.Format != "binary data" {
		t.Errorf("a directory of .pgn.gz: %v", err)
	}
	dirOfPGN := tarOf(t, tar.FormatUSTAR, tarEntry{name: "games/", typ: tar.TypeDir}, tarEntry{name: "games/a.pgn", body: synthetic(0, 300)})
	if err := binaryText("d.tar", dirOfPGN); err != nil {
		t.Errorf("a directory of .pgn: %v", err)
	}
}
