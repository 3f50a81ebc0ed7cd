package validate

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestCorpusTagValues reads every tag-pair line of the shared corpus (lines
// starting with `[Name "`, no PGN parser needed) and checks the tag readers
// against what is known to be in it. The expected counts were established by
// grep over the corpus of 2026-11-29 (see the shapes listed in each case).
func TestCorpusTagValues(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus %s: %v", dir, err)
	}
	var (
		tcHuman                            = map[string]bool{}
		tcUnreadable                       []string
		tcCategories                       = map[string]int{}
		dateForm, dateImpossible           []string
		roundEmpty, roundOther, eloBad     int
		resultUnreadable, resultNonStd     int
		timeTerminations, otherTimeLooking int
	)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			line := sc.Text()
			if !strings.HasPrefix(line, "[") {
				continue
			}
			name, rest, ok := strings.Cut(line[1:], ` "`)
			if !ok {
				continue
			}
			v, _, _ := strings.Cut(rest, `"]`)
			switch name {
			case "TimeControl":
				tc, err := ParseTimeControl(v)
				if err != nil {
					var ok bool
					if tc, ok = readHumanTimeControl(v); ok {
						tcHuman[v] = true
					} else {
						tcUnreadable = append(tcUnreadable, v)
					}
				}
				tcCategories[tc.Category()]++
			case "Date":
				switch msg := dateProblem(v); {
				case msg == "":
				case strings.HasPrefix(msg, "is not in the form"):
					dateForm = append(dateForm, v)
				default:
					dateImpossible = append(dateImpossible, v)
				}
			case "Round":
				switch msg := roundProblem(v); {
				case msg == "":
				case strings.HasPrefix(msg, "is empty"):
					roundEmpty++
				default:
					roundOther++
				}
			case "WhiteElo", "BlackElo":
				if !validElo(v) {
					eloBad++
				}
			case "Result":
				if canon, exact := parser.ReadResult(v); canon == "" {
					resultUnreadable++
				} else if !exact {
					resultNonStd++
				}
			case "Termination":
				kind, _, _ := terminationKind(v)
				if kind == termTime {
					timeTerminations++
				} else if strings.Contains(strings.ToLower(v), "time") {
					otherTimeLooking++
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}

	// Every TimeControl in the corpus is read; three spellings only by the
	// reader of human forms (617 games).
	if len(tcUnreadable) != 0 {
		t.Errorf("unreadable TimeControl values: %q", tcUnreadable)
	}
	var human []string
	for v := range tcHuman {
		human = append(human, v)
	}
	sort.Strings(human)
	want := []string{"15 min. + 10 s. per move", "15 min/game + 10 sec/move",
		"15 minutes + 10 seconds increment per move, starting from move 1"}
	if strings.Join(human, "|") != strings.Join(want, "|") {
		t.Errorf("TimeControl read as human text: %q, want %q", human, want)
	}
	if tcCategories["correspondence"] != 2 || tcCategories[""] != 10 { // two "1/259200", ten "-"
		t.Errorf("categories %v", tcCategories)
	}

	// Dates: 618 not in YYYY.MM.DD form ("1972" 556 times, "2016-05-31",
	// "1972.7.1", "?", ...) and three with a month past 12.
	if len(dateForm) != 618 {
		t.Errorf("%d dates not in form, want 618", len(dateForm))
	}
	sort.Strings(dateImpossible)
	if got := strings.Join(dateImpossible, " "); got != "2012.17.12 2012.20.10 2012.21.10" {
		t.Errorf("impossible dates %q", got)
	}
	// Rounds: 69 empty; 24 like "R9", "Final.1", "2,1", "9A", "5/2".
	if roundEmpty != 69 || roundOther != 24 {
		t.Errorf("rounds: %d empty, %d other; want 69, 24", roundEmpty, roundOther)
	}
	// Elo: "unknown" four times and "???" once; "1500?" is accepted.
	if eloBad != 5 {
		t.Errorf("%d bad Elo values, want 5", eloBad)
	}
	// Result tags: "" 9 times, "?" 6 times, "+--" once; none needs folding.
	if resultUnreadable != 16 || resultNonStd != 0 {
		t.Errorf("results: %d unreadable, %d non-standard; want 16, 0", resultUnreadable, resultNonStd)
	}
	// Terminations on time: lichess "Time forfeit" 5083, "time forfeit" 2,
	// chess.com "X won on time" 148 and "Game drawn by timeout vs
	// insufficient material" 5. No other value mentions time.
	if timeTerminations != 5238 || otherTimeLooking != 0 {
		t.Errorf("terminations on time %d (want 5238), others mentioning time %d", timeTerminations, otherTimeLooking)
	}
}
