// Package arbeam runs arbiter's check as an Apache Beam pipeline, so that
// an archive too large for one machine is checked on Flink, Spark or
// Dataflow (or locally on Prism) and gives the same tables as
// `arbiter check --out`.
//
// The pipeline:
//
//	shards          the launcher cuts plain files into byte ranges and makes
//	   │            each compressed file one shard (package shard)
//	Reshuffle       so that a runner spreads the shards over its workers
//	   ├───────────────────────┐
//	   │                    count     each shard but a file's last: its span
//	   │                       │      (boundaries) and how many games and lines
//	   │                       │      it holds
//	check ◀── side input ──────┘      games are numbered and lines counted from
//	   │                              the counts of the shards before
//	   │                              (pipeline.CheckChunk, the command line's
//	   │                              check); each bundle writes its own
//	   │                              Parquet files under names unique to the
//	   │                              attempt and reports them when it ends
//	GroupByKey      one key: every committed report together
//	finalize        renames the committed files to part-NNNNN.parquet,
//	                removes the files of failed attempts, writes manifest.json
//
// Only the reports of committed bundles reach finalize, so the rows of an
// attempt that failed (or was retried) are never published.
package arbeam

import (
	"fmt"
	"strings"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/validate"
)

// CheckFlags are the options of the check, in the form of `arbiter check`'s
// flags: plain values, since they travel to the workers inside the DoFns.
type CheckFlags struct {
	Rules    string   // fide, fide2009 or ussr ("" for fide)
	Notation string   // auto or a letter set (san, ru, de, ...)
	Encoding string   // auto or an encoding name
	Enable   []string // codes, "all", comma-separated lists
	Disable  []string
	Severity []string // code=severity
	Moves    bool     // write the moves table
}

// Options turns the flags into the check's options, as `arbiter check` does.
func (f *CheckFlags) Options() (*pipeline.CheckOptions, error) {
	opt := &pipeline.CheckOptions{}
	rules := f.Rules
	if rules == "" {
		rules = "fide"
	}
	profile, err := validate.ParseProfile(rules)
	if err != nil {
		return nil, fmt.Errorf("--rules must be fide, fide2009 or ussr, not %q", f.Rules)
	}
	opt.Validate.Profile = profile
	if n := strings.ToLower(f.Notation); n != "" && n != "auto" {
		set, err := replay.ParseLetterSet(n)
		if err != nil {
			return nil, fmt.Errorf("--notation: %w", err)
		}
		opt.Validate.Letters = &set
	}
	opt.Validate.Moves = f.Moves
	if e := strings.ToLower(f.Encoding); e != "" && e != "auto" {
		if _, ok := parser.ParseEncoding(e); !ok {
			return nil, fmt.Errorf("--encoding must be auto, utf-8, windows-1252, windows-1251, koi8-r, cp866 or cp850, not %q", f.Encoding)
		}
		opt.Encoding = e
	}
	if opt.Validate.Rules, err = validate.ConfigFromFlags(f.Enable, f.Disable, f.Severity); err != nil {
		return nil, err
	}
	return opt, nil
}
