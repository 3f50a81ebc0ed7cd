package pipeline

import (
	"fmt"
	"strings"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/validate"
)

// CheckFlags are the options of the check in the form of `arbiter check`'s
// flags. Every command that checks games (arbiter check and convert,
// arbiter-beam) reads them here, so that they mean the same everywhere;
// they are plain values, since arbiter-beam sends them to its workers.
type CheckFlags struct {
	Rules    string   // fide, fide2009 or ussr ("" for fide)
	Notation string   // auto or a letter set (san, ru, de, ...)
	Encoding string   // auto or an encoding name
	Enable   []string // codes, "all", comma-separated lists
	Disable  []string
	Severity []string // code=severity
	Moves    bool     // fill the report's moves (the moves table)
}

// Options turns the flags into the check's options; the error names the
// flag at fault.
func (f *CheckFlags) Options() (*CheckOptions, error) {
	opt := &CheckOptions{}
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
		enc, ok := parser.ParseEncoding(e)
		if !ok {
			return nil, fmt.Errorf("--encoding must be auto, %s, not %q", strings.Join(parser.EncodingNames(), ", "), f.Encoding)
		}
		opt.Encoding = &enc
	}
	if opt.Validate.Rules, err = validate.ConfigFromFlags(f.Enable, f.Disable, f.Severity); err != nil {
		return nil, err
	}
	if names(f.Disable)["all"] && !names(f.Disable)[string(validate.NoGame)] && !names(f.Severity)[string(validate.NoGame)] {
		// "--disable all --enable illegal-move" chooses which rules judge
		// the games; an upload with no game in it is no game to judge, and
		// a CI job that fails on warnings must still fail on an empty
		// upload. Only naming the code turns it off.
		opt.Validate.Rules.Enable(string(validate.NoGame))
	}
	return opt, nil
}

// names are the codes (or "all") a list of flag values names, lower case,
// for --severity without their levels.
func names(list []string) map[string]bool {
	m := map[string]bool{}
	for _, arg := range list {
		for _, item := range strings.Split(arg, ",") {
			name, _, _ := strings.Cut(item, "=")
			m[strings.ToLower(strings.TrimSpace(name))] = true
		}
	}
	return m
}
