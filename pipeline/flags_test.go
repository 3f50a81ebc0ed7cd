package pipeline

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

func TestCheckFlagsOptions(t *testing.T) {
	opt, err := (&CheckFlags{}).Options()
	if err != nil {
		t.Fatal(err)
	}
	if opt.Validate.Profile != validate.FIDE || opt.Validate.Letters != nil || opt.Encoding != nil || opt.Validate.Rules != nil || opt.Validate.Moves {
		t.Errorf("zero flags: %+v", opt)
	}
	opt, err = (&CheckFlags{Rules: "ussr", Notation: "RU", Encoding: "KOI8-R", Disable: []string{"tag-missing"}, Moves: true}).Options()
	if err != nil {
		t.Fatal(err)
	}
	if opt.Validate.Profile != validate.USSR || opt.Validate.Letters == nil || opt.Encoding == nil || *opt.Encoding != parser.KOI8R ||
		opt.Validate.Rules == nil || opt.Validate.Rules.Enabled(validate.TagMissing) || !opt.Validate.Moves {
		t.Errorf("ussr, ru, koi8-r, tag-missing off, moves: %+v", opt)
	}
	for _, tc := range []struct {
		flags CheckFlags
		want  string
	}{
		{CheckFlags{Rules: "fifa"}, `--rules must be fide, fide2009 or ussr, not "fifa"`},
		{CheckFlags{Notation: "klingon"}, "--notation: "},
		{CheckFlags{Encoding: "ebcdic"}, `--encoding must be auto, utf-8, windows-1252, windows-1251, koi8-r, cp866, cp850, not "ebcdic"`},
		{CheckFlags{Enable: []string{"no-such-code"}}, "--enable: "},
	} {
		if _, err := tc.flags.Options(); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error starting %q", tc.flags, err, tc.want)
		}
	}
}

// TestDisableAllKeepsNoGame: "--disable all" turns off the rules that judge
// games, not no-game, which only naming the code turns off; the other codes
// stay off.
func TestDisableAllKeepsNoGame(t *testing.T) {
	for _, tc := range []struct {
		flags CheckFlags
		on    bool
		sev   validate.Severity
	}{
		{CheckFlags{Disable: []string{"all"}}, true, validate.Warning},
		{CheckFlags{Disable: []string{"ALL"}, Enable: []string{"illegal-move"}}, true, validate.Warning},
		{CheckFlags{Disable: []string{"tag-missing,all"}}, true, validate.Warning},
		{CheckFlags{Disable: []string{"all", "no-game"}}, false, 0},
		{CheckFlags{Disable: []string{"all,No-Game"}}, false, 0},
		{CheckFlags{Disable: []string{"all"}, Severity: []string{"no-game=off"}}, false, 0},
		{CheckFlags{Disable: []string{"all"}, Severity: []string{"no-game=error"}}, true, validate.Error},
		{CheckFlags{Disable: []string{"no-game"}}, false, 0},
		{CheckFlags{Disable: []string{"tag-missing"}}, true, validate.Warning},
	} {
		opt, err := tc.flags.Options()
		if err != nil {
			t.Fatalf("%+v: %v", tc.flags, err)
		}
		kept := opt.Validate.Rules.Apply([]validate.Finding{{Code: validate.NoGame, Severity: validate.Warning}})
		if on := len(kept) == 1; on != tc.on || on && kept[0].Severity != tc.sev {
			t.Errorf("%+v: no-game kept %v, want %v at %v", tc.flags, kept, tc.on, tc.sev)
		}
		if slices.Contains(tc.flags.Disable, "all") && (opt.Validate.Rules.Enabled(validate.TagMissing) || opt.Validate.Rules.Enabled(validate.Syntax)) {
			t.Errorf("%+v: turns on other codes than no-game", tc.flags)
		}
	}
}
