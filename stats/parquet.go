package stats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"golang.org/x/sync/errgroup"

	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/validate"
)

// readBatchRows is the number of rows read at a time: memory stays flat
// whatever the size of the files. Tests lower it to cross batch boundaries.
var readBatchRows int64 = 16 * 1024

// The columns read, by table.
var (
	gamesColumns = []string{"file", "game", "event", "white_elo", "black_elo", "result", "notation",
		"encoding", "plies", "computed_end", "computed_result", "threefold_ply", "fifty_move_ply",
		"fivefold_ply", "seventy_five_ply", "time_category", "time_forfeit"}
	findingsColumns = []string{"file", "game", "code", "severity"}
)

// readsVersions are the schema versions (table.Version) whose tables stats
// reads: the current one, 3, and 1 and 2, which differ from it only by the
// type of the line columns (int32 in 1) and of the findings' column (int32
// in 1 and 2), and by the games' date_year (added in 3), none of which
// stats reads. So the output of an older arbiter
// is still summed, alone or with newer output.
var readsVersions = []string{"1", "2", table.Version}

// ReadParquet reads the games and findings tables that `arbiter check --out`
// wrote into each DIR (DIR/games/*.parquet and DIR/findings/*.parquet) into
// one Aggregate, so that outputs of several runs or machines make one report.
// It reads a batch of rows at a time, and several files at once.
//
// A directory with a manifest.json (arbiter check's, or arbiter-beam's) is
// read by it: only the files it lists, so that a run in progress, or one
// killed between the renames of an input's tables, never makes a reader
// pair files wrongly or fail; see ReadParquetLogged. A directory without
// one (written by hand, or before manifests) is read by its files.
func ReadParquet(dirs ...string) (*Aggregate, error) {
	return ReadParquetLogged(nil, dirs...)
}

// ReadParquetLogged is ReadParquet, and calls ignored (when not nil) with
// each table file in a directory that its manifest does not list and so is
// left out (an input being written, or renamed, as it is read).
func ReadParquetLogged(ignored func(path string), dirs ...string) (*Aggregate, error) {
	return readParquet(0, ignored, dirs...)
}

// readParquet is ReadParquetLogged with files and events itemised up to
// limit (0: maxGroups). When the files or the events pass it, the tables
// are read again to rank them all (rankGroups).
func readParquet(limit int, ignored func(path string), dirs ...string) (*Aggregate, error) {
	inputs, empty, err := parquetInputs(dirs, ignored)
	if err != nil {
		return nil, err
	}
	agg, err := readInputs(inputs, func(a *Aggregate) { a.files.limit, a.events.limit = limit, limit })
	if err != nil {
		return nil, err
	}
	for _, which := range []func(*Aggregate) *groups{
		func(a *Aggregate) *groups { return &a.files },
		func(a *Aggregate) *groups { return &a.events },
	} {
		if which(agg).other.games > 0 {
			if err := rankGroups(inputs, agg, which); err != nil {
				return nil, err
			}
		}
	}
	for _, name := range empty {
		agg.AddFile(name)
	}
	return agg, nil
}

// readInputs reads inputs into one Aggregate, each worker's set up by setup.
// Each worker reads a fixed share of the inputs and the shares are merged
// in order, so that the result does not depend on timing.
func readInputs(inputs []tablePair, setup func(*Aggregate)) (*Aggregate, error) {
	workers := max(1, min(runtime.GOMAXPROCS(0), len(inputs)))
	parts := make([]Aggregate, workers)
	var eg errgroup.Group
	for w := range parts {
		setup(&parts[w])
		eg.Go(func() error {
			r := &pairReader{agg: &parts[w]}
			for i := w; i < len(inputs); i += workers {
				if err := r.read(inputs[i]); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	agg := &parts[0]
	for i := 1; i < len(parts); i++ {
		agg.Merge(&parts[i])
	}
	return agg, nil
}

// tablePair is one input's games file and its findings file. rename, when
// not nil, gives the name under which the games of a file (as the file
// column holds it) are counted: that of the directory's inputs whose path
// another directory read lists too (see sharedPaths).
type tablePair struct {
	games, findings string
	rename          map[string]string
}

// dirManifest is what stats reads of a manifest: the files of each input
// (arbiter check) and of each part (arbiter-beam, whose inputs list them
// too), relative to the directory, with '/' separators.
type dirManifest struct {
	Inputs []struct {
		Files []string `json:"files"`
		// An input read whole that held no game has no rows to name it:
		// the report lists it from here, with 0 games.
		Path      string `json:"path"`
		Games     int64  `json:"games"`
		Completed bool   `json:"completed"`
	} `json:"inputs"`
	Parts []struct {
		Files []string `json:"files"`
	} `json:"parts"`
}

// listedFiles returns the files dir's manifest lists, as a set of
// '/'-separated paths relative to dir, or nil when dir has no manifest, and
// the inputs it read whole that held no game, as the file column names them.
func listedFiles(dir string) (listed map[string]bool, empty []string, err error) {
	m, err := readDirManifest(dir)
	if m == nil || err != nil {
		return nil, nil, err
	}
	listed = map[string]bool{}
	for _, in := range m.Inputs {
		for _, f := range in.Files {
			listed[path.Clean(f)] = true
		}
		if in.Completed && in.Games == 0 && in.Path != "" {
			empty = append(empty, in.Path)
		}
	}
	for _, p := range m.Parts {
		for _, f := range p.Files {
			listed[path.Clean(f)] = true
		}
	}
	return listed, empty, nil
}

// readDirManifest reads dir's manifest, nil when it has none.
func readDirManifest(dir string) (*dirManifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, table.ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m dirManifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, table.ManifestName), err)
	}
	return &m, nil
}

// sharedPaths returns, for each of several directories, the input paths
// its manifest lists that the manifest of another lists too, each mapped
// to the name its games are counted under: "PATH in DIR". Two runs (on two
// machines, say) that each read their own games.pgn are two inputs, which
// the report's files would otherwise sum into one row; the same file read
// by both is named apart too (a warning says its games count twice). A
// directory without a manifest, whose paths are not known before its
// tables are read, keeps its names.
func sharedPaths(dirs []string) (map[string]map[string]string, error) {
	if len(dirs) < 2 {
		return nil, nil
	}
	paths := make([][]string, len(dirs))
	inDirs := map[string]int{}
	for i, dir := range dirs {
		m, err := readDirManifest(dir)
		if err != nil {
			return nil, err
		}
		if m == nil {
			continue
		}
		seen := map[string]bool{}
		for _, in := range m.Inputs {
			if in.Path != "" && !seen[in.Path] {
				seen[in.Path] = true
				paths[i] = append(paths[i], in.Path)
				inDirs[in.Path]++
			}
		}
	}
	var out map[string]map[string]string
	for i, dir := range dirs {
		for _, p := range paths[i] {
			if inDirs[p] < 2 {
				continue
			}
			if out == nil {
				out = map[string]map[string]string{}
			}
			if out[dir] == nil {
				out[dir] = map[string]string{}
			}
			out[dir][p] = p + " in " + dir
		}
	}
	return out, nil
}

// tablesDir says what dir is when it is not a directory check --out
// wrote: a user new to arbiter names the games themselves, or a report.
func tablesDir(dir string) error {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such directory", dir)
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s: a file, not a directory: stats reads the directory arbiter check --out DIR wrote (for a report on games files, arbiter check --report report.html FILE...)", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, table.GamesDir)); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: no %s directory: not written by arbiter check --out (for a report on the games in it, arbiter check --report report.html %s)", dir, table.GamesDir, dir)
		}
		return err
	}
	return nil
}

// parquetInputs lists the games files of the directories with their
// findings files, which must exist; in a directory with a manifest, only
// those it lists (the others are passed to ignored).
func parquetInputs(dirs []string, ignored func(string)) (out []tablePair, empty []string, err error) {
	if len(dirs) == 0 {
		return nil, nil, errors.New("no directory to read")
	}
	shared, err := sharedPaths(dirs)
	if err != nil {
		return nil, nil, err
	}
	for _, dir := range dirs {
		rename := shared[dir]
		if err := tablesDir(dir); err != nil {
			return nil, nil, err
		}
		listed, none, err := listedFiles(dir)
		if err != nil {
			return nil, nil, err
		}
		for _, name := range none {
			if r, ok := rename[name]; ok {
				name = r
			}
			empty = append(empty, name)
		}
		// Temporary files of a run in progress end in .tmp: the glob skips them.
		games, err := filepath.Glob(filepath.Join(dir, table.GamesDir, "*.parquet"))
		if err != nil {
			return nil, nil, err
		}
		if listed == nil {
			for _, g := range games {
				f := filepath.Join(dir, table.FindingsDir, filepath.Base(g))
				if _, err := os.Stat(f); err != nil {
					return nil, nil, fmt.Errorf("%s has no findings table beside it: %w", g, err)
				}
				out = append(out, tablePair{g, f, nil})
			}
			continue
		}
		// The manifest lists an input's files once all of them are in
		// place, and the others are files being written or replaced.
		if ignored != nil {
			findings, err := filepath.Glob(filepath.Join(dir, table.FindingsDir, "*.parquet"))
			if err != nil {
				return nil, nil, err
			}
			for _, f := range append(games, findings...) {
				if !listed[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] {
					ignored(f)
				}
			}
		}
		var names []string
		for f := range listed {
			if t, name, ok := strings.Cut(f, "/"); ok && t == table.GamesDir && !strings.Contains(name, "/") {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		for _, name := range names {
			g, f := filepath.Join(dir, table.GamesDir, name), filepath.Join(dir, table.FindingsDir, name)
			if !listed[table.FindingsDir+"/"+name] {
				return nil, nil, fmt.Errorf("%s lists %s but not its findings table %s", filepath.Join(dir, table.ManifestName), g, f)
			}
			for _, p := range []string{g, f} {
				if _, err := os.Stat(p); err != nil {
					return nil, nil, fmt.Errorf("%s, listed in %s, cannot be read: %w", p, filepath.Join(dir, table.ManifestName), err)
				}
			}
			out = append(out, tablePair{g, f, rename})
		}
	}
	return out, empty, nil
}

// pairReader reads inputs into agg, reusing its buffers from one input to
// the next.
type pairReader struct {
	agg      *Aggregate
	findings []validate.Finding
	codes    map[string]validate.Code // codes not in the catalogue, copied once
}

func (r *pairReader) read(p tablePair) error {
	games, err := openTable(p.games, gamesColumns)
	if err != nil {
		return err
	}
	defer games.close()
	fr, err := openTable(p.findings, findingsColumns)
	if err != nil {
		return err
	}
	defer fr.close()
	cur := findingCursor{t: fr, r: r}

	var g Game
	for games.rr.Next() {
		rec := games.rr.RecordBatch()
		c, err := gamesColumnsOf(rec)
		if err != nil {
			return fmt.Errorf("%s: %w", p.games, err)
		}
		for i := range int(rec.NumRows()) {
			if err := c.fill(&g, i); err != nil {
				return fmt.Errorf("%s: row of game %d: %w", p.games, c.game.at(i), err)
			}
			r.findings, err = cur.collect(g.File, c.game.at(i), r.findings[:0])
			if err != nil {
				return fmt.Errorf("%s: %w", p.findings, err)
			}
			g.Findings = r.findings
			if name, ok := p.rename[g.File]; ok {
				g.File = name
			}
			r.agg.Add(&g)
		}
	}
	if err := games.rr.Err(); err != nil {
		return fmt.Errorf("%s: %w", p.games, err)
	}
	if err := cur.rest(); err != nil {
		return fmt.Errorf("%s: %w", p.findings, err)
	}
	return nil
}

// parquetTable is an open file read a batch at a time.
type parquetTable struct {
	f  *file.Reader
	rr pqarrow.RecordReader
}

// openTable opens a table file written by this schema version for reading
// the named columns.
func openTable(path string, columns []string) (*parquetTable, error) {
	f, err := file.OpenParquetFile(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t := &parquetTable{f: f}
	if err := t.open(columns); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func (t *parquetTable) open(columns []string) error {
	md := t.f.MetaData()
	v := md.KeyValueMetadata().FindValue("arbiter.schema")
	switch {
	case v == nil:
		return errors.New("not an arbiter table (no arbiter.schema in its metadata)")
	case !slices.Contains(readsVersions, *v):
		last := len(readsVersions) - 1
		return fmt.Errorf("schema version %s; this arbiter reads versions %s and %s", *v, strings.Join(readsVersions[:last], ", "), readsVersions[last])
	}
	var leaves []int
	for _, name := range columns {
		i := md.Schema.ColumnIndexByName(name)
		if i < 0 {
			return fmt.Errorf("no column %s", name)
		}
		leaves = append(leaves, i)
	}
	fr, err := pqarrow.NewFileReader(t.f, pqarrow.ArrowReadProperties{BatchSize: readBatchRows}, memory.DefaultAllocator)
	if err != nil {
		return err
	}
	t.rr, err = fr.GetRecordReader(context.Background(), leaves, nil)
	return err
}

func (t *parquetTable) close() {
	if t.rr != nil {
		t.rr.Release()
	}
	t.f.Close()
}

// findingCursor walks the findings table beside the games table. Both are
// in the same order of games, so the findings of each game are the rows
// that follow with its file and game index; a row that matches no game is
// left at the end.
type findingCursor struct {
	t   *parquetTable
	r   *pairReader
	rec arrow.RecordBatch // current batch; nil before the first and after the last
	row int
	c   findingsCols
	end bool
}

// next makes the cursor's row valid, reading a batch when needed; false at
// the end of the table.
func (fc *findingCursor) next() (bool, error) {
	for fc.rec == nil || fc.row >= int(fc.rec.NumRows()) {
		if fc.end || !fc.t.rr.Next() {
			fc.end, fc.rec = true, nil
			return false, fc.t.rr.Err()
		}
		fc.rec, fc.row = fc.t.rr.RecordBatch(), 0
		var err error
		if fc.c, err = findingsColumnsOf(fc.rec); err != nil {
			return false, err
		}
	}
	return true, nil
}

// collect appends the findings of game index of file to out.
func (fc *findingCursor) collect(file string, index int64, out []validate.Finding) ([]validate.Finding, error) {
	for {
		ok, err := fc.next()
		if !ok || err != nil {
			return out, err
		}
		if f, _ := fc.c.file.at(fc.row); f != file || fc.c.game.at(fc.row) != index {
			return out, nil
		}
		f, err := fc.finding(fc.row)
		if err != nil {
			return out, fmt.Errorf("finding of game %d: %w", index, err)
		}
		out = append(out, f)
		fc.row++
	}
}

// rest fails when a finding is left after the last game: it matched none.
func (fc *findingCursor) rest() error {
	ok, err := fc.next()
	if ok {
		file, _ := fc.c.file.at(fc.row)
		return fmt.Errorf("a finding of %s, which is not in the games table (or not in its order)",
			table.GameID(Printable(file), int(fc.c.game.at(fc.row))))
	}
	return err
}

// finding reads the code and severity of row i. Codes point into the batch,
// which is released after it is read: they are replaced by the catalogue's
// constants, or copied once.
func (fc *findingCursor) finding(i int) (validate.Finding, error) {
	code, _ := fc.c.code.at(i)
	sevName, _ := fc.c.severity.at(i)
	sev, ok := validate.ParseSeverity(sevName)
	if !ok {
		return validate.Finding{}, fmt.Errorf("unknown severity %q", sevName)
	}
	return validate.Finding{Code: fc.r.intern(code), Severity: sev}, nil
}

func (r *pairReader) intern(code string) validate.Code {
	for i := range validate.Catalogue {
		if string(validate.Catalogue[i].Code) == code {
			return validate.Catalogue[i].Code
		}
	}
	if c, ok := r.codes[code]; ok {
		return c
	}
	if r.codes == nil {
		r.codes = map[string]validate.Code{}
	}
	c := validate.Code(string([]byte(code)))
	r.codes[string(c)] = c
	return c
}
