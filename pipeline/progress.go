package pipeline

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"
)

// progressEvery is how often the bar is redrawn at most.
const progressEvery = 200 * time.Millisecond

// progress draws a one-line bar on a terminal: bytes read, inputs ended,
// games, games per second and, when every input's size is known, the share
// done and an ETA.
// Only the writer goroutine uses it.
//
// Where stderr is a log rather than a terminal, it writes a log line every
// so often instead (log set): a bar's carriage returns and escape codes
// would grow one endless line in a file and break a JSON log's lines.
type progress struct {
	w      io.Writer
	total  int64 // -1 when some size is unknown
	inputs int   // the run's inputs, skipped ones included
	start  time.Time
	last   time.Time
	shown  bool
	buf    []byte
	before func() // flushes the sinks, so the bar is drawn below their output

	log   *zerolog.Logger // lines instead of a bar
	every time.Duration
}

func newProgress(w io.Writer, total int64, inputs int, start time.Time, before func()) *progress {
	return &progress{w: w, total: total, inputs: inputs, start: start, before: before}
}

// newProgressLog logs a progress line every so often.
func newProgressLog(log *zerolog.Logger, every time.Duration, total int64, inputs int, start time.Time) *progress {
	return &progress{log: log, every: every, total: total, inputs: inputs, start: start, last: start}
}

// progressState is where the run stands, as the bar shows it.
type progressState struct {
	bytes        int64 // raw bytes read, compressed as on disk
	skippedBytes int64 // sizes of the inputs passed over, which are not to be read
	files        int64 // inputs ended
	skippedFiles int64 // inputs passed over
	games        int64
}

// tick redraws the bar if it is due.
func (p *progress) tick(now time.Time, st progressState) {
	if p == nil {
		return
	}
	total := p.total
	if total >= 0 {
		total -= st.skippedBytes
	}
	// Counted as the bytes are, without the inputs passed over, so that
	// both say what is left of this run.
	totalFiles := int64(p.inputs) - st.skippedFiles
	bytes, games := st.bytes, st.games
	if p.log != nil {
		if now.Sub(p.last) >= p.every {
			p.last = now
			// Asked for by --progress, so shown whatever the log level
			// (--quiet, --log-level warn), as an info line.
			ev := p.log.Log().Str(zerolog.LevelFieldName, zerolog.LevelInfoValue).Int64("bytes", bytes).Int64("games", games)
			if total >= 0 {
				ev = ev.Int64("total_bytes", total)
			}
			if totalFiles > 1 {
				ev = ev.Int64("files", st.files).Int64("total_files", totalFiles)
			}
			ev.Msg(formatProgress(bytes, total, st.files, totalFiles, games, now.Sub(p.start)))
		}
		return
	}
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	if p.before != nil {
		p.before()
	}
	p.buf = append(p.buf[:0], '\r')
	p.buf = append(p.buf, formatProgress(bytes, total, st.files, totalFiles, games, now.Sub(p.start))...)
	p.buf = append(p.buf, "\x1b[K"...)
	p.w.Write(p.buf)
	p.shown = true
}

// hide clears the bar so that other output can take the line.
func (p *progress) hide() {
	if p == nil || !p.shown {
		return
	}
	p.w.Write([]byte("\r\x1b[K"))
	p.shown = false
}

// formatProgress is the bar's text: the bytes, and the inputs ended where
// there are several (a directory of monthly dumps, whose sizes differ too
// much for the bytes alone to say how many are left).
func formatProgress(bytes, total, files, totalFiles, games int64, elapsed time.Duration) string {
	secs := elapsed.Seconds()
	var rate int64
	if secs > 0 {
		rate = int64(float64(games) / secs)
	}
	var filesDone string
	if totalFiles > 1 {
		filesDone = fmt.Sprintf(", %d/%d files", files, totalFiles)
	}
	if total < 0 {
		return fmt.Sprintf("%s%s, %d games, %d games/s", formatBytes(bytes), filesDone, games, rate)
	}
	s := fmt.Sprintf("%s / %s (%d%%)%s, %d games, %d games/s", formatBytes(bytes), formatBytes(total), percent(bytes, total), filesDone, games, rate)
	if bytes > 0 && bytes < total && secs > 0 {
		left := time.Duration(float64(total-bytes) / (float64(bytes) / secs) * float64(time.Second))
		s += ", ETA " + left.Round(time.Second).String()
	}
	return s
}

func percent(n, total int64) int64 {
	if total <= 0 {
		return 100
	}
	return min(100, n*100/total)
}

// formatBytes prints decimal megabytes, or gigabytes from 10 GB.
func formatBytes(n int64) string {
	if n >= 10e9 {
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// IsTerminal says whether f is a character device, which is how --progress
// auto decides (the terminal packages are not among our dependencies).
func IsTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
