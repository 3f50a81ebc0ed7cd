package main

import (
	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/validate"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newConvertCmd) }

type convertFlags struct {
	output                    string
	rules, notation, encoding string
	workers                   int
	quiet                     bool
	// The rule settings of check, for the findings convert prints: a
	// repository's --config file then says the same to both commands.
	enable, disable, severity []string
	failOn, config            string
}

func newConvertCmd() *cobra.Command {
	var f convertFlags
	cmd := &cobra.Command{
		Use:   "convert [flags] PATH... -o FILE",
		Short: "Rewrite games in any notation arbiter reads as clean PGN (export format, SAN)",
		Long: `convert reads every game in the PATHs, as check does, and writes them in PGN
export format: the Seven Tag Roster first, moves in SAN with move numbers,
NAGs, comments (clock commands included) and variations kept, lines under
80 columns. Russian, German, figurine or long-algebraic scores come out as
standard PGN.

A game with a move that cannot be replayed keeps its moves up to it; the
rest of the line goes into a comment saying why, and the finding is printed
on stderr as check prints it. Every game read is written, except text in
which no tag pair, move or result could be read: a preamble in prose or a
web page saved as .pgn is reported, as check reports it, and left out;
comments and % lines between games are left out silently.

The output is written to a temporary file and renamed to FILE when
complete; "-o -" writes to standard output.

The findings printed follow check's rule settings: --config FILE, --enable,
--disable, --severity and --fail-on, the flags given winning over the file.

Exit status: 0 when everything was converted, 1 when something could not be
(an illegal, ambiguous or unreadable move, or text that could not be read,
such as a malformed clock comment: each is printed) and its finding is at or
above --fail-on (error unless set), 2 on a usage error or an input
that could not be read (the others are still converted), 130 when
interrupted before every input was read (no output file is left).`,
		Args: needArgs("at least one PATH to convert: a file, a directory or - for standard input"),
		RunE: func(cmd *cobra.Command, args []string) error { return runConvert(cmd, &f, args) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.output, "output", "o", "", `the PGN file to write, "-" for standard output (required)`)
	fl.StringVar(&f.rules, "rules", "fide", "rule book: fide (Laws since 2023), fide2009, or ussr")
	fl.StringVar(&f.notation, "notation", "auto", notationUsage())
	fl.StringVar(&f.encoding, "encoding", "auto", "text encoding: auto (per game), utf-8, windows-1252, windows-1251, koi8-r, cp866, cp850")
	fl.IntVar(&f.workers, "workers", 0, "games converted in parallel (0: one per CPU the process may use, GOMAXPROCS)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no summary; log errors only")
	fl.StringSliceVar(&f.enable, "enable", nil, "report findings with this code (repeatable)")
	fl.StringSliceVar(&f.disable, "disable", nil, "do not report findings with this code (repeatable; \"all\" for every code but no-game, which only its name turns off)")
	fl.StringSliceVar(&f.severity, "severity", nil, "change a code's severity: CODE=info|warning|error|off (repeatable)")
	fl.StringVar(&f.failOn, "fail-on", "error", "exit 1 when a finding printed is at or above: error, warning, info, or never (none is the same as never)")
	fl.StringVar(&f.config, "config", "", "read --rules, --enable, --disable, --severity and --fail-on from this JSON file (as check does); the flags given win over it")
	return cmd
}

// runConvert is the command: the run of check with a PGN writer as its
// only sink.
func runConvert(cmd *cobra.Command, f *convertFlags, args []string) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if f.output == "" {
		return usageError("-o FILE is required (\"-o -\" for standard output)")
	}
	// The flags convert shares with check are checked and applied as check does.
	shared := checkFlags{format: "none", rules: f.rules, notation: f.notation, encoding: f.encoding,
		workers: f.workers, failOn: f.failOn, progress: "never", logLevel: "info", logFormat: "console", quiet: f.quiet,
		enable: f.enable, disable: f.disable, severity: f.severity, config: f.config}
	shared.lowerValues()
	if err := shared.readConfig(cmd.Flags().Changed); err != nil {
		return err
	}
	cfg, failOn, err := shared.options()
	if err != nil {
		return err
	}
	logger, err := shared.logger(stderr, false)
	if err != nil {
		return err
	}
	cfg.Log = &logger
	cfg.Check.Validate.SAN = true
	limitMemory(cfg.Workers, false)
	cfg.Check.Render = pipeline.AppendPGN

	expansion := expandInputs(&logger, args)
	inputs := expansion.Inputs
	cfg.NoGameDirs = expansion.NoGameDirs

	out, err := createOutput("-o", f.output, stdout)
	if err != nil {
		return &exitError{code: 2, msg: err.Error()}
	}
	sink := pipeline.NewPGNSink(out, stderr)

	ctx, readDone, stop := interruptContext(cmd.Context(), stderr, func() { out.abandon() })
	defer stop()
	cfg.ReadDone = readDone

	sum, runErr := pipeline.Run(ctx, cfg, inputs, sink)
	stop()
	// A signal once every input was read leaves the output complete.
	keep := runErr == nil && !sum.Interrupted
	finishErr := out.finish(keep)
	warnSameContent(&logger, sum.SameContent, "")
	if !f.quiet {
		// Written in place (standard output, a device), what was written stays.
		sink.WriteSummary(stderr, &sum, out.tmp == "" || keep && finishErr == nil)
	}
	switch {
	case sum.Interrupted:
		if !f.quiet {
			return &exitError{code: exitInterrupted} // the summary ends "; interrupted"
		}
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	case runErr != nil:
		return runErr
	case finishErr != nil:
		return &exitError{code: 2, msg: finishErr.Error()}
	case sum.Failed > 0:
		return unreadableExit(sum.Failed, f.quiet)
	case failOn >= 0 && sink.Counts.AtLeast(validate.Severity(failOn)):
		return shared.failing(sink.Counts, validate.Severity(failOn))
	}
	return nil
}
