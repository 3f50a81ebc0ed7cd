package main

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/validate"
)

// TestCheckHelpListsCodes: check --help names every finding code with its
// default severity, so that --disable and --severity can be written from
// it; a code added to the catalogue appears without a change here.
func TestCheckHelpListsCodes(t *testing.T) {
	long := newCheckCmd().Long
	for _, r := range validate.Catalogue {
		want := " " + string(r.Code) + " (" + r.Severity.String() + ")"
		if r.Varies {
			want = " " + string(r.Code) + " (up to " + r.Severity.String() + ")"
		}
		if !strings.Contains(long, want) {
			t.Errorf("check --help does not list %q", want)
		}
	}
	for _, line := range strings.Split(long, "\n") {
		if len(line) > 80 {
			t.Errorf("check --help line over 80 columns: %q", line)
		}
	}
}

// TestCheckHelpListsNotations: the letter sets --notation's help names are
// exactly those it accepts, which its error lists.
func TestCheckHelpListsNotations(t *testing.T) {
	usage := newCheckCmd().Flags().Lookup("notation").Usage
	_, list, ok := strings.Cut(usage, "auto (per game), ")
	if !ok {
		t.Fatalf("--notation usage %q lists no letter sets", usage)
	}
	for _, name := range strings.Split(list, ", ") {
		if _, err := replay.ParseLetterSet(name); err != nil {
			t.Errorf("--notation help names %q: %v", name, err)
		}
	}
	_, err := replay.ParseLetterSet("none-such")
	if err == nil || !strings.Contains(err.Error(), "(want one of "+list+")") {
		t.Errorf("--notation help lists %q; the error for an unknown set: %v", list, err)
	}
}
