package pipeline

import (
	"fmt"
	"hash/crc32"
	"strings"
)

// ContentSum identifies what an input held: the bytes read from it and
// their CRC-32C. It is computed as the bytes stream through the reader
// (countingReader), never by a second read and without holding them.
// CRC-32C (Castagnoli's polynomial), not SHA-256, for its cost: amd64 (SSE
// 4.2) and arm64 compute it in hardware at several gigabytes a second on one
// core, which against the 150 MB the whole-run benchmark reads in a second
// on two cores is a share of a per cent; SHA-256 goes at a tenth of that
// speed or less, a tenth of a second or more of such a run.
//
// It is the sum of the bytes as they are on disk (compressed ones for a
// .pgn.zst), not of the text decompressed from them: what it is for is the
// same file given twice (a copy in another directory, the same archive
// under another name), whose bytes on disk are the same, and those are the
// fewest bytes to sum (a third of the text or less for a zstd archive)
// and pass through one place whatever the compression. The same games
// compressed otherwise, or once plain and once compressed, are not the same
// file: another question, which this does not answer.
//
// A CRC is no proof: two inputs of the same size, games and CRC may differ
// (one chance in four billion by accident, and anyone can make such a pair
// on purpose). What it feeds is a warning, never a decision: nothing is
// left out or merged because of it.
type ContentSum struct {
	// Bytes is how many bytes were read: the size of the input when it was
	// read to its end, and the bytes read before the failure when its read
	// failed part way.
	Bytes  int64  `json:"bytes"`
	CRC32C uint32 `json:"crc32c"` // of those bytes
}

// castagnoli is the CRC-32C table; crc32.Update recognises it and takes
// the hardware instruction where the CPU has one.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// SameContent is a set of inputs that held the same content: the same bytes
// read, CRC-32C and number of games. Each input's games are in the tables
// and the statistics once per input, so a report over them counts the same
// games len(Inputs) times.
type SameContent struct {
	Content ContentSum
	Games   int64 // of each input
	Inputs  []ContentInput
}

// ContentInput is one input of a SameContent.
type ContentInput struct {
	// Dir is the output directory whose manifest lists the input, "" when
	// the inputs are one run's (Summary.SameContent).
	Dir  string
	Path string // as the manifest or the run has it
}

// maxNamedSame is how many inputs a SameContent's message names before it
// counts the rest: a directory of thousands of copies of one file stays
// one line.
const maxNamedSame = 10

// String says which inputs are the same and what follows, in one line
// without a prefix: "a.pgn in rA and b.pgn in rB hold the same content
// (52114 bytes, 120 games each): their games are counted once per input".
// Paths that are not valid UTF-8 are written as the tables hold them
// (ColumnPath).
func (g SameContent) String() string {
	names := make([]string, 0, min(len(g.Inputs), maxNamedSame))
	for _, in := range g.Inputs[:min(len(g.Inputs), maxNamedSame)] {
		name := ColumnPath(in.Path)
		if in.Dir != "" {
			name += " in " + ColumnPath(in.Dir)
		}
		names = append(names, name)
	}
	var list string
	switch {
	case len(g.Inputs) > maxNamedSame:
		list = strings.Join(names, ", ") + fmt.Sprintf(" and %d more inputs", len(g.Inputs)-maxNamedSame)
	case len(names) > 1:
		list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	default:
		list = strings.Join(names, "")
	}
	return fmt.Sprintf("%s hold the same content (%s, %s each): their games are counted once per input",
		list, plural(g.Content.Bytes, "byte", "bytes"), plural(g.Games, "game", "games"))
}

// sameContentKey is what inputs must share to be taken for the same
// content: the sum, and the games read, which tie it to what the tables
// hold.
type sameContentKey struct {
	ContentSum
	games int64
}

// contentGroups gathers inputs by sameContentKey, in the order added.
type contentGroups struct {
	index  map[sameContentKey]int
	groups []SameContent
}

// add notes an input with rows. One without games is passed over: its
// copies add nothing to what a report counts, and empty inputs are all
// alike.
func (c *contentGroups) add(sum ContentSum, games int64, in ContentInput) {
	if games <= 0 {
		return
	}
	k := sameContentKey{sum, games}
	if c.index == nil {
		c.index = map[sameContentKey]int{}
	}
	i, ok := c.index[k]
	if !ok {
		i = len(c.groups)
		c.index[k] = i
		c.groups = append(c.groups, SameContent{Content: sum, Games: games})
	}
	c.groups[i].Inputs = append(c.groups[i].Inputs, in)
}

// result returns the sets of two inputs or more, in the order of their
// first input.
func (c *contentGroups) result() []SameContent {
	var out []SameContent
	for _, g := range c.groups {
		if len(g.Inputs) > 1 {
			out = append(out, g)
		}
	}
	return out
}

// addManifest notes the inputs of m, the manifest of dir, that have rows
// and a content sum. A manifest written before arbiter recorded the sums
// has none, and adds nothing: no warning rather than a guess.
func (c *contentGroups) addManifest(dir string, m *Manifest) {
	for _, in := range m.Inputs {
		if in.Content == nil || len(in.Files) == 0 {
			continue
		}
		c.add(*in.Content, in.Games, ContentInput{Dir: dir, Path: in.Path})
	}
}

// SameContent returns the inputs of the manifest that held the same
// content (see SameContent), as the directory holds them: dir names the
// directory in each.
func (m *Manifest) SameContent(dir string) []SameContent {
	var c contentGroups
	c.addManifest(dir, m)
	return c.result()
}

// SameContentInputs returns the inputs that the manifests of dirs list with
// rows and that held the same content, within a directory and across
// them: arbiter stats over them counts their games once per input. Each
// input names its directory when there are several. A directory whose
// manifest cannot be read is passed over, as SharedInputs does.
func SameContentInputs(dirs []string) []SameContent {
	var c contentGroups
	eachManifest(dirs, c.addManifest)
	return c.result()
}

// eachManifest calls fn with the manifest of each of dirs that can be read
// and the name its inputs are given: the directory, or "" when it is the
// only one.
func eachManifest(dirs []string, fn func(dir string, m *Manifest)) {
	for _, dir := range dirs {
		m, err := LoadManifest(dir)
		if err != nil {
			continue
		}
		if len(dirs) == 1 {
			dir = ""
		}
		fn(dir, m)
	}
}

// Copies counts the inputs of the sets beyond the first of each: those
// whose games are counted again.
func Copies(groups []SameContent) int {
	n := 0
	for _, g := range groups {
		n += len(g.Inputs) - 1
	}
	return n
}

// IncompleteInput is an input not read to its end: its games after the
// failure (all of them, for one that could not be opened) are in no table
// and in no report, which should say so.
type IncompleteInput struct {
	Dir   string // the directory whose manifest lists it; "" when one is read
	Path  string // as the file column holds it
	Games int64  // games read before the failure, which are counted
	Err   string // why; "" when the manifest gives no reason
}

// String is the warning arbiter stats and check --report give.
func (in IncompleteInput) String() string {
	name := ColumnPath(in.Path)
	if in.Dir != "" {
		name += " in " + ColumnPath(in.Dir)
	}
	// The error names the input first, as arbiter's errors do.
	why := strings.TrimPrefix(in.Err, ColumnPath(in.Path)+": ")
	if why == "" {
		// No error: the run was stopped in it (Ctrl-C, kill), or is still
		// at it (a resumed run lists an input it reads again so meanwhile).
		why = "its run was interrupted, or is still reading it"
	}
	if in.Games == 0 {
		verb := "could not be read"
		if in.Err == "" {
			verb = "was not read"
		}
		return fmt.Sprintf("%s %s (%s): the report counts none of its games", name, verb, why)
	}
	return fmt.Sprintf("%s was not read to its end (%s): the report counts only the %s read before that",
		name, why, plural(in.Games, "game", "games"))
}

// IncompleteInputs returns the inputs the manifests of dirs list as not
// completed, in their order: arbiter stats over them counts only what was
// read of them. Each names its directory when there are several. A
// directory whose manifest cannot be read is passed over, as
// SameContentInputs does.
func IncompleteInputs(dirs []string) []IncompleteInput {
	var out []IncompleteInput
	eachManifest(dirs, func(dir string, m *Manifest) {
		for _, in := range m.Inputs {
			if !in.Completed {
				out = append(out, IncompleteInput{Dir: dir, Path: in.Path, Games: in.Games, Err: in.Error})
			}
		}
	})
	return out
}
