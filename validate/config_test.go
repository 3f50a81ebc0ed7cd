package validate

import (
	"strings"
	"testing"
)

func TestCatalogue(t *testing.T) {
	// The minimum catalogue of RULES.md, with its severities.
	rules := map[Code]Severity{
		Syntax: Error, IllegalMove: Error, AmbiguousMove: Error, NonStandardNotation: Info, ImpossiblePosition: Error,
		MovesAfterEnd: Error, ResultMismatch: Error, WrongResult: Error, ThreefoldClaimable: Info, MissedThreefold: Warning,
		FiftyMoveClaimable: Info, MissedFiftyMove: Warning, FivefoldRepetition: Error, SeventyFiveMoves: Error,
		TimeForfeit: Info, TimeoutInsufficientMaterial: Error, FlagFallUnclaimed: Warning, ClockInconsistent: Warning,
		TagMissing: Warning, TagFormat: Warning,
		NullMove: Warning, VariantUnsupported: Warning, ResultMissing: Info, TagDuplicate: Warning, WrongTermination: Warning, DuplicateGame: Warning, NoGame: Warning, InternalError: Error,
		PerftMismatch: Error,
	}
	seen := map[Code]bool{}
	for _, r := range Catalogue {
		if seen[r.Code] {
			t.Errorf("%s listed twice", r.Code)
		}
		seen[r.Code] = true
		want, ok := rules[r.Code]
		if !ok {
			t.Errorf("%s is in the catalogue but not in this test", r.Code)
			continue
		}
		if r.Severity != want || DefaultSeverity(r.Code) != want {
			t.Errorf("%s: default %v, want %v", r.Code, r.Severity, want)
		}
		if r.Description == "" || strings.ContainsAny(r.Description, "\n") {
			t.Errorf("%s: description must be one non-empty line: %q", r.Code, r.Description)
		}
		for _, c := range r.Code {
			if !(c >= 'a' && c <= 'z' || c == '-') {
				t.Errorf("%s is not kebab-case", r.Code)
			}
		}
	}
	for c := range rules {
		if !seen[c] {
			t.Errorf("%s missing from the catalogue", c)
		}
	}
	varies := map[Code]bool{MovesAfterEnd: true, FivefoldRepetition: true, SeventyFiveMoves: true, TimeoutInsufficientMaterial: true, ClockInconsistent: true, MissedThreefold: true, MissedFiftyMove: true,
		TagMissing: true, VariantUnsupported: true, WrongResult: true}
	for _, r := range Catalogue {
		if r.Varies != varies[r.Code] {
			t.Errorf("%s: Varies %v", r.Code, r.Varies)
		}
	}
	if DefaultSeverity("no-such-code") != Error {
		t.Errorf("an unknown code must default to error")
	}
}

func TestConfigDefaults(t *testing.T) {
	for _, c := range []*Config{nil, {}} {
		for _, r := range Catalogue {
			if !c.Enabled(r.Code) {
				t.Errorf("%s disabled by default", r.Code)
			}
			if got := c.Severity(r.Code, Info); got != Info {
				t.Errorf("%s: the rule's choice must stand without an override, got %v", r.Code, got)
			}
		}
		fs := []Finding{{Code: FivefoldRepetition, Severity: Info}}
		if got := c.Apply(fs); len(got) != 1 || got[0].Severity != Info {
			t.Errorf("Apply changed %+v", got)
		}
	}
}

func TestConfigSettings(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		enabled map[Code]bool
		sev     map[Code]Severity // severity given a rule's choice of Info
	}{
		{"disable one", []string{"--disable", "tag-missing"},
			map[Code]bool{TagMissing: false, TagFormat: true}, nil},
		{"disable a list", []string{"--disable=tag-missing, tag-format"},
			map[Code]bool{TagMissing: false, TagFormat: false, IllegalMove: true}, nil},
		{"disable all, enable one", []string{"--disable", "all", "--enable", "illegal-move"},
			map[Code]bool{IllegalMove: true, Syntax: false, TagMissing: false}, nil},
		{"enable all undoes", []string{"--disable", "tag-missing", "--enable", "all"},
			map[Code]bool{TagMissing: true}, nil},
		{"later wins", []string{"--disable", "tag-missing", "--enable", "TAG-MISSING"},
			map[Code]bool{TagMissing: true}, nil},
		{"severity override replaces the rule's choice", []string{"--severity", "fivefold-repetition=warning"},
			map[Code]bool{FivefoldRepetition: true}, map[Code]Severity{FivefoldRepetition: Warning, SeventyFiveMoves: Info}},
		{"severity off disables", []string{"--severity=time-forfeit=off"},
			map[Code]bool{TimeForfeit: false}, nil},
		{"severity enables after disable all", []string{"--disable=all", "--severity", "tag-format=error"},
			map[Code]bool{TagFormat: true, TagMissing: false}, map[Code]Severity{TagFormat: Error}},
		{"explicit disable stands against a severity", []string{"--disable", "tag-format", "--severity", "tag-format=error"},
			map[Code]bool{TagFormat: false}, map[Code]Severity{TagFormat: Error}},
		{"several severities", []string{"--severity", "tag-missing=error,result-missing=warning"},
			nil, map[Code]Severity{TagMissing: Error, ResultMissing: Warning}},
	}
	for _, tt := range tests {
		c, err := parseConfig(tt.args)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for code, want := range tt.enabled {
			if got := c.Enabled(code); got != want {
				t.Errorf("%s: Enabled(%s) = %v, want %v", tt.name, code, got, want)
			}
		}
		for code, want := range tt.sev {
			if got := c.Severity(code, Info); got != want {
				t.Errorf("%s: Severity(%s) = %v, want %v", tt.name, code, got, want)
			}
		}
	}
}

func TestConfigApply(t *testing.T) {
	c := &Config{}
	if err := c.Disable("tag-missing"); err != nil {
		t.Fatal(err)
	}
	if err := c.SetSeverity("clock-inconsistent=error"); err != nil {
		t.Fatal(err)
	}
	fs := []Finding{
		{Code: TagMissing, Severity: Warning, Message: "a"},
		{Code: ClockInconsistent, Severity: Warning, Message: "b"},
		{Code: IllegalMove, Severity: Error, Message: "c"},
	}
	got := c.Apply(fs)
	if len(got) != 2 || got[0].Message != "b" || got[0].Severity != Error || got[1].Message != "c" || got[1].Severity != Error {
		t.Errorf("Apply = %+v", got)
	}
}

func TestConfigErrors(t *testing.T) {
	known := "syntax, illegal-move, ambiguous-move, non-standard-notation, impossible-position, moves-after-end, " +
		"result-mismatch, wrong-result, threefold-claimable, missed-threefold, fifty-move-claimable, missed-fifty-move, " +
		"fivefold-repetition, seventy-five-moves, time-forfeit, timeout-insufficient-material, flag-fall-unclaimed, " +
		"clock-inconsistent, tag-missing, tag-format, null-move, variant-unsupported, result-missing, tag-duplicate, wrong-termination, duplicate-game, no-game, internal-error, perft-mismatch"
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"--disable", "ilegal-move"}, `unknown rule code "ilegal-move" (did you mean illegal-move?); known codes: ` + known},
		{[]string{"--enable", "frobnicate"}, `unknown rule code "frobnicate"; known codes: ` + known},
		{[]string{"--severity", "tag-missing"}, `severity "tag-missing": want CODE=LEVEL, e.g. tag-missing=info`},
		{[]string{"--severity", "tag-missing=fatal"}, `severity "fatal" for tag-missing: want info, warning, error or off`},
		{[]string{"--severity", "tagmissing=info"}, `unknown rule code "tagmissing" (did you mean tag-missing?); known codes: ` + known},
		{[]string{"--disable"}, `rule setting --disable needs a value`},
		{[]string{"--ignore", "x"}, `rule setting "--ignore": want --enable, --disable or --severity`},
		{[]string{"disable", "x"}, `rule setting "disable": want --enable, --disable or --severity`},
	}
	for _, tt := range tests {
		_, err := parseConfig(tt.args)
		if err == nil || err.Error() != tt.err {
			t.Errorf("%q: error %v\nwant %s", tt.args, err, tt.err)
		}
	}
}

func TestParseProfile(t *testing.T) {
	for in, want := range map[string]Profile{"fide": FIDE, "FIDE2009": FIDE2009, " ussr ": USSR} {
		p, err := ParseProfile(in)
		if err != nil || p != want {
			t.Errorf("ParseProfile(%q) = %v, %v", in, p, err)
		}
	}
	for p, want := range map[Profile]string{FIDE: "fide", FIDE2009: "fide2009", USSR: "ussr", 9: "unknown"} {
		if p.String() != want {
			t.Errorf("%d.String() = %q", p, p.String())
		}
	}
	_, err := ParseProfile("uscf")
	if err == nil || err.Error() != `unknown rule profile "uscf"; known profiles: fide, fide2009, ussr` {
		t.Errorf("error %v", err)
	}
}

// Canonical is the same for flags that mean the same, and says what they
// mean in sorted lists.
func TestConfigCanonical(t *testing.T) {
	type flags struct{ enable, disable, severity []string }
	type canon struct{ disable, enable, severity string }
	tests := []struct {
		name string
		same []flags
		want canon
	}{
		{"none", []flags{{}, {enable: []string{"tag-missing"}}, {severity: []string{"tag-format=warning"}}, {enable: []string{"all"}}},
			canon{}},
		{"two codes off", []flags{
			{disable: []string{"tag-missing,tag-format"}},
			{disable: []string{"tag-format", "TAG-MISSING"}},
			{disable: []string{" tag-format ,", "tag-missing", "tag-format"}},
			{severity: []string{"tag-missing=off", "tag-format=OFF"}},
			{disable: []string{"tag-missing"}, severity: []string{"tag-format=off", "tag-missing=off"}},
		}, canon{disable: "tag-format,tag-missing"}},
		{"all off but two", []flags{
			{disable: []string{"all"}, enable: []string{"illegal-move,syntax"}},
			{disable: []string{"ALL", "tag-missing"}, enable: []string{"syntax", "illegal-move"}},
			{enable: []string{"syntax"}, disable: []string{"all"}, severity: []string{"illegal-move=error"}},
		}, canon{disable: "all", enable: "illegal-move,syntax"}},
		{"severities", []flags{
			{severity: []string{"tag-missing=info,fivefold-repetition=error"}},
			{severity: []string{"Fivefold-Repetition=ERROR", "tag-missing=info"}},
			{severity: []string{"tag-missing=error", "tag-missing=info", "fivefold-repetition=error", "tag-format=warning"}},
		}, canon{severity: "fivefold-repetition=error,tag-missing=info"}},
	}
	for _, tt := range tests {
		for _, f := range tt.same {
			c, err := ConfigFromFlags(f.enable, f.disable, f.severity)
			if err != nil {
				t.Errorf("%s: %+v: %v", tt.name, f, err)
				continue
			}
			d, e, s := c.Canonical()
			got := canon{strings.Join(d, ","), strings.Join(e, ","), strings.Join(s, ",")}
			if got != tt.want {
				t.Errorf("%s: %+v: Canonical = %+v, want %+v", tt.name, f, got, tt.want)
			}
		}
	}
}

func TestParseSeverity(t *testing.T) {
	for in, want := range map[string]Severity{"info": Info, "warning": Warning, "warn": Warning, "error": Error} {
		if got, ok := ParseSeverity(in); !ok || got != want {
			t.Errorf("ParseSeverity(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "Warning", "warnings", "err", "fatal"} {
		if got, ok := ParseSeverity(in); ok {
			t.Errorf("ParseSeverity(%q) = %v, read; want refused", in, got)
		}
	}
}
