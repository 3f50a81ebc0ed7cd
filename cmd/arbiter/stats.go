package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/stats"
)

func init() { subcommands = append(subcommands, newStatsCmd) }

type statsFlags struct {
	format, output string
	top            int
}

func newStatsCmd() *cobra.Command {
	var f statsFlags
	cmd := &cobra.Command{
		Use:   "stats [flags] DIR...",
		Short: "Sum up the tables written by check --out: findings, results, time controls, ratings",
		Long: `stats reads the games and findings tables that "arbiter check --out DIR" wrote
and prints what is in the games and what is wrong with them: findings by code,
the worst files and events, results recorded against computed, how the games
ended, moves per game, time controls and time forfeits, draw rules, and the
players' average rating against White's score.

Several DIRs (runs on several machines, say) make one report.

Formats: table (aligned text for a terminal, the default), markdown, json
(keys documented in stats/JSON.md), html (one self-contained page with SVG
charts, no script). With -o and no --format, the file's extension chooses.`,
		Args: needArgs("the DIR that arbiter check --out DIR wrote"),
		RunE: func(cmd *cobra.Command, args []string) error { return runStats(cmd, &f, args) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "", "table, markdown, json or html (default: by -o's extension, else table)")
	fl.StringVarP(&f.output, "output", "o", "", "write the report to this file instead of standard output")
	fl.IntVar(&f.top, "top", 20, "files and events listed, the worst first (0: all)")
	return cmd
}

func runStats(cmd *cobra.Command, f *statsFlags, dirs []string) error {
	format := strings.ToLower(strings.TrimSpace(f.format)) // as check reads its flag values
	if format == "" {
		format = stats.FormatFor(f.output)
	}
	if !slices.Contains(stats.Formats, format) {
		last := len(stats.Formats) - 1
		return &exitError{code: 2, msg: fmt.Sprintf("--format must be %s or %s, not %q", strings.Join(stats.Formats[:last], ", "), stats.Formats[last], format)}
	}
	if f.top < 0 {
		return &exitError{code: 2, msg: fmt.Sprintf("--top must be 0 or more, not %d", f.top)}
	}
	stderr := cmd.ErrOrStderr()
	dirs, dups := pipeline.DedupePaths(dirs)
	for _, d := range dups {
		fmt.Fprintf(stderr, "arbiter stats: %s left out: the same directory as %s, read once\n", d.Path, d.Of)
	}
	// What makes the counts other than they look goes on stderr and into
	// the report, which is what is kept and passed on.
	// Inputs missing from the counts come first: with many copies named
	// after them, the HTML report folds the last warnings.
	var warnings []string
	for _, in := range pipeline.IncompleteInputs(dirs) {
		warnings = append(warnings, in.String())
	}
	for _, sh := range pipeline.SharedInputs(dirs) {
		warnings = append(warnings, fmt.Sprintf("%s is in both %s and %s (same path, size and modification time): its games are counted twice",
			pipeline.ColumnPath(sh.Path), sh.First, sh.Then))
	}
	for _, g := range pipeline.SameContentInputs(dirs) {
		warnings = append(warnings, g.String())
	}
	for i, w := range warnings {
		if i == stats.ShownWarnings {
			fmt.Fprintf(stderr, "arbiter stats: %s\n", stats.MoreWarnings(len(warnings)-i))
			break
		}
		fmt.Fprintf(stderr, "arbiter stats: %s\n", stats.Printable(w))
	}
	agg, err := stats.ReadParquetLogged(func(p string) {
		fmt.Fprintf(stderr, "arbiter stats: %s left out: not listed in manifest.json (an input being written)\n", p)
	}, dirs...)
	if err != nil {
		return err
	}
	s := agg.Summarize(f.top)
	s.Sources, s.Warnings = dirs, warnings
	if f.output == "" || f.output == "-" {
		return stats.Write(cmd.OutOrStdout(), s, format)
	}
	return writeFile("-o", f.output, func(w io.Writer) error { return stats.Write(w, s, format) })
}
