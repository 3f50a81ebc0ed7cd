package pipeline

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// Manifest lists the inputs of a Parquet output directory and what each
// gave. It is rewritten (to a temporary name, then renamed) while a run goes
// on and when it ends, so that it always describes files that exist; the
// files of an input ended since the last rewrite are not listed yet
// (ParquetSink).
type Manifest struct {
	Version int    `json:"version"`
	Schema  string `json:"schema"` // table.Version of the files
	// Runner names the program that wrote a manifest other than arbiter
	// check's own ("beam" for arbiter-beam); --resume refuses such a one.
	Runner string `json:"runner,omitempty"`
	// Options are the options of the run that change its rows; --resume
	// continues only a run made under the same ones. A manifest written
	// before arbiter recorded them has none (nil).
	Options *RunOptions     `json:"options,omitempty"`
	Inputs  []ManifestInput `json:"inputs"`
}

// ManifestInput is one input and the files written from it.
type ManifestInput struct {
	// Number is the input's place in the directory, the NNNNN prefix of its
	// files; it stays the same when a resumed run writes the input again.
	Number int `json:"number"`
	// Path is the path as given; in manifest.json, as the file column of
	// its rows holds it (ColumnPath), and when that is not the path itself
	// (a name that is not UTF-8), PathEscaped keeps the real one.
	Path string `json:"path"`
	// PathEscaped is, in manifest.json only, Path escaped (escapePath) when
	// it is not valid UTF-8, so that --resume finds the file again;
	// LoadManifest puts the real path back into Path and clears it.
	PathEscaped string `json:"path_escaped,omitempty"`
	// Abs is the path made absolute by the run that read the input, by
	// which --resume finds the file from another working directory: Path
	// is relative to that run's. Empty for a stream, for a path that is
	// not UTF-8 and in a manifest written before arbiter recorded it.
	Abs     string    `json:"abs,omitempty"`
	Size    int64     `json:"size"` // bytes on disk when it was read, -1 for stdin
	ModTime time.Time `json:"mtime"`

	Games    int64 `json:"games"`
	Findings int64 `json:"findings"`
	Moves    int64 `json:"moves"`

	// Files are the Parquet files written from it, relative to the
	// directory, with '/' separators ("games/00003-a.pgn.parquet"), part
	// by part for an input of several ("games/00003-a.pgn.part00002.parquet"
	// after the first's); empty (written [], not null) for an input that
	// left none.
	Files []string `json:"files"`
	// Completed says the input was read to its end and every file written.
	Completed bool `json:"completed"`
	// Error is why the input was not read to its end; its files then hold
	// the games read before the failure.
	Error string `json:"error,omitempty"`
	// Content is the sum of the bytes read from the input (ContentSum),
	// by which arbiter stats and check tell inputs of the same content
	// under other names. It is written for an input with files, and is
	// absent (nil) from the manifest of an arbiter older than it, from
	// an entry without files, and from arbiter-beam's: the key is new
	// within ManifestVersion 1, which an older arbiter reads by ignoring
	// it, and without it an input is simply compared with none.
	Content *ContentSum `json:"content,omitempty"`
}

// LoadManifest reads DIR/manifest.json. A missing manifest is an error that
// satisfies errors.Is(err, fs.ErrNotExist).
func LoadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, table.ManifestName))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, table.ManifestName), err)
	}
	if m.Version != table.ManifestVersion {
		return nil, fmt.Errorf("%s: manifest version %d, this arbiter reads version %d",
			filepath.Join(dir, table.ManifestName), m.Version, table.ManifestVersion)
	}
	for i := range m.Inputs {
		in := &m.Inputs[i]
		if in.PathEscaped != "" {
			p, err := unescapePath(in.PathEscaped)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", filepath.Join(dir, table.ManifestName), err)
			}
			in.Path, in.PathEscaped = p, ""
		}
	}
	if m.Options != nil {
		// Options without "moves" (an arbiter before it was recorded): the
		// moves table was written if an input has a moves file.
		var raw struct {
			Options struct {
				Moves *bool `json:"moves"`
			} `json:"options"`
		}
		if json.Unmarshal(b, &raw) == nil && raw.Options.Moves == nil {
			for i := range m.Inputs {
				if m.Inputs[i].has(table.MovesDir) {
					m.Options.Moves = true
				}
			}
		}
	}
	return &m, nil
}

// Complete says whether the input at path was completed when it had this
// size and modification time, that is whether a resumed run may skip it.
// Standard input is never complete: it cannot be read again to compare.
func (m *Manifest) Complete(path string, size int64, mtime time.Time) bool {
	in := m.Input(path)
	return in != nil && path != Stdin && in.Completed && in.Size == size && in.ModTime.Equal(mtime)
}

// Input returns the last entry for path, or nil.
func (m *Manifest) Input(path string) *ManifestInput {
	for i := len(m.Inputs) - 1; i >= 0; i-- {
		if m.Inputs[i].Path == path {
			return &m.Inputs[i]
		}
	}
	return nil
}

// has says whether the entry lists a file of the named table.
func (in *ManifestInput) has(tableName string) bool {
	for _, f := range in.Files {
		if filepath.Dir(filepath.FromSlash(f)) == tableName {
			return true
		}
	}
	return false
}

// save writes the manifest to a temporary file beside it, syncs it and
// renames it over the old one, so that a reader never sees half of it.
func (m *Manifest) save(dir string) error {
	for i := range m.Inputs {
		if m.Inputs[i].Files == nil {
			m.Inputs[i].Files = []string{} // "files": [], never null
		}
	}
	out := *m
	out.Inputs = slices.Clone(m.Inputs)
	for i := range out.Inputs {
		in := &out.Inputs[i]
		if !utf8.ValidString(in.Path) {
			in.Path, in.PathEscaped = ColumnPath(in.Path), escapePath(in.Path)
		}
	}
	b, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	return writeAtomic(filepath.Join(dir, table.ManifestName), b)
}

func writeAtomic(path string, b []byte) error {
	tmp := tempName(path)
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// SharedInput is an input that the manifests of two output directories
// both list, read whole or in part: the same path, size and modification
// time, so in all likelihood the same file checked twice.
type SharedInput struct {
	Path        string // as the manifests record it
	First, Then string // the directories, in the order given
}

// SharedInputs finds the inputs that the manifests of two of dirs both
// list with files. Reading both directories (arbiter stats rA rB) counts
// their games twice, and their game_ids collide, so a caller warns. A
// directory whose manifest cannot be read is passed over: it is read by its
// files, and its reader reports what is wrong. Standard input is never
// shared: two reads of it are two inputs. A pair whose entries both carry
// the same content sum and games is left to SameContentInputs, which
// names it among the inputs of that content: one warning, not two.
func SharedInputs(dirs []string) []SharedInput {
	type key struct {
		path  string
		size  int64
		mtime int64
	}
	type first struct {
		dir     string
		content *sameContentKey
	}
	seen := map[key]first{}
	var out []SharedInput
	for _, dir := range dirs {
		m, err := LoadManifest(dir)
		if err != nil {
			continue
		}
		mine := map[key]bool{} // an input listed twice in one manifest is a resumed one
		for _, in := range m.Inputs {
			if in.Path == Stdin || in.Size < 0 || len(in.Files) == 0 {
				continue
			}
			k := key{in.Path, in.Size, in.ModTime.UnixNano()}
			if mine[k] {
				continue
			}
			mine[k] = true
			var content *sameContentKey
			if in.Content != nil && in.Games > 0 {
				content = &sameContentKey{*in.Content, in.Games}
			}
			if f, ok := seen[k]; ok {
				if f.content == nil || content == nil || *f.content != *content {
					out = append(out, SharedInput{Path: in.Path, First: f.dir, Then: dir})
				}
				continue
			}
			seen[k] = first{dir, content}
		}
	}
	return out
}
