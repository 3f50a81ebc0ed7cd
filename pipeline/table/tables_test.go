package table

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline/table/tabletest"
)

// The rows sampleGames must give, cell by cell.
var wantGames = []row{
	{"game_id": "in/a.pgn#0", "file": "in/a.pgn", "game": 0, "line": 1, "offset": 0, "end_offset": 1500,
		"event": "Rated Blitz game", "site": "https://lichess.org/abcd", "date": "2024.03.05",
		"date_parsed": day("2024-03-05"), "date_year": 2024, "round": "-", "white": "Alice", "black": "Bob", "result": "*",
		"white_elo": 2400, "black_elo": nil, "eco": "C40", "time_control": "180+2", "termination": "Normal",
		"variant": nil, "fen": nil, "utc_start": ts("2024-03-05T13:14:15.000Z"), "notation": "san",
		"encoding": "utf-8", "plies": 3,
		"final_fen":    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
		"computed_end": "none", "computed_result": "*", "errors": 1, "warnings": 1, "infos": 0,
		"first_error": "illegal-move", "first_error_ply": 4, "threefold_ply": nil, "fifty_move_ply": nil,
		"fivefold_ply": nil, "seventy_five_ply": nil, "time_category": "blitz", "clock_count": 3,
		"last_clock_white_ms": 179000, "last_clock_black_ms": 181500, "time_forfeit": false},
	{"game_id": "in/a.pgn#1", "file": "in/a.pgn", "game": 1, "line": 20, "offset": 1500, "end_offset": 2200,
		"event": nil, "site": nil, "date": nil, "date_parsed": nil, "date_year": nil, "round": nil, "white": nil, "black": nil,
		"result": nil, "white_elo": nil, "black_elo": nil, "eco": nil, "time_control": nil, "termination": nil,
		"variant": nil, "fen": nil, "utc_start": nil, "notation": nil, "encoding": "windows-1252", "plies": 0,
		"final_fen": nil, "computed_end": "none", "computed_result": "*", "errors": 1, "warnings": 0,
		"infos": 0, "first_error": "syntax", "first_error_ply": nil, "threefold_ply": nil,
		"fifty_move_ply": nil, "fivefold_ply": nil, "seventy_five_ply": nil, "time_category": nil,
		"clock_count": 0, "last_clock_white_ms": nil, "last_clock_black_ms": nil, "time_forfeit": false},
	{"game_id": "in/б.pgn#7", "file": "in/б.pgn", "game": 7, "line": 35, "offset": 2200, "end_offset": 4000,
		"event": "", "site": nil, "date": "1993.??.??", "date_parsed": nil, "date_year": 1993, "round": nil, "white": "Каспаров",
		"black": "Карпов", "result": "1/2-1/2", "white_elo": 2805, "black_elo": nil, "eco": nil,
		"time_control": nil, "termination": "Game drawn by repetition", "variant": "Standard", "fen": "8/8/8/4k3/8/8/3K4/8 w - - 0 1",
		"utc_start": nil, "notation": "ru", "encoding": "windows-1251", "plies": 120,
		"final_fen": "8/8/8/4k3/8/8/3K4/8 w - - 0 61", "computed_end": "dead-position",
		"computed_result": "1/2-1/2", "errors": 0, "warnings": 1, "infos": 1, "first_error": nil,
		"first_error_ply": nil, "threefold_ply": 0, "fifty_move_ply": 101, "fivefold_ply": nil,
		"seventy_five_ply": 120, "time_category": nil, "clock_count": 0, "last_clock_white_ms": 0,
		"last_clock_black_ms": nil, "time_forfeit": true},
	{"game_id": "in/б.pgn#8", "file": "in/б.pgn", "game": 8, "line": 90, "offset": 4000, "end_offset": 4001,
		"event": nil, "site": nil, "date": nil, "date_parsed": nil, "date_year": nil, "round": nil, "white": nil, "black": nil,
		"result": nil, "white_elo": nil, "black_elo": nil, "eco": nil, "time_control": nil, "termination": nil,
		"variant": nil, "fen": nil, "utc_start": nil, "notation": nil, "encoding": "cp866", "plies": 0,
		"final_fen": nil, "computed_end": "none", "computed_result": "*", "errors": 0, "warnings": 0,
		"infos": 0, "first_error": nil, "first_error_ply": nil, "threefold_ply": nil, "fifty_move_ply": nil,
		"fivefold_ply": nil, "seventy_five_ply": nil, "time_category": nil, "clock_count": 0,
		"last_clock_white_ms": nil, "last_clock_black_ms": nil, "time_forfeit": false},
}

var wantFindings = []row{
	{"game_id": "in/a.pgn#0", "file": "in/a.pgn", "game": 0, "line": 12, "column": 9, "offset": 1234,
		"ply": 4, "move": "Nf6", "code": "illegal-move", "severity": "error", "message": "Nf6 is not legal here",
		"suggestions": []string{"Nc6", "Nf6?"}, "variation": nil},
	{"game_id": "in/a.pgn#0", "file": "in/a.pgn", "game": 0, "line": 5, "column": 1, "offset": 1000,
		"ply": nil, "move": nil, "code": "tag-format", "severity": "warning",
		"message": `Date "2024.03.05" ok; Round "" empty`, "suggestions": []string{}, "variation": nil},
	{"game_id": "in/a.pgn#1", "file": "in/a.pgn", "game": 1, "line": 30, "column": 4, "offset": 2100,
		"ply": nil, "move": nil, "code": "syntax", "severity": "error", "message": "unterminated comment",
		"suggestions": []string{}, "variation": nil},
	{"game_id": "in/б.pgn#7", "file": "in/б.pgn", "game": 7, "line": 41, "column": 17, "offset": 3000,
		"ply": 0, "move": "Кр:e2", "code": "threefold-claimable", "severity": "info",
		"message": "threefold claimable", "suggestions": []string{}, "variation": "12b.1"},
	{"game_id": "in/б.pgn#7", "file": "in/б.pgn", "game": 7, "line": 35, "column": 1, "offset": 2200,
		"ply": nil, "move": nil, "code": "tag-missing", "severity": "warning", "message": "no Site tag",
		"suggestions": []string{}, "variation": nil},
}

var wantMoves = []row{
	{"game_id": "in/a.pgn#0", "file": "in/a.pgn", "game": 0, "ply": 1, "san": "e4", "uci": "e2e4",
		"zobrist": uint64(0x8000000000000001), "clock_ms": 180000},
	{"game_id": "in/a.pgn#0", "file": "in/a.pgn", "game": 0, "ply": 2, "san": "e5", "uci": "e7e5",
		"zobrist": uint64(0x0123456789abcdef), "clock_ms": 181500},
	{"game_id": "in/a.pgn#0", "file": "in/a.pgn", "game": 0, "ply": 3, "san": "Nf3", "uci": "g1f3",
		"zobrist": uint64(0xffffffffffffffff), "clock_ms": nil},
}

// The Parquet schema every reader sees: name, physical type, logical type, repetition.
var identityColumns = []string{
	"game_id BYTE_ARRAY STRING REQUIRED",
	"file BYTE_ARRAY STRING REQUIRED",
	"game INT64 INTEGER(64,signed) REQUIRED",
}

var wantGamesColumns = append(slices.Clone(identityColumns),
	"line INT64 INTEGER(64,signed) REQUIRED",
	"offset INT64 INTEGER(64,signed) REQUIRED",
	"end_offset INT64 INTEGER(64,signed) REQUIRED",
	"event BYTE_ARRAY STRING OPTIONAL",
	"site BYTE_ARRAY STRING OPTIONAL",
	"date BYTE_ARRAY STRING OPTIONAL",
	"date_parsed INT32 DATE OPTIONAL",
	"date_year INT32 INTEGER(32,signed) OPTIONAL",
	"round BYTE_ARRAY STRING OPTIONAL",
	"white BYTE_ARRAY STRING OPTIONAL",
	"black BYTE_ARRAY STRING OPTIONAL",
	"result BYTE_ARRAY STRING OPTIONAL",
	"white_elo INT32 INTEGER(32,signed) OPTIONAL",
	"black_elo INT32 INTEGER(32,signed) OPTIONAL",
	"eco BYTE_ARRAY STRING OPTIONAL",
	"time_control BYTE_ARRAY STRING OPTIONAL",
	"termination BYTE_ARRAY STRING OPTIONAL",
	"variant BYTE_ARRAY STRING OPTIONAL",
	"fen BYTE_ARRAY STRING OPTIONAL",
	"utc_start INT64 TIMESTAMP(MILLIS,utc=true) OPTIONAL",
	"notation BYTE_ARRAY STRING OPTIONAL",
	"encoding BYTE_ARRAY STRING REQUIRED",
	"plies INT32 INTEGER(32,signed) REQUIRED",
	"final_fen BYTE_ARRAY STRING OPTIONAL",
	"computed_end BYTE_ARRAY STRING REQUIRED",
	"computed_result BYTE_ARRAY STRING REQUIRED",
	"errors INT32 INTEGER(32,signed) REQUIRED",
	"warnings INT32 INTEGER(32,signed) REQUIRED",
	"infos INT32 INTEGER(32,signed) REQUIRED",
	"first_error BYTE_ARRAY STRING OPTIONAL",
	"first_error_ply INT32 INTEGER(32,signed) OPTIONAL",
	"threefold_ply INT32 INTEGER(32,signed) OPTIONAL",
	"fifty_move_ply INT32 INTEGER(32,signed) OPTIONAL",
	"fivefold_ply INT32 INTEGER(32,signed) OPTIONAL",
	"seventy_five_ply INT32 INTEGER(32,signed) OPTIONAL",
	"time_category BYTE_ARRAY STRING OPTIONAL",
	"clock_count INT32 INTEGER(32,signed) REQUIRED",
	"last_clock_white_ms INT64 INTEGER(64,signed) OPTIONAL",
	"last_clock_black_ms INT64 INTEGER(64,signed) OPTIONAL",
	"time_forfeit BOOLEAN - REQUIRED",
)

var wantFindingsColumns = append(slices.Clone(identityColumns),
	"line INT64 INTEGER(64,signed) REQUIRED",
	"column INT64 INTEGER(64,signed) REQUIRED",
	"offset INT64 INTEGER(64,signed) REQUIRED",
	"ply INT32 INTEGER(32,signed) OPTIONAL",
	"move BYTE_ARRAY STRING OPTIONAL",
	"code BYTE_ARRAY STRING REQUIRED",
	"severity BYTE_ARRAY STRING REQUIRED",
	"message BYTE_ARRAY STRING REQUIRED",
	"suggestions group LIST REQUIRED",
	"list group - REPEATED",
	"element BYTE_ARRAY STRING REQUIRED",
	"variation BYTE_ARRAY STRING OPTIONAL",
)

var wantMovesColumns = append(slices.Clone(identityColumns),
	"ply INT32 INTEGER(32,signed) REQUIRED",
	"san BYTE_ARRAY STRING REQUIRED",
	"uci BYTE_ARRAY STRING REQUIRED",
	"zobrist INT64 INTEGER(64,unsigned) REQUIRED",
	"clock_ms INT64 INTEGER(64,signed) OPTIONAL",
)

type tableCase struct {
	name      string
	builder   func(memory.Allocator) Builder
	schema    *arrow.Schema
	rows      []row
	columns   []string
	rowGroups int // with two rows a batch
}

var tableCases = []tableCase{
	{"games", NewGamesBuilder, GamesSchema, wantGames, wantGamesColumns, 2},
	{"findings", NewFindingsBuilder, FindingsSchema, wantFindings, wantFindingsColumns, 2},
	{"moves", NewMovesBuilder, MovesSchema, wantMoves, wantMovesColumns, 1},
}

// dictionaryColumns are the columns written as Arrow dictionaries.
var dictionaryColumns = []string{"file", "event", "result", "eco", "time_control", "termination",
	"variant", "notation", "encoding", "computed_end", "computed_result", "first_error", "time_category",
	"code", "severity"}

// deltaColumns are, by table, the columns written DELTA_BINARY_PACKED: the
// integers that rise a little from row to row, which PLAIN hands to zstd as 8
// bytes a row. The moves table's game and ply repeat or count by one, which
// zstd compresses cheaply as they are.
var deltaColumns = map[string][]string{
	"games":    {"game", "line", "offset", "end_offset"},
	"findings": {"game", "line", "offset"},
}

// Two rows a batch, so that the games and findings tables span row groups
// and the dictionaries are rebuilt between them. A batch holds whole games,
// so the moves table, all one game's, stays one row group
// (TestRowGroupsAreWholeBatches spreads moves over several).
var smallBatches = WriterOptions{BatchRows: 2}

func TestTablesReadBackWithHyparquet(t *testing.T) {
	dir := t.TempDir()
	games := sampleGames()
	var paths []string
	for _, tc := range tableCases {
		p := dir + "/" + tc.name + ".parquet"
		writeTable(t, p, tc.builder(nil), games, smallBatches)
		paths = append(paths, p)
	}
	files := tabletest.Read(t, paths...)
	for i, tc := range tableCases {
		f := &files[i]
		t.Run(tc.name, func(t *testing.T) {
			if f.NumRows != len(tc.rows) || f.RowGroups != tc.rowGroups {
				t.Errorf("%d rows in %d row groups, want %d in %d", f.NumRows, f.RowGroups, len(tc.rows), tc.rowGroups)
			}
			if v := f.Metadata["arbiter.schema"]; v != Version {
				t.Errorf("arbiter.schema metadata = %q, want %q", v, Version)
			}
			if !slices.Equal(f.Codecs, []string{"ZSTD"}) {
				t.Errorf("codecs %v, want ZSTD only", f.Codecs)
			}
			if got := parquetColumns(f); !slices.Equal(got, tc.columns) {
				t.Errorf("Parquet schema:\n%q\nwant\n%q", got, tc.columns)
			}
			for c, enc := range f.Encodings {
				// Only the Arrow dictionary columns are worth Parquet's
				// dictionary: the others would be hashed value by value
				// (game ids, final positions) for nothing.
				if want := slices.Contains(dictionaryColumns, c); slices.Contains(enc, "RLE_DICTIONARY") != want {
					t.Errorf("column %s encodings %v, RLE_DICTIONARY wanted: %v", c, enc, want)
				}
				if want := slices.Contains(deltaColumns[tc.name], c); slices.Contains(enc, "DELTA_BINARY_PACKED") != want {
					t.Errorf("column %s encodings %v, DELTA_BINARY_PACKED wanted: %v", c, enc, want)
				}
			}
			compareRows(t, tc.name, hyparquetRows(f), tc.rows)
		})
	}
}

func TestTablesReadBackWithArrow(t *testing.T) {
	games := sampleGames()
	for _, tc := range tableCases {
		t.Run(tc.name, func(t *testing.T) {
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			p := tempPath(t, tc.name+".parquet")
			opt := smallBatches
			opt.Mem = mem
			writeTable(t, p, tc.builder(mem), games, opt)
			mem.AssertSize(t, 0) // every batch and builder released

			f := readArrow(t, p)
			if !sameFields(f.schema, tc.schema) {
				t.Errorf("schema read back:\n%s\nwant\n%s", f.schema, tc.schema)
			}
			if v := f.metadata["arbiter.schema"]; v != Version {
				t.Errorf("arbiter.schema metadata = %q, want %q", v, Version)
			}
			for _, fld := range f.schema.Fields() {
				isDict := fld.Type.ID() == arrow.DICTIONARY
				if isDict != slices.Contains(dictionaryColumns, fld.Name) {
					t.Errorf("column %s read back as %s", fld.Name, fld.Type)
				}
			}
			if f.rowGroups != tc.rowGroups {
				t.Errorf("%d row groups, want %d", f.rowGroups, tc.rowGroups)
			}
			compareRows(t, tc.name, f.rows, tc.rows)
		})
	}
}

// An input without games still gives readable files, with the schema and no rows.
func TestEmptyTable(t *testing.T) {
	p := tempPath(t, "games.parquet")
	writeTable(t, p, NewGamesBuilder(nil), nil, WriterOptions{})
	f := readArrow(t, p)
	if !sameFields(f.schema, GamesSchema) || len(f.rows) != 0 || f.rowGroups != 0 {
		t.Errorf("empty file: %d rows in %d row groups, schema %s", len(f.rows), f.rowGroups, f.schema)
	}
	h := tabletest.Read(t, p)[0]
	if h.NumRows != 0 || len(h.Rows) != 0 || !slices.Equal(parquetColumns(&h), wantGamesColumns) {
		t.Errorf("hyparquet: %d rows, columns %q", h.NumRows, parquetColumns(&h))
	}
}

// A default batch holds DefaultBatchRows rows: a file of one more row has two
// row groups, a file of exactly that many has one.
func TestBatchRowsMakeRowGroups(t *testing.T) {
	g := sampleGames()[1]
	for _, tc := range []struct {
		rows, groups int
	}{{3, 1}, {4, 1}, {5, 2}, {9, 3}} {
		games := make([]Game, tc.rows)
		for i := range games {
			games[i] = g
			games[i].Index = i
		}
		p := tempPath(t, "games.parquet")
		writeTable(t, p, NewGamesBuilder(nil), games, WriterOptions{BatchRows: 4})
		f := readArrow(t, p)
		if len(f.rows) != tc.rows || f.rowGroups != tc.groups {
			t.Errorf("%d rows with 4 a batch: read %d rows in %d row groups, want %d", tc.rows, len(f.rows), f.rowGroups, tc.groups)
		}
		if last := f.rows[tc.rows-1]["game_id"]; last != canon(GameID("in/a.pgn", tc.rows-1)) {
			t.Errorf("last game_id %s", last)
		}
	}
}

// A game's rows stay in one batch, so a batch that a game takes past
// BatchRows is one row group of that many rows, not a full group and a
// fragment of the overflow; the background writer writes the same groups.
func TestRowGroupsAreWholeBatches(t *testing.T) {
	g := sampleGames()[0] // 3 moves, 2 findings
	games := make([]Game, 5)
	for i := range games {
		games[i] = g
		games[i].Index = i
	}
	for _, tc := range []struct {
		name    string
		builder func(memory.Allocator) Builder
		want    []int64
	}{
		{"moves", NewMovesBuilder, []int64{6, 6, 3}},       // 3 rows a game, 4 a batch
		{"findings", NewFindingsBuilder, []int64{4, 4, 2}}, // 2 rows a game
		{"games", NewGamesBuilder, []int64{4, 1}},
	} {
		for _, bg := range []bool{false, true} {
			p := tempPath(t, "t.parquet")
			writeTable(t, p, tc.builder(nil), games, WriterOptions{BatchRows: 4, Background: bg})
			if got := rowGroupSizes(t, p); !slices.Equal(got, tc.want) {
				t.Errorf("%s (background %v): row groups of %v rows, want %v", tc.name, bg, got, tc.want)
			}
		}
	}
}

// A batch also ends once its strings reach BatchBytes, whatever its rows:
// with room for three games' strings, every fourth game ends a batch, in
// every table; rows of a long tag value count its length.
func TestBatchesEndOnBytes(t *testing.T) {
	games := make([]Game, 10) // one-digit indexes: the same bytes a game
	for i := range games {
		games[i] = sampleGames()[0] // 3 moves, 2 findings
		games[i].Index = i
	}
	for _, tc := range []struct {
		name    string
		builder func(memory.Allocator) Builder
		want    []int64
	}{
		{"games", NewGamesBuilder, []int64{4, 4, 2}},
		{"findings", NewFindingsBuilder, []int64{8, 8, 4}},
		{"moves", NewMovesBuilder, []int64{12, 12, 6}},
	} {
		b := tc.builder(nil)
		b.Append(&games[0])
		per := b.Bytes()
		b.Release()
		for _, bg := range []bool{false, true} {
			p := tempPath(t, "t.parquet")
			writeTable(t, p, tc.builder(nil), games, WriterOptions{BatchRows: 1000, BatchBytes: 3*per + 1, Background: bg})
			if got := rowGroupSizes(t, p); !slices.Equal(got, tc.want) {
				t.Errorf("%s (background %v, %d bytes a game): row groups of %v rows, want %v", tc.name, bg, per, got, tc.want)
			}
		}
	}

	b := NewGamesBuilder(nil)
	defer b.Release()
	g := sampleGames()[1] // no tags
	b.Append(&g)
	short := b.Bytes()
	g.Tags = tags("Site", strings.Repeat("s", 5000))
	b.Append(&g)
	if long := b.Bytes() - short; long < 5000 {
		t.Errorf("a row with a Site of 5,000 bytes counts %d bytes", long)
	}
	b.NewRecordBatch().Release()
	if b.Bytes() != 0 {
		t.Errorf("%d bytes after NewRecordBatch", b.Bytes())
	}
}

// rowGroupSizes are the numbers of rows of the file's row groups.
func rowGroupSizes(t *testing.T, path string) []int64 {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var sizes []int64
	for _, rg := range r.MetaData().RowGroups {
		sizes = append(sizes, rg.NumRows)
	}
	return sizes
}

func TestWriterAfterClose(t *testing.T) {
	var buf bytesCounter
	w, err := NewWriter(&buf, NewGamesBuilder(nil), WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := sampleGames()[0]
	if err := w.Append(&g); err != nil {
		t.Fatal(err)
	}
	if w.Rows() != 1 {
		t.Errorf("Rows() = %d, want 1", w.Rows())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	written := buf.n
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := w.Append(&g); err == nil {
		t.Error("Append after Close succeeded")
	}
	if buf.n != written || written == 0 {
		t.Errorf("wrote %d bytes, then %d after Close", written, buf.n)
	}
}

func TestWriterAbortReleasesMemory(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	var buf bytesCounter
	w, err := NewWriter(&buf, NewFindingsBuilder(mem), WriterOptions{Mem: mem, BatchRows: 2})
	if err != nil {
		t.Fatal(err)
	}
	games := sampleGames()
	for i := range games {
		if err := w.Append(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	w.Abort()
	w.Abort()
	mem.AssertSize(t, 0)
	if err := w.Append(&games[0]); err == nil {
		t.Error("Append after Abort succeeded")
	}
}

type bytesCounter struct{ n int }

func (b *bytesCounter) Write(p []byte) (int, error) { b.n += len(p); return len(p), nil }

// sameFields compares names, types (dictionaries included) and nullability,
// not the field ids the Parquet reader adds as metadata.
func sameFields(a, b *arrow.Schema) bool {
	if a.NumFields() != b.NumFields() {
		return false
	}
	for i := range a.Fields() {
		fa, fb := a.Field(i), b.Field(i)
		if fa.Name != fb.Name || fa.Nullable != fb.Nullable || !arrow.TypeEqual(fa.Type, fb.Type) {
			return false
		}
	}
	return true
}

// The delta-encoded columns read back exactly whatever their values do from
// row to row: rises past 2^32 (a dump of several gigabytes), falls, no change,
// and differences that wrap around int64, over more rows than a delta block
// (128) holds, so that miniblocks of every bit width meet. Both readers.
func TestDeltaColumnsReadBack(t *testing.T) {
	values := []int64{0, 1, 1, 5_000_000_000, 3, math.MaxInt64, math.MinInt64, 0, 1 << 40, -1, 7}
	g := sampleGames()[0] // 2 findings
	report := *g.Report
	// Findings without a place of their own take the game's.
	report.Findings = slices.Clone(report.Findings)
	for i := range report.Findings {
		report.Findings[i].Pos = parser.Pos{}
	}
	g.Report = &report
	games := make([]Game, 300)
	for i := range games {
		v := values[i%len(values)] + int64(i/len(values))
		games[i] = g
		games[i].Index = int(v)
		games[i].Start = parser.Pos{Line: v ^ 0x5555, Offset: -v}
		games[i].End = v * 3
	}
	for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder} {
		b := nb(nil)
		name := map[*arrow.Schema]string{GamesSchema: "games", FindingsSchema: "findings"}[b.Schema()]
		t.Run(name, func(t *testing.T) {
			p := tempPath(t, name+".parquet")
			writeTable(t, p, b, games, WriterOptions{})
			var want []map[string]string
			for i := range games {
				g := &games[i]
				r := map[string]string{"game": strconv.Itoa(g.Index), "line": strconv.FormatInt(g.Start.Line, 10),
					"offset": strconv.FormatInt(g.Start.Offset, 10)}
				if name == "games" {
					r["end_offset"] = strconv.FormatInt(g.End, 10)
					want = append(want, r)
					continue
				}
				want = append(want, r, r)
			}
			h := tabletest.Read(t, p)[0]
			for c, enc := range h.Encodings {
				if slices.Contains(deltaColumns[name], c) && !slices.Contains(enc, "DELTA_BINARY_PACKED") {
					t.Errorf("column %s encodings %v", c, enc)
				}
			}
			for reader, rows := range map[string][]map[string]string{"arrow": readArrow(t, p).rows, "hyparquet": hyparquetRows(&h)} {
				if len(rows) != len(want) {
					t.Fatalf("%s: %d rows, want %d", reader, len(rows), len(want))
				}
				for i, w := range want {
					for c, v := range w {
						if rows[i][c] != v {
							t.Errorf("%s row %d %s = %s, want %s", reader, i, c, rows[i][c], v)
						}
					}
				}
			}
		})
	}
}
