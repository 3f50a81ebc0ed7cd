package stats

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// rankRecord is game index of file, of event (none without an Event tag),
// with errors illegal moves.
func rankRecord(file string, index int, event string, errors int) sampleRecord {
	r := sampleRecord{file: file, index: index, tags: tags("Result", "*"), enc: parser.UTF8,
		report: validate.Report{ComputedResult: "*", Errors: errors, ThreefoldPly: -1, FiftyPly: -1, FivefoldPly: -1,
			SeventyFivePly: -1, FirstErrorPly: -1, LastClockWhite: -1, LastClockBlack: -1}}
	if event != "" {
		r.tags = append(r.tags, parser.Tag{Name: "Event", Value: event})
	}
	for range errors {
		r.report.Findings = append(r.report.Findings, finding(validate.IllegalMove, validate.Error))
	}
	return r
}

// Past the bound of names itemised, stats reads the tables again and ranks
// every file and event: the worst come first however late they are met,
// an event's games in several inputs are summed, and distinct counts every
// name. Before, the names met past the bound were counted together,
// unranked, and the worst event, met last, was missing from the list.
func TestReadParquetRanksPastTheBound(t *testing.T) {
	dir := t.TempDir()
	var first, second []sampleRecord
	for i := range 12 { // twelve clean events, one game each
		first = append(first, rankRecord("early.pgn", i, fmt.Sprintf("open %02d", i), 0))
	}
	first = append(first, rankRecord("early.pgn", 12, "club", 1), rankRecord("early.pgn", 13, "", 0))
	second = append(second, rankRecord("late.pgn", 0, "club", 1), // club: 2 errors over both inputs
		rankRecord("late.pgn", 1, "blitz arena", 3), rankRecord("late.pgn", 2, "open 03", 0))
	writeTables(t, dir, "00000-early.pgn.parquet", first, 0)
	writeTables(t, dir, "00001-late.pgn.parquet", second, 0)
	for i := range 7 { // more inputs than the bound, the worst read last
		name := fmt.Sprintf("%05d-x%d.pgn.parquet", i+2, i)
		writeTables(t, dir, name, []sampleRecord{rankRecord(fmt.Sprintf("x%d.pgn", i), 0, "x", i/6)}, 0)
	}

	whole, err := readParquet(1000, nil, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := whole.Summarize(3)
	if want.Events.Distinct != 16 || want.Events.Other != nil || want.Files.Distinct != 9 || want.Files.Other != nil {
		t.Fatalf("unbounded: events %+v, files %+v", want.Events, want.Files)
	}
	if top := want.Events.Top; top[0].Name != "blitz arena" || top[1].Name != "club" || top[1].Errors != 2 {
		t.Fatalf("unbounded: worst events %+v", top)
	}
	for _, limit := range []int{3, 4, 5} {
		got, err := readParquet(limit, nil, dir)
		if err != nil {
			t.Fatal(err)
		}
		s := got.Summarize(3)
		if !reflect.DeepEqual(s.Events, want.Events) {
			t.Errorf("bound %d: events\n got %+v\nwant %+v", limit, s.Events, want.Events)
		}
		if !reflect.DeepEqual(s.Files, want.Files) {
			t.Errorf("bound %d: files\n got %+v\nwant %+v", limit, s.Files, want.Files)
		}
		// The other counts are those of one reading.
		s.Events, s.Files, want.Events, want.Files = Groups{}, Groups{}, Groups{}, Groups{}
		if !reflect.DeepEqual(s, want) {
			t.Errorf("bound %d: the other counts changed\n got %+v\nwant %+v", limit, s, want)
		}
		want = whole.Summarize(3)
	}
}
