package arbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/arbiter-chess/arbiter/beam/shard"
	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// Manifest is DIR/manifest.json of a Beam run. Its version, schema and
// inputs have the keys of `arbiter check`'s manifest (pipeline.Manifest
// reads it); an input's files are the parts that hold rows of it, which
// hold rows of other inputs too. Parts lists the files with their rows.
type Manifest struct {
	Version int    `json:"version"`
	Schema  string `json:"schema"`
	Runner  string `json:"runner"` // "beam"
	// Options are the options of the check that change the rows, as
	// `arbiter check` records them (pipeline.RunOptions).
	Options  *pipeline.RunOptions `json:"options"`
	Games    int64                `json:"games"`
	Findings int64                `json:"findings"`
	Moves    int64                `json:"moves"`
	Inputs   []ManifestInput      `json:"inputs"`
	Parts    []ManifestPart       `json:"parts"`
}

// ManifestInput is one input: the command line's keys, and how many shards
// it was read in.
type ManifestInput struct {
	pipeline.ManifestInput
	Shards int `json:"shards"`
}

// ManifestPart is one part-NNNNN of every table.
type ManifestPart struct {
	Files    []string `json:"files"`
	Games    int64    `json:"games"`
	Findings int64    `json:"findings"`
	Moves    int64    `json:"moves"`
}

// finalizeFn publishes the parts the committed bundles reported and writes
// the manifest. It may run more than once (a runner retries it); each run
// ends with the same files.
type finalizeFn struct {
	Output string
	Moves  bool
	Run    pipeline.RunOptions // the manifest's options
	Inputs []shard.Input
}

func (fn *finalizeFn) ProcessElement(ctx context.Context, _ int, results func(*Result) bool) error {
	var parts []Result
	type key struct{ input, shard int }
	seen := map[key]bool{}
	byInput := make([]ManifestInput, len(fn.Inputs))
	for i, in := range fn.Inputs {
		m := &byInput[i]
		m.Number, m.Path, m.Size = in.Number, in.Path, in.Size
		if in.ModTime != 0 {
			m.ModTime = time.Unix(0, in.ModTime).UTC()
		}
		m.Files = []string{}
	}
	var r Result
	for results(&r) {
		if r.Part {
			parts = append(parts, r)
			continue
		}
		if r.Input < 0 || r.Input >= len(byInput) {
			return fmt.Errorf("a shard of input %d, which the run does not have", r.Input)
		}
		k := key{r.Input, r.Shard}
		if seen[k] {
			// Committed twice would mean its rows are in two parts.
			return fmt.Errorf("internal error: shard %d of %s reported twice", r.Shard, fn.Inputs[r.Input].Path)
		}
		seen[k] = true
		m := &byInput[r.Input]
		m.Games += r.Games
		m.Findings += r.Findings
		m.Moves += r.Moves
		m.Shards++
		if r.InputErr != "" && m.Error == "" {
			m.Error = r.InputErr
		}
	}
	// Every game is in one part, so the first games order the parts the
	// same way whatever the bundles were.
	slices.SortFunc(parts, func(a, b Result) int {
		if a.FirstInput != b.FirstInput {
			return a.FirstInput - b.FirstInput
		}
		return int(a.FirstGame - b.FirstGame)
	})
	tables := Tables(fn.Moves)
	run := fn.Run
	man := Manifest{Version: table.ManifestVersion, Schema: table.Version, Runner: "beam", Options: &run, Parts: []ManifestPart{}}
	for i, p := range parts {
		ins := slices.Compact(slices.Sorted(slices.Values(p.Inputs)))
		if len(p.Rows) != len(tables) {
			return fmt.Errorf("internal error: part %s has %d tables, want %d", p.ID, len(p.Rows), len(tables))
		}
		mp := ManifestPart{}
		for j, t := range tables {
			name := partName(i)
			if err := publish(filepath.Join(fn.Output, t, tmpName(p.ID)), filepath.Join(fn.Output, t, name)); err != nil {
				return err
			}
			rel := t + "/" + name
			mp.Files = append(mp.Files, rel)
			switch t {
			case table.GamesDir:
				mp.Games = p.Rows[j]
			case table.FindingsDir:
				mp.Findings = p.Rows[j]
			case table.MovesDir:
				mp.Moves = p.Rows[j]
			}
			for _, in := range ins {
				if in >= 0 && in < len(byInput) {
					byInput[in].Files = append(byInput[in].Files, rel)
				}
			}
		}
		man.Parts = append(man.Parts, mp)
		man.Games += mp.Games
		man.Findings += mp.Findings
		man.Moves += mp.Moves
	}
	if err := clean(fn.Output, len(parts)); err != nil {
		return err
	}
	for i := range byInput {
		m := &byInput[i]
		if m.Shards == 0 && m.Error == "" {
			m.Error = "no shard of it was read"
		}
		m.Completed = m.Error == "" && m.Shards == fn.Inputs[i].Shards
	}
	man.Inputs = byInput
	return writeManifest(fn.Output, &man)
}

func partName(i int) string { return fmt.Sprintf("part-%05d.parquet", i) }

// publish renames a part's temporary file into place. A temporary file
// already gone with its final file there was published by an earlier run of
// finalize.
func publish(tmp, final string) error {
	err := os.Rename(tmp, final)
	if errors.Is(err, fs.ErrNotExist) {
		if _, serr := os.Stat(final); serr == nil {
			return nil
		}
	}
	return err
}

var (
	partFile = regexp.MustCompile(`^part-(\d{5,})\.parquet$`)
	cliFile  = regexp.MustCompile(`^\d{5,}-.*\.parquet$`)
	tmpFile  = regexp.MustCompile(`^\..*\.tmp$`)
)

// clean removes from the table directories the temporary files of attempts
// that were not committed and the parts numbered n or more (left by an
// earlier run into the same directory), so that a glob reads each game once.
func clean(dir string, n int) error {
	var errs []error
	for _, t := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		entries, err := os.ReadDir(filepath.Join(dir, t))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			stale := tmpFile.MatchString(name) || cliFile.MatchString(name)
			if m := partFile.FindStringSubmatch(name); m != nil {
				k, err := strconv.Atoi(m[1])
				stale = err != nil || k >= n
			}
			if stale {
				if err := os.Remove(filepath.Join(dir, t, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
					errs = append(errs, err)
				}
			}
		}
	}
	return errors.Join(errs...)
}

// Prepare makes the output directory and its table directories and removes
// what an earlier run wrote there (parts, the command line's files,
// temporary files, the manifest), as `arbiter check --out` does without
// --resume.
func Prepare(dir string, moves bool) error {
	for _, t := range Tables(moves) {
		if err := os.MkdirAll(filepath.Join(dir, t), 0o755); err != nil {
			return err
		}
	}
	if err := clean(dir, 0); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(dir, table.ManifestName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// writeManifest writes DIR/manifest.json under a temporary name first, so
// that a reader sees the old manifest or the new one.
func writeManifest(dir string, m *Manifest) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, ".manifest.json.tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, table.ManifestName))
}

// LoadManifest reads the manifest of a Beam run.
func LoadManifest(dir string) (*Manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, table.ManifestName))
	if err != nil {
		return nil, err
	}
	m := &Manifest{}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s: %w", table.ManifestName, err)
	}
	return m, nil
}
