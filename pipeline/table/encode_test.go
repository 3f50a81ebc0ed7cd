package table

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

var tableNames = map[*arrow.Schema]string{GamesSchema: "games", FindingsSchema: "findings", MovesSchema: "moves"}

// batchFile is what pqarrowBytes and encoderBytes write with.
type batchFile interface {
	Write(arrow.RecordBatch) error
	Close() error
}

// fileBytes is the file that open's writer makes of recs, given the schema
// with its stored Arrow form, as NewWriter gives it.
func fileBytes(t *testing.T, s *arrow.Schema, open func(*arrow.Schema, *bytes.Buffer) (batchFile, error), recs ...arrow.RecordBatch) []byte {
	t.Helper()
	stored, err := withArrowSchema(s)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := open(stored, &buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pqarrowBytes is the file pqarrow's own writer makes of recs, with the
// properties NewWriter gives a file of the schema.
func pqarrowBytes(t *testing.T, s *arrow.Schema, recs ...arrow.RecordBatch) []byte {
	return fileBytes(t, s, func(stored *arrow.Schema, buf *bytes.Buffer) (batchFile, error) {
		return pqarrow.NewFileWriter(stored, buf, writerProps(s, defaultAllocator),
			pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(defaultAllocator)))
	}, recs...)
}

// encoderBytes is the file fileEncoder makes of recs, with the same
// properties.
//
// It writes each batch of rows with two goroutines as well (parallelRows),
// however short, and fails the test unless that file is the same.
func encoderBytes(t *testing.T, s *arrow.Schema, recs ...arrow.RecordBatch) []byte {
	open := func(stored *arrow.Schema, buf *bytes.Buffer) (batchFile, error) {
		return newFileEncoder(stored, buf, writerProps(s, defaultAllocator),
			pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(defaultAllocator)))
	}
	serial := fileBytes(t, s, open, recs...)
	defer func(n int64) { parallelRows = n }(parallelRows)
	parallelRows = 1
	if shared := fileBytes(t, s, open, recs...); !bytes.Equal(shared, serial) {
		t.Errorf("written by two goroutines: %d bytes, by one %d", len(shared), len(serial))
	}
	return serial
}

// TestEncodingMatchesPqarrow: the Writer's files are byte for byte those
// pqarrow's own writer makes of the same batches, statistics included, for
// every table, for batches of one game (whose nullable dictionary columns
// are all null, whose findings have no suggestions), of a few and of all,
// and for sample games and tournament games (a dictionary value of many
// rows, many findings without suggestions).
func TestEncodingMatchesPqarrow(t *testing.T) {
	for _, set := range []struct {
		name  string
		games []Game
	}{{"sample", manyGames(103)}, {"tournament", tournamentGames(300)}} {
		for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder, NewMovesBuilder} {
			for _, rows := range []int{1, 7, 1000} {
				name := fmt.Sprintf("%s/%s/%d", set.name, tableNames[nb(nil).Schema()], rows)
				var ours bytes.Buffer
				w, err := NewWriter(&ours, nb(nil), WriterOptions{BatchRows: rows})
				if err != nil {
					t.Fatal(err)
				}
				b := nb(nil)
				var recs []arrow.RecordBatch
				for i := range set.games {
					if err := w.Append(&set.games[i]); err != nil {
						t.Fatal(err)
					}
					if b.Append(&set.games[i]); b.Len() >= rows {
						recs = append(recs, b.NewRecordBatch())
					}
				}
				if b.Len() > 0 {
					recs = append(recs, b.NewRecordBatch())
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				theirs := pqarrowBytes(t, b.Schema(), recs...)
				for _, rec := range recs {
					rec.Release()
				}
				b.Release()
				if ours.Len() == 0 || !bytes.Equal(ours.Bytes(), theirs) {
					t.Errorf("%s: %d bytes, pqarrow's own %d", name, ours.Len(), len(theirs))
				}
			}
		}
	}
}

// TestEncodingMatchesPqarrowOnSlices: batches that start inside their
// arrays (validity bitmaps, dictionary indices and list offsets at an
// offset) are written as pqarrow writes them.
func TestEncodingMatchesPqarrowOnSlices(t *testing.T) {
	games := manyGames(103)
	for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder, NewMovesBuilder} {
		b := nb(nil)
		for i := range games {
			b.Append(&games[i])
		}
		rec := b.NewRecordBatch()
		b.Release()
		n := rec.NumRows()
		var slices []arrow.RecordBatch
		for _, r := range [][2]int64{{3, n - 5}, {9, 10}, {1, n}, {n - 1, n}} {
			slices = append(slices, rec.NewSlice(r[0], r[1]))
		}
		ours, theirs := encoderBytes(t, rec.Schema(), slices...), pqarrowBytes(t, rec.Schema(), slices...)
		if len(ours) == 0 || !bytes.Equal(ours, theirs) {
			t.Errorf("%s: %d bytes, pqarrow's own %d", tableNames[rec.Schema()], len(ours), len(theirs))
		}
		for _, s := range slices {
			s.Release()
		}
		rec.Release()
	}
}

// TestEncodingDictionaryFallbacks: a dictionary with an entry no row uses
// (whose statistics must not count it), or with a value twice (which
// Parquet's dictionary cannot hold), is written as pqarrow writes it; a
// batch whose dictionary is whole and distinct, the near miss, too.
func TestEncodingDictionaryFallbacks(t *testing.T) {
	s := schema(required("code", dict), nullable("tag", dict))
	for _, c := range []struct {
		name                 string
		codes, tags          []string
		codeIndex, tagsIndex []int32
		tagValid             []bool
	}{
		{"whole", []string{"b", "a"}, []string{"x"}, []int32{0, 1, 1}, []int32{0, 0, 0}, []bool{true, false, true}},
		{"unused", []string{"zz", "b", "a"}, []string{"x", "0"}, []int32{1, 2, 1}, []int32{0, 1, 0}, []bool{true, false, true}},
		{"only null uses it", []string{"b"}, []string{"x", "0"}, []int32{0, 0, 0}, []int32{0, 1, 0}, []bool{true, false, true}},
		{"twice", []string{"a", "a", "b"}, []string{"x"}, []int32{0, 1, 2}, []int32{0, 0, 0}, []bool{false, false, false}},
	} {
		code := dictionaryArray(c.codes, c.codeIndex, nil)
		tag := dictionaryArray(c.tags, c.tagsIndex, c.tagValid)
		rec := array.NewRecordBatch(s, []arrow.Array{code, tag}, int64(len(c.codeIndex)))
		ours, theirs := encoderBytes(t, s, rec), pqarrowBytes(t, s, rec)
		if len(ours) == 0 || !bytes.Equal(ours, theirs) {
			t.Errorf("%s: %d bytes, pqarrow's own %d", c.name, len(ours), len(theirs))
		}
		rec.Release()
		code.Release()
		tag.Release()
	}
}

// dictionaryArray is a dictionary array of values, as they are, with the
// indices and validity given (nil: all valid).
func dictionaryArray(values []string, indices []int32, valid []bool) arrow.Array {
	vb := array.NewStringBuilder(memory.DefaultAllocator)
	defer vb.Release()
	vb.AppendValues(values, nil)
	v := vb.NewArray()
	defer v.Release()
	ib := array.NewInt32Builder(memory.DefaultAllocator)
	defer ib.Release()
	ib.AppendValues(indices, valid)
	i := ib.NewArray()
	defer i.Release()
	return array.NewDictionaryArray(dict, i, v)
}

// TestFileEncoderRefusesOtherTypes: a column whose levels fileEncoder does
// not compute (a struct, a list that can be null) is refused when the file
// starts, not written wrong; a required list of required strings is taken.
func TestFileEncoderRefusesOtherTypes(t *testing.T) {
	strList := arrow.ListOfField(arrow.Field{Name: "element", Type: str})
	for _, c := range []struct {
		field arrow.Field
		ok    bool
	}{
		{required("list", strList), true},
		{nullable("list", strList), false},
		{required("list", arrow.ListOf(str)), false}, // its elements can be null
		{required("struct", arrow.StructOf(required("a", i32))), false},
		{required("dict_of_ints", &arrow.DictionaryType{IndexType: i32, ValueType: i64}), false},
	} {
		_, err := newFileEncoder(schema(c.field), &bytes.Buffer{}, writerProps(schema(c.field), defaultAllocator),
			pqarrow.NewArrowWriterProperties())
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want accepted %v", c.field.Type, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "is not one the table writer encodes") {
			t.Errorf("%s: error %q", c.field.Type, err)
		}
	}
}

// FuzzEncodingMatchesPqarrow: batches made from the input's bytes (values
// of a few columns of every kind the tables use, nulls, empty lists,
// dictionaries whose entries some rows do not use, a slice starting inside
// the arrays) are written as pqarrow writes them.
func FuzzEncodingMatchesPqarrow(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"))
	f.Add([]byte("abcabcabc\xff\xfe\xfd\x00\x00\x00zzzz"))
	s := schema(required("code", dict), nullable("tag", dict), nullable("note", str), nullable("n", i32),
		required("items", arrow.ListOfField(arrow.Field{Name: "element", Type: str})))
	f.Fuzz(func(t *testing.T, data []byte) {
		words := []string{"", "a", "b", "ab", "zz", "Nf3", "é"}
		word := func(b byte) string { return words[int(b)%len(words)] }
		codeValues := []string{"x", "y", "w"} // w is used by no row but the first
		code := array.NewInt32Builder(memory.DefaultAllocator)
		tag := array.NewDictionaryBuilder(memory.DefaultAllocator, dict).(*array.BinaryDictionaryBuilder)
		note := array.NewStringBuilder(memory.DefaultAllocator)
		n := array.NewInt32Builder(memory.DefaultAllocator)
		items := array.NewListBuilderWithField(memory.DefaultAllocator, arrow.Field{Name: "element", Type: str})
		for i := 0; i+1 < len(data); i += 2 {
			b, c := data[i], data[i+1]
			code.Append(int32(b % 2))
			if b&4 != 0 {
				tag.AppendNull()
			} else {
				_ = tag.AppendString(word(c))
			}
			if b&8 != 0 {
				note.AppendNull()
			} else {
				note.Append(word(c >> 3))
			}
			n.AppendValues([]int32{int32(c)}, []bool{b&16 == 0})
			items.Append(true)
			for k := range int(b>>5) % 4 {
				items.ValueBuilder().(*array.StringBuilder).Append(word(c + byte(k)))
			}
		}
		if code.Len() > 0 && len(data)%3 == 0 {
			// Every entry used, the near miss of the unused one.
			code.Release()
			code = array.NewInt32Builder(memory.DefaultAllocator)
			for i := 0; i+1 < len(data); i += 2 {
				code.Append(int32(i/2) % 3)
			}
		}
		indices := code.NewArray()
		valuesB := array.NewStringBuilder(memory.DefaultAllocator)
		valuesB.AppendValues(codeValues, nil)
		values := valuesB.NewArray()
		cols := []arrow.Array{array.NewDictionaryArray(dict, indices, values), tag.NewArray(), note.NewArray(), n.NewArray(), items.NewArray()}
		rec := array.NewRecordBatch(s, cols, int64(indices.Len()))
		for _, b := range []interface{ Release() }{code, tag, note, n, items, valuesB, indices, values} {
			b.Release()
		}
		for _, c := range cols {
			c.Release()
		}
		defer rec.Release()
		recs := []arrow.RecordBatch{rec}
		if rows := rec.NumRows(); rows > 1 && len(data) > 0 {
			from := int64(data[0]) % rows
			sliced := rec.NewSlice(from, rows)
			defer sliced.Release()
			recs = append(recs, sliced)
		}
		ours, theirs := encoderBytes(t, s, recs...), pqarrowBytes(t, s, recs...)
		if !bytes.Equal(ours, theirs) {
			t.Errorf("%d bytes, pqarrow's own %d", len(ours), len(theirs))
		}
	})
}

// TestEncodingMatchesPqarrowAtPageEnds: Write makes each column's last page
// itself, in the goroutine that wrote the column, but leaves to the row
// group's Close a column whose values filled their last page exactly (a
// page more, empty, would differ from pqarrow's file) and one of nulls only
// (no values to make a page of); both near a column whose last page is made
// early, the usual case. A batch's bytes match pqarrow's either way.
func TestEncodingMatchesPqarrowAtPageEnds(t *testing.T) {
	s := schema(required("n", arrow.PrimitiveTypes.Int64), nullable("note", arrow.BinaryTypes.String), required("m", arrow.PrimitiveTypes.Int64))
	// A megabyte of 8-byte values: the default data page size, reached by
	// the last value written.
	const rows = 1 << 20 / 8
	for _, c := range []struct {
		name  string
		rows  int
		nulls bool
	}{{"page filled exactly", rows, true}, {"a value past the page", rows + 1, true}, {"a page and some notes", rows, false}} {
		n, note, m := array.NewInt64Builder(memory.DefaultAllocator), array.NewStringBuilder(memory.DefaultAllocator), array.NewInt64Builder(memory.DefaultAllocator)
		for i := range c.rows {
			n.Append(int64(i) * 7919)
			m.Append(int64(i % 3))
			if c.nulls || i%5 != 0 {
				note.AppendNull()
			} else {
				note.Append("a note")
			}
		}
		cols := []arrow.Array{n.NewArray(), note.NewArray(), m.NewArray()}
		rec := array.NewRecordBatch(s, cols, int64(c.rows))
		ours, theirs := encoderBytes(t, s, rec), pqarrowBytes(t, s, rec)
		if len(ours) == 0 || !bytes.Equal(ours, theirs) {
			t.Errorf("%s: %d bytes, pqarrow's own %d", c.name, len(ours), len(theirs))
		}
		rec.Release()
		for _, c := range cols {
			c.Release()
		}
		n.Release()
		note.Release()
		m.Release()
	}
}
