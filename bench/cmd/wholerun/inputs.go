package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/bench/internal/pgnsplit"
	"github.com/klauspost/compress/zstd"
)

// Input is one file every tool of a comparison reads.
type Input struct {
	Name  string // as shown in the report
	Path  string
	Bytes int64 // of the PGN text, before any compression
	Games int   // counted by pgnsplit, the same numerator for every tool
}

// inputs are the files built from the corpus; never committed, rebuilt
// only when the corpus files they come from change.
type inputs struct {
	big, online Input
	bigZstd     string // big compressed, same Bytes and Games
}

// buildInputs concatenates the corpus folders into the work directory:
// big from masters and engine_tcec, online from online_clk.
func buildInputs(corpus, work string, minGames int, zstdCLI string) (*inputs, error) {
	var in inputs
	var err error
	in.big, err = concatenated("big.pgn", corpus, work, []string{"masters", "engine_tcec"})
	if err != nil {
		return nil, err
	}
	if in.big.Games < minGames {
		return nil, fmt.Errorf("%s has %d games, fewer than the %d asked for", in.big.Path, in.big.Games, minGames)
	}
	in.online, err = concatenated("online.pgn", corpus, work, []string{"online_clk"})
	if err != nil {
		return nil, err
	}
	in.bigZstd = in.big.Path + ".zst"
	if err := compressOnce(in.big.Path, in.bigZstd, zstdCLI); err != nil {
		return nil, err
	}
	return &in, nil
}

// concatenated writes every file under the folders (sorted, recursively)
// into one, a blank line between files so that no two games touch, and
// counts its games. An up-to-date file from an earlier run is reused.
func concatenated(name, corpus, work string, folders []string) (Input, error) {
	var sources []string
	for _, folder := range folders {
		err := filepath.WalkDir(filepath.Join(corpus, folder), func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				sources = append(sources, p)
			}
			return err
		})
		if err != nil {
			return Input{}, err
		}
	}
	slices.Sort(sources)
	stamp, err := stampOf(sources)
	if err != nil {
		return Input{}, err
	}
	in := Input{Name: name, Path: filepath.Join(work, name)}
	stampPath := in.Path + ".stamp"
	if old, err := os.ReadFile(stampPath); err != nil || string(old) != stamp {
		if err := concatenate(in.Path, sources); err != nil {
			return Input{}, err
		}
		if err := os.WriteFile(stampPath, []byte(stamp), 0o644); err != nil {
			return Input{}, err
		}
	}
	f, err := os.Open(in.Path)
	if err != nil {
		return Input{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Input{}, err
	}
	in.Bytes = st.Size()
	// Counting also brings the file into the page cache before the first
	// timed run, so no tool pays for the disk.
	in.Games, err = pgnsplit.Count(f)
	return in, err
}

// stampOf names the sources by path, size and modification time.
func stampOf(sources []string) (string, error) {
	h := sha256.New()
	for _, p := range sources {
		st, err := os.Stat(p)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\t%d\t%d\n", p, st.Size(), st.ModTime().UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func concatenate(dst string, sources []string) error {
	tmp := dst + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(out, 1<<20)
	for _, p := range sources {
		if err := appendFile(w, p); err != nil {
			out.Close()
			return err
		}
		w.WriteString("\n\n")
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

func appendFile(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

// compressOnce writes src as zstd unless dst is already newer than src:
// with the zstd command when there is one, else in process.
func compressOnce(src, dst, zstdCLI string) error {
	if fresh(dst, src) {
		return nil
	}
	tmp := dst + ".tmp"
	if zstdCLI != "" {
		cmd := exec.Command(zstdCLI, "-q", "-f", "-3", "-T0", "-o", tmp, src)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
		}
		return os.Rename(tmp, dst)
	}
	if err := compressInProcess(src, tmp); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

func compressInProcess(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	enc, err := zstd.NewWriter(out)
	if err != nil {
		out.Close()
		return err
	}
	if _, err := io.Copy(enc, in); err != nil {
		enc.Close()
		out.Close()
		return err
	}
	if err := enc.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// fresh tells whether path exists and is no older than than.
func fresh(path, than string) bool {
	a, err := os.Stat(path)
	if err != nil {
		return false
	}
	b, err := os.Stat(than)
	return err == nil && !a.ModTime().Before(b.ModTime())
}
