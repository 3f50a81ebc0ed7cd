package table

import (
	"fmt"
	"io"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/validate"
)

// BenchmarkAppendGames appends the rows of one game (per op) to the games,
// findings and moves builders, handing over a batch every DefaultBatchRows
// games as the writer does.
func BenchmarkAppendGames(b *testing.B) {
	appendGames(b, sampleGames(), NewGamesBuilder(nil), NewFindingsBuilder(nil), NewMovesBuilder(nil))
}

// appendGames appends one of games (per op) to each of the builders, in
// turn, handing over a batch every DefaultBatchRows games as the writer does.
func appendGames(b *testing.B, games []Game, builders ...Builder) {
	defer func() {
		for _, bl := range builders {
			bl.Release()
		}
	}()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		for _, bl := range builders {
			bl.Append(g)
		}
		if builders[0].Len() == DefaultBatchRows {
			for _, bl := range builders {
				bl.NewRecordBatch().Release()
			}
		}
	}
}

// BenchmarkWriteGames is BenchmarkAppendGames plus the Parquet encoding and
// zstd compression of the three tables.
func BenchmarkWriteGames(b *testing.B) {
	games := sampleGames()
	var writers []*Writer
	for _, nb := range []func() Builder{
		func() Builder { return NewGamesBuilder(nil) },
		func() Builder { return NewFindingsBuilder(nil) },
		func() Builder { return NewMovesBuilder(nil) },
	} {
		w, err := NewWriter(io.Discard, nb(), WriterOptions{})
		if err != nil {
			b.Fatal(err)
		}
		writers = append(writers, w)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		for _, w := range writers {
			if err := w.Append(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, w := range writers {
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSmallFile writes a games and a findings file of one game each
// (per op): what a Parquet file costs besides its rows, which an archive of
// single games pays once per input.
func BenchmarkSmallFile(b *testing.B) {
	games := sampleGames()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder} {
			w, err := NewWriter(io.Discard, nb(nil), WriterOptions{Background: true})
			if err != nil {
				b.Fatal(err)
			}
			if err := w.Append(g); err != nil {
				b.Fatal(err)
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// tournamentGames are n games as an archive of over-the-board events holds
// them: consecutive games share Event, Site and Date, players and openings
// repeat, every game was replayed to a final position of its own and most
// have no finding.
func tournamentGames(n int) []Game {
	players := []string{"Carlsen, Magnus", "Caruana, Fabiano", "Nepomniachtchi, Ian", "Ding, Liren",
		"Giri, Anish", "So, Wesley", "Aronian, Levon", "Nakamura, Hikaru", "Firouzja, Alireza", "Anand, Viswanathan"}
	results := []string{"1-0", "0-1", "1/2-1/2"}
	ecos := []string{"C65", "B90", "D37", "E04", "C42", "A29"}
	finals := []replay.Position{
		mustFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 2 9"),
		mustFEN("8/5pk1/6p1/3R4/5P2/6P1/r5KP/8 b - - 3 47"),
		mustFEN("2r3k1/5pp1/p3p2p/1p6/3P4/P3P1P1/1P3P1P/2R3K1 w - - 0 30"),
		mustFEN("r4rk1/1bqnbppp/p2ppn2/1p6/3NPP2/2N1B3/PPPQB1PP/2KR3R w - - 4 13"),
	}
	finding := validate.Finding{Code: validate.TagFormat, Severity: validate.Warning,
		Message: "Round \"?\" is not a round number", Pos: parser.Pos{Offset: 40, Line: 4, Col: 1}, Ply: -1}
	games := make([]Game, n)
	for i := range games {
		event := i / 64 // an event's games are consecutive
		r := validate.NewReport()
		r.Notation, r.Plies, r.Replayed = "san", 40+i%50, true
		r.Final = finals[i%len(finals)]
		r.ComputedResult = "*"
		if i%16 == 0 {
			r.Findings = []validate.Finding{finding}
			r.Warnings = 1
		}
		games[i] = Game{File: "masters/twic1500.pgn", Index: i,
			Start: parser.Pos{Offset: int64(i) * 900, Line: int64(i)*20 + 1, Col: 1}, End: int64(i+1) * 900,
			Tags: tags("Event", fmt.Sprintf("Grand Tour %d", event), "Site", fmt.Sprintf("City %d", event),
				"Date", fmt.Sprintf("2024.%02d.%02d", 1+event%12, 1+i%28), "Round", fmt.Sprintf("%d.%d", 1+i/8%9, 1+i%8),
				"White", players[i%len(players)], "Black", players[(i/len(players)+i+1)%len(players)],
				"Result", results[i%len(results)], "WhiteElo", fmt.Sprint(2700+i%80), "BlackElo", fmt.Sprint(2690+i%70),
				"ECO", ecos[i%len(ecos)], "EventDate", "2024.01.01"),
			Encoding: parser.UTF8, Report: &r}
	}
	return games
}

// BenchmarkAppendGameRows appends one game (per op) of a realistic batch to
// the games and findings builders alone: the row building the games table
// costs per game, without the moves table's per-ply rows.
func BenchmarkAppendGameRows(b *testing.B) {
	appendGames(b, tournamentGames(1024), NewGamesBuilder(nil), NewFindingsBuilder(nil))
}
