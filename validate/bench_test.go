package validate

import (
	"github.com/arbiter-chess/arbiter/replay"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// BenchmarkCheckCorpus checks real games already parsed: the rules engine
// alone, per game, with plies/s. It reads up to benchGames games of
// ARBITER_CORPUS/masters and skips without it.
func BenchmarkCheckCorpus(b *testing.B) {
	games := corpusGames(b, "masters", benchGames)
	plies := 0
	for _, g := range games {
		for i := range g.Moves {
			if g.Moves[i].Depth == 0 {
				plies++
			}
		}
	}
	var c Checker
	opt := &Options{}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, g := range games {
			c.Check(g, opt)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*plies), "ns/ply")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(games)), "ns/game")
}

const benchGames = 20000

// corpusGames parses up to limit games of the corpus directory sub.
func corpusGames(b *testing.B, sub string, limit int) []*parser.Game {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		b.Skip("ARBITER_CORPUS not set")
	}
	var games []*parser.Game
	err := filepath.WalkDir(filepath.Join(dir, sub), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".pgn" || len(games) >= limit {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return parser.ReadGames(f, parser.Options{}, func(g *parser.Game) {
			if len(games) < limit {
				games = append(games, g.Clone())
			}
		})
	})
	if err != nil {
		b.Skipf("corpus %s: %v", dir, err)
	}
	if len(games) == 0 {
		b.Skipf("no games under %s", filepath.Join(dir, sub))
	}
	return games
}

// BenchmarkReplayCorpus replays the same games as BenchmarkCheckCorpus with
// the engine alone (read the move, resolve it, play it): the baseline the
// cost of validation is measured against (issue: at most 25 % more).
func BenchmarkReplayCorpus(b *testing.B) {
	games := corpusGames(b, "masters", benchGames)
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		plies = 0
		for _, g := range games {
			plies += replayMain(g)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*plies), "ns/ply")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(games)), "ns/game")
}

// The 100k-game benchmark of the issue, as a worker runs it: every game of
// masters/ and engine_tcec/ (116,719 games, the whole-run benchmark's big
// file) read from disk and then either replayed or checked while its bytes
// are still in cache. BenchmarkStreamReplay is what reading and replaying
// costs; BenchmarkStreamCheck adds the rules.
func BenchmarkStreamReplay(b *testing.B) {
	benchStream(b, func(g *parser.Game) int { return replayMain(g) })
}

func BenchmarkStreamCheck(b *testing.B) {
	var c Checker
	var r Report
	opt := &Options{}
	// Into a report kept across games, as the pipeline checks into its
	// records: Check's report returned by value is a copy of 536 bytes a
	// game (13 M instructions of the benchmark) no worker makes.
	benchStream(b, func(g *parser.Game) int { c.CheckTo(g, opt, &r); return r.Plies })
}

// benchStream reads the big benchmark's files, calling fn on each game.
func benchStream(b *testing.B, fn func(*parser.Game) int) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		b.Skip("ARBITER_CORPUS not set")
	}
	var files []string
	for _, sub := range []string{"masters", "engine_tcec"} {
		filepath.WalkDir(filepath.Join(dir, sub), func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) == 0 {
		b.Skip("no masters or engine_tcec files")
	}
	b.ReportAllocs()
	games, plies, bytes := 0, 0, int64(0)
	for b.Loop() {
		games, plies, bytes = 0, 0, 0
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				b.Fatal(err)
			}
			if st, err := f.Stat(); err == nil {
				bytes += st.Size()
			}
			err = parser.ReadGames(f, parser.Options{}, func(g *parser.Game) {
				plies += fn(g)
				games++
			})
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.SetBytes(bytes)
	b.ReportMetric(float64(games), "games")
	if plies > 0 {
		b.ReportMetric(float64(plies), "plies")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*games), "ns/game")
}

// replayMain replays g's main line with the engine alone, as
// BenchmarkReplayCorpus does, and returns the plies played. A game with a
// FEN tag is replayed from it, as the checker replays it: from the start
// position its 805 games of the big benchmark (73,466 plies) failed at
// their first move, a replay that did less than the checker's.
func replayMain(g *parser.Game) int {
	p := replay.StartPosition()
	for i := range g.Tags {
		if t := &g.Tags[i]; t.Name == "FEN" {
			if q, err := replay.ParseFEN(t.Value); err == nil {
				p = q
			}
			break
		}
	}
	var nt replay.Notation
	plies := 0
	for i := range g.Moves {
		if g.Moves[i].Depth != 0 {
			continue
		}
		// As the checker reads: from the parser's parts, else with
		// ParseMoveInto (ParseMove's copy of the notation costs a few
		// nanoseconds a move the baseline should not pay).
		if m := &g.Moves[i]; m.Parts != 0 {
			setSAN(&nt, m.Parts)
		} else if replay.ParseMoveInto(&nt, g.Bytes(m.Norm), replay.SAN) != nil {
			break
		}
		m, ok := p.TryResolve(&nt)
		if !ok {
			break
		}
		p.Play(m)
		plies++
	}
	return plies
}

// BenchmarkCheckHot and BenchmarkReplayHot check and replay 1,500 games
// small enough to stay in cache, with no reading: the pair to count
// instructions on (callgrind), where the work itself is all there is.
func BenchmarkCheckHot(b *testing.B) {
	games := corpusGames(b, "masters", hotGames)
	var c Checker
	opt := &Options{}
	for b.Loop() {
		for _, g := range games {
			c.Check(g, opt)
		}
	}
}

func BenchmarkReplayHot(b *testing.B) {
	games := corpusGames(b, "masters", hotGames)
	for b.Loop() {
		for _, g := range games {
			replayMain(g)
		}
	}
}

const hotGames = 1500
