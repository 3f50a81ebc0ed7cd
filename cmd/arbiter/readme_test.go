package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/arbiter-chess/arbiter/validate"
)

// TestREADMEDocumentsCodes keeps the README's code table and the catalogue
// in step: every code appears once, with its default severity.
func TestREADMEDocumentsCodes(t *testing.T) {
	readme := readREADME(t)
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
