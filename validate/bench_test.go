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
			p := replay.StartPosition()
			for i := range g.Moves {
				if g.Moves[i].Depth != 0 {
					continue
				}
				nt, err := replay.ParseMove(g.Bytes(g.Moves[i].Norm), replay.SAN)
				if err != nil {
					break
				}
				m, ok := p.TryResolve(&nt)
				if !ok {
					break
				}
				p.Play(m)
				plies++
			}
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*plies), "ns/ply")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(games)), "ns/game")
}
