package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// report renders the measurements as Markdown.
type report struct {
	cfg              *config
	env              machine
	in               *inputs
	bins             bins
	notes            []string
	results, streams []Summary
}

func (r report) markdown() string {
	var b strings.Builder
	b.WriteString("# Whole-run benchmark: arbiter against its peers\n\n")
	if r.cfg.note != "" {
		fmt.Fprintf(&b, "> **%s**\n\n", r.cfg.note)
	}
	fmt.Fprintf(&b, "Made by `cd bench && go run ./cmd/wholerun%s` (see bench/README.md).\n\n", quotedArgs(os.Args[1:]))
	r.machineSection(&b)
	r.inputSection(&b)
	r.resultSection(&b)
	r.ratioSection(&b)
	r.roundRatioSection(&b)
	r.baselineSection(&b)
	r.scalingSection(&b)
	r.coreSection(&b)
	r.streamSection(&b)
	r.commandSection(&b)
	r.noteSection(&b)
	return b.String()
}

func (r report) machineSection(b *strings.Builder) {
	e := r.env
	b.WriteString("## Machine\n\n| | |\n|---|---|\n")
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(b, "| %s | %s |\n", k, v)
		}
	}
	row("date", e.date)
	row("cores (nproc)", fmt.Sprint(e.cores))
	row("CPU", e.cpuModel)
	row("memory", e.memTotal)
	row("kernel", e.kernel)
	row("Go", e.goVersion)
	row("load average (1, 5, 15 min) before / after", e.loadBefore+" / "+e.loadAfter)
	row("arbiter", e.arbiterCommit)
	row("pgn-extract (Debian)", e.pgnExtractVersion)
	row("github.com/corentings/chess/v2", e.corentingsVersion)
	row("zstd", e.zstdVersion)
	b.WriteString("\n")
}

func (r report) inputSection(b *strings.Builder) {
	in := r.in
	b.WriteString("## Inputs\n\nBuilt at run time in `$WORK` from the shared corpus, never committed. " +
		"Games are counted once, by bench/internal/pgnsplit, so games/s has the same numerator for every tool.\n\n")
	b.WriteString("| input | MB | games | made from |\n|---|---:|---:|---|\n")
	fmt.Fprintf(b, "| %s | %s | %s | every file under masters/ and engine_tcec/, sorted, concatenated |\n",
		in.big.Name, mb(in.big.Bytes), thousands(in.big.Games))
	if st, err := os.Stat(in.bigZstd); err == nil {
		fmt.Fprintf(b, "| %s | %s | %s | %s compressed with zstd -3 |\n",
			filepath.Base(in.bigZstd), mb(st.Size()), thousands(in.big.Games), in.big.Name)
	}
	fmt.Fprintf(b, "| %s | %s | %s | every file under online_clk/ (clocked online games), sorted, concatenated |\n",
		in.online.Name, mb(in.online.Bytes), thousands(in.online.Games))
	if len(r.streams) > 0 {
		s := r.streams[0].Case.Input
		fmt.Fprintf(b, "| %s | %s | %s | %s repeated, piped to standard input |\n",
			s.Name, mb(s.Bytes), thousands(s.Games), in.big.Name)
	}
	b.WriteString("\n")
}

func (r report) resultSection(b *strings.Builder) {
	b.WriteString("## Results\n\n")
	fmt.Fprintf(b, "Medians over n interleaved runs (every case once per round, %d rounds). "+
		"MB/s counts uncompressed PGN. CPU is user + system time. Peak RSS is the largest of the n runs. "+
		"Spread is (slowest − fastest) / median wall time: the noise of the machine.\n\n", r.cfg.rounds)
	b.WriteString("| input | via | tool | workers | n | wall s | spread | games/s | MB/s | CPU s | peak RSS MiB |\n")
	b.WriteString("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range r.results {
		r.resultRow(b, s)
	}
	b.WriteString("\n")
}

func (r report) resultRow(b *strings.Builder, s Summary) {
	c := s.Case
	workers := "—"
	if c.Workers > 0 {
		workers = fmt.Sprint(c.Workers)
	}
	fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %.2f | %.0f%% | %s | %.1f | %.2f | %.0f |\n",
		c.Input.Name, c.Via, c.Tool, workers, s.N, s.Wall, 100*s.Spread,
		thousands(int(s.GamesPerSec())), s.MBPerSec(), s.CPU, float64(s.PeakRSSKiB)/1024)
}

func (r report) ratioSection(b *strings.Builder) {
	var rows []string
	for _, a := range r.results {
		if a.Case.Tool != "arbiter" || a.Case.Via != "file" {
			continue
		}
		row := fmt.Sprintf("| %s | %d |", a.Case.Input.Name, a.Case.Workers)
		for _, peer := range []string{"pgn-extract", "corentings"} {
			p, ok := r.find(a.Case.Input.Name, "file", peer, 0)
			if !ok {
				row += " — | — |"
				continue
			}
			row += fmt.Sprintf(" %s | %s |", times(ratio(p.Wall, a.Wall)), times(ratio(p.CPU, a.CPU)))
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("## Ratios\n\nThe peer's median divided by arbiter's, on the same file: above 1×, arbiter takes less.\n\n")
	b.WriteString("| input | arbiter workers | pgn-extract / arbiter, wall | CPU | corentings / arbiter, wall | CPU |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|\n")
	b.WriteString(strings.Join(rows, "\n") + "\n\n")
}

// roundRatioSection gives, for each of arbiter's file cases, pgn-extract's
// wall time divided by arbiter's round by round: the runs of a round were
// taken minutes apart at most, so the spread of these ratios is what the
// host's hour does to a target such as "10× pgn-extract", which one pair of
// medians hides.
func (r report) roundRatioSection(b *strings.Builder) {
	var rows []string
	for _, a := range r.results {
		p, ok := r.find(a.Case.Input.Name, "file", "pgn-extract", 0)
		if a.Case.Tool != "arbiter" || a.Case.Via != "file" || !ok {
			continue
		}
		var ratios []float64
		for i := range min(len(a.Walls), len(p.Walls)) {
			if x := ratio(p.Walls[i], a.Walls[i]); x > 0 {
				ratios = append(ratios, x)
			}
		}
		if len(ratios) < 2 {
			continue
		}
		m := median(ratios) // sorts them
		rows = append(rows, fmt.Sprintf("| %s | %d | %d | %s | %s | %s |", a.Case.Input.Name, a.Case.Workers,
			len(ratios), times(ratios[0]), times(m), times(ratios[len(ratios)-1])))
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("## Ratios by round\n\npgn-extract's wall time divided by arbiter's within each round, " +
		"lowest, median and highest: how far the machine's noise moves the ratio above.\n\n")
	b.WriteString("| input | arbiter workers | rounds | lowest | median | highest |\n|---|---:|---:|---:|---:|---:|\n")
	b.WriteString(strings.Join(rows, "\n") + "\n\n")
}

// baselineSection sets each of arbiter's cases beside the same case run with
// the baseline binary, medians and round by round.
func (r report) baselineSection(b *strings.Builder) {
	var rows []string
	for _, a := range append(slices.Clone(r.results), r.streams...) {
		c := a.Case
		base, ok := r.find(c.Input.Name, c.Via, "baseline", c.Workers)
		if c.Tool != "arbiter" || !ok {
			continue
		}
		faster, n := 0, min(len(a.Walls), len(base.Walls))
		for i := range n {
			if a.Walls[i] < base.Walls[i] {
				faster++
			}
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %d | %.3f | %.3f | %s | %.2f | %.2f | %s | %d of %d |",
			c.Input.Name, c.Via, c.Workers, a.Wall, base.Wall, times(ratio(base.Wall, a.Wall)),
			a.CPU, base.CPU, times(ratio(base.CPU, a.CPU)), faster, n))
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("## Against the baseline\n\n`-arbiter` and `-baseline` on the same cases, in turn (the baseline first in " +
		"even rounds). Ratios are the baseline's median divided by arbiter's: above 1×, arbiter takes less. The last " +
		"column counts the rounds in which arbiter's run took less wall time than the baseline's beside it.\n\n")
	b.WriteString("| input | via | workers | arbiter wall s | baseline wall s | wall | arbiter CPU s | baseline CPU s | CPU | arbiter faster |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	b.WriteString(strings.Join(rows, "\n") + "\n\n")
}

func (r report) scalingSection(b *strings.Builder) {
	var rows []string
	for _, one := range append(slices.Clone(r.results), r.streams...) {
		if one.Case.Tool != "arbiter" || one.Case.Workers != 1 {
			continue
		}
		for _, many := range append(slices.Clone(r.results), r.streams...) {
			c := many.Case
			if c.Tool == "arbiter" && c.Workers > 1 && c.Input.Name == one.Case.Input.Name && c.Via == one.Case.Via {
				rows = append(rows, fmt.Sprintf("| %s | %s | %d | %.2f | %.2f | %s |",
					c.Input.Name, c.Via, c.Workers, one.Wall, many.Wall, times(ratio(one.Wall, many.Wall))))
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("## Scaling of arbiter\n\nWall time with 1 worker divided by wall time with N.\n\n")
	b.WriteString("| input | via | N | 1 worker s | N workers s | speed-up |\n|---|---|---:|---:|---:|---:|\n")
	b.WriteString(strings.Join(rows, "\n") + "\n\n")
}

// coreSection sets arbiter pinned to n cores (taskset, n workers) beside
// arbiter free on every core with each worker count.
func (r report) coreSection(b *strings.Builder) {
	var rows []string
	for _, pinned := range r.results {
		p := pinned.Case
		if p.Tool != "arbiter" || !strings.HasPrefix(p.Via, "file, ") {
			continue
		}
		for _, w := range r.cfg.workers {
			free, ok := r.find(p.Input.Name, "file", "arbiter", w)
			if !ok {
				continue
			}
			rows = append(rows, fmt.Sprintf("| %s | %s, %s | %.2f | %.2f | %d cores, %s | %.2f | %.2f | %s |",
				p.Input.Name, strings.TrimPrefix(p.Via, "file, "), workersText(p.Workers), pinned.Wall, pinned.CPU,
				r.env.cores, workersText(w), free.Wall, free.CPU, times(ratio(pinned.Wall, free.Wall))))
		}
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString("## Scaling over cores\n\nWith `--out` the Parquet writer runs beside the workers, so one worker " +
		"already keeps more than one core busy and 1 → N workers understates what the cores give. Here arbiter is " +
		"pinned with `taskset` to fewer cores (as many workers as cores) and set beside its runs on every core; " +
		"speed-up is the pinned wall time divided by the free one.\n\n")
	b.WriteString("| input | pinned to | wall s | CPU s | free on | wall s | CPU s | speed-up |\n|---|---|---:|---:|---|---:|---:|---:|\n")
	b.WriteString(strings.Join(rows, "\n") + "\n\n")
}

func workersText(n int) string {
	if n == 1 {
		return "1 worker"
	}
	return fmt.Sprintf("%d workers", n)
}

func (r report) streamSection(b *strings.Builder) {
	if len(r.streams) == 0 {
		return
	}
	b.WriteString("## Memory on a stream\n\nThe big input repeated and piped to `arbiter check -`: " +
		"peak RSS must not grow with the input, so it is set beside the peak on the big file alone.\n\n")
	b.WriteString("| input | workers | n | wall s | games/s | MB/s | CPU s | peak RSS MiB | on big file MiB | stream / file |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range r.streams {
		file, ok := r.find(r.in.big.Name, "file", "arbiter", s.Case.Workers)
		fileRSS, rel := "—", "—"
		if ok {
			fileRSS = fmt.Sprintf("%.0f", float64(file.PeakRSSKiB)/1024)
			rel = times(ratio(float64(s.PeakRSSKiB), float64(file.PeakRSSKiB)))
		}
		fmt.Fprintf(b, "| %s | %d | %d | %.2f | %s | %.1f | %.2f | %.0f | %s | %s |\n",
			s.Case.Input.Name, s.Case.Workers, s.N, s.Wall, thousands(int(s.GamesPerSec())), s.MBPerSec(),
			s.CPU, float64(s.PeakRSSKiB)/1024, fileRSS, rel)
	}
	b.WriteString("\n")
}

func (r report) commandSection(b *strings.Builder) {
	shorten := r.shortener()
	b.WriteString("## Commands\n\n")
	fmt.Fprintf(b, "Each run is `/usr/bin/time -v sh -c '<command>'`, wall time taken around it. `$WORK` is `%s`", r.cfg.work)
	if r.bins.arbiter != "" {
		fmt.Fprintf(b, "; `arbiter` is `%s`", r.bins.arbiter)
	}
	if r.bins.baseline != "" {
		fmt.Fprintf(b, "; `baseline` is `%s`", r.bins.baseline)
	}
	fmt.Fprintf(b, "; `corentings` is `%s`", r.bins.corentings)
	if r.bins.pgnExtract != "" {
		fmt.Fprintf(b, "; `pgn-extract` is `%s`", r.bins.pgnExtract)
	}
	b.WriteString(". The last column is the tool's own summary in its last run.\n\n")
	b.WriteString("| case | command | the tool said |\n|---|---|---|\n")
	for _, s := range append(slices.Clone(r.results), r.streams...) {
		said := shorten.Replace(s.Said)
		if said == "" {
			said = "—"
		}
		fmt.Fprintf(b, "| %s | `%s` | %s |\n", s.Case.ID, escapeCell(shorten.Replace(s.Case.Shell)), escapeCell(said))
	}
	b.WriteString("\n")
}

func (r report) noteSection(b *strings.Builder) {
	notes := slices.Clone(r.notes)
	for _, s := range append(slices.Clone(r.results), r.streams...) {
		if len(s.BadExits) > 0 {
			notes = append(notes, fmt.Sprintf("`%s` exited with %v: see `$WORK/logs`.", s.Case.ID, s.BadExits))
		}
		if s.Case.Tool == "arbiter" && s.Games > 0 && s.Plies == 0 {
			notes = append(notes, fmt.Sprintf("`%s` replayed no plies of %d games: its figures time reading and writing, not validation.", s.Case.ID, s.Games))
		}
	}
	if len(notes) == 0 {
		return
	}
	b.WriteString("## Notes\n\n")
	for _, n := range notes {
		fmt.Fprintf(b, "- %s\n", n)
	}
}

// find returns the summary of a case among the results and the streams.
func (r report) find(input, via, tool string, workers int) (Summary, bool) {
	for _, s := range append(slices.Clone(r.results), r.streams...) {
		c := s.Case
		if c.Input.Name == input && c.Via == via && c.Tool == tool && c.Workers == workers {
			return s, true
		}
	}
	return Summary{}, false
}

// shortener writes the binaries by name and the work directory as $WORK.
// Binaries come first: they may live inside the work directory; the longer
// path first, since the replacer tries its pairs in order and one binary's
// path may begin with another's (bin/arbiter, bin/arbiter-old).
func (r report) shortener() *strings.Replacer {
	named := [][2]string{{r.bins.arbiter, "arbiter"}, {r.bins.baseline, "baseline"}, {r.bins.corentings, "corentings"}, {r.bins.pgnExtract, "pgn-extract"}}
	slices.SortStableFunc(named, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	var pairs []string
	for _, p := range named {
		if p[0] != "" {
			pairs = append(pairs, p[0], p[1])
		}
	}
	return strings.NewReplacer(append(pairs, r.cfg.work, "$WORK")...)
}

// escapeCell keeps a pipe, even in a code span, from ending a table cell.
func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func mb(bytes int64) string { return fmt.Sprintf("%.1f", float64(bytes)/1e6) }

func times(x float64) string {
	if x == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", x)
}

// thousands writes n with commas, as the figures of a table are read.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

func quotedArgs(args []string) string {
	var b strings.Builder
	for _, a := range args {
		b.WriteByte(' ')
		if a == "" || strings.ContainsAny(a, " \t'\"$*?|&;<>()") {
			b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
		} else {
			b.WriteString(a)
		}
	}
	return b.String()
}
