package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/arbiter-chess/arbiter/validate"
)

// TestREADMEDocumentsCodes keeps the README's code table and the catalogue
// in step: every code appears once, with its default severity, as a row of
// the one table under the heading (a blank line ends a Markdown table: the
// rows after it show as text).
func TestREADMEDocumentsCodes(t *testing.T) {
	readme := readREADME(t)
	const head = "| code | severity | when |\n"
	at := strings.Index(readme, "## Finding codes")
	if at < 0 || !strings.Contains(readme[at:], head) {
		t.Fatal("README has no table of finding codes")
	}
	table := readme[at+strings.Index(readme[at:], head):]
	if end := strings.Index(table, "\n\n"); end >= 0 {
		table = table[:end+1]
	}
	for _, r := range validate.Catalogue {
		if !strings.Contains(table, "\n| `"+string(r.Code)+"` | ") {
			t.Errorf("%s is not a row of the table of finding codes", r.Code)
		}
	}
	for _, r := range validate.Catalogue {
		row := "| `" + string(r.Code) + "` | "
		i := strings.Index(readme, row)
		if i < 0 {
			t.Errorf("README has no row for %s", r.Code)
			continue
		}
		sev := readme[i+len(row):]
		sev = sev[:strings.Index(sev, " |")]
		if !strings.HasPrefix(sev, r.Severity.String()) {
			t.Errorf("README gives %s the severity %q, the catalogue %s", r.Code, sev, r.Severity)
		}
	}
}

// TestREADMEDocumentsFlags: every flag of every command is in the README.
func TestREADMEDocumentsFlags(t *testing.T) {
	readme := readREADME(t)
	for _, mk := range subcommands {
		cmd := mk()
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" {
				return
			}
			if !strings.Contains(readme, "--"+f.Name) && (f.Shorthand == "" || !strings.Contains(readme, "-"+f.Shorthand+" ")) {
				t.Errorf("README does not document %s --%s", cmd.Name(), f.Name)
			}
		})
		if !strings.Contains(readme, "arbiter "+cmd.Name()) {
			t.Errorf("README does not show arbiter %s", cmd.Name())
		}
	}
}

func readREADME(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
