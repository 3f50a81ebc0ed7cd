package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestInterruptGrace: after a signal, the process gives up on a reader
// still not stopped when the grace runs out, and never once reading has
// ended, before the signal or after it, however long the run then takes.
// The signal is real (sent to this process, once); the grace's end and the
// exit are the test's.
func TestInterruptGrace(t *testing.T) {
	for _, c := range []struct {
		name         string
		before, then bool // reading ended before the signal, and when the grace has begun
		exits        bool
	}{
		{"still reading", false, false, true},
		{"reading ended before the signal", true, false, false},
		{"reading ended after the signal", false, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			over, begun := make(chan time.Time), make(chan struct{})
			exited := make(chan int, 1)
			graceOver = func(time.Duration) <-chan time.Time {
				close(begun)
				return over
			}
			exit = func(code int) { exited <- code }
			defer func() { graceOver, exit = time.After, os.Exit }()

			var stderr bytes.Buffer
			removed := false
			ctx, readDone, stop := interruptContext(context.Background(), &stderr, func() { removed = true })
			if c.before {
				readDone()
			}
			syscall.Kill(os.Getpid(), syscall.SIGINT)
			<-ctx.Done()
			if !c.before {
				<-begun
			}
			if c.then {
				readDone()
			}
			close(over) // the write-out takes longer than the grace
			if c.exits {
				if code := <-exited; code != exitInterrupted {
					t.Errorf("exit %d, want %d", code, exitInterrupted)
				}
			}
			stop() // the watch has ended when it returns
			select {
			case code := <-exited:
				t.Errorf("exit %d once reading had ended", code)
			default:
			}
			said := strings.Contains(stderr.String(), "stopping now")
			if said != c.exits || removed != c.exits {
				t.Errorf("said why %v, onExit called %v; want %v:\n%s", said, removed, c.exits, stderr.String())
			}
		})
	}
}

// cancelOnWrite cancels the run's context at its first write: the output is
// written once every input was read, as the run's summary and sinks are.
type cancelOnWrite struct {
	bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.Buffer.Write(p)
}

// runInProcess runs a command of arbiter with args in this process, its
// context cancelled at the first write to stdout (or to stderr, when
// cancelOn says "stderr"), and returns its exit status and stderr.
func runInProcess(t *testing.T, newCmd func() *cobra.Command, cancelOn string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, errOut := &cancelOnWrite{cancel: func() {}}, &cancelOnWrite{cancel: func() {}}
	if cancelOn == "stderr" {
		errOut.cancel = cancel
	} else {
		out.cancel = cancel
	}
	cmd := newCmd()
	cmd.SetOut(out)
	cmd.SetErr(errOut)
	cmd.SetIn(strings.NewReader(""))
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.ExecuteContext(ctx)
	if ctx.Err() == nil {
		t.Fatal("the run wrote nothing: not cancelled")
	}
	code := 0
	var exit *exitError
	if errors.As(err, &exit) {
		code = exit.code
	} else if err != nil {
		t.Fatal(err)
	}
	if err != nil {
		io.WriteString(errOut, "arbiter: "+err.Error()+"\n")
	}
	return code, errOut.String()
}

// TestCancelledOnceEverythingWasRead: a cancellation (standing in for the
// signal, which the run tells apart from it only in the grace) that comes
// once every input was read, while the output is written, leaves the
// output complete: check exits as it would have, with no "interrupted",
// and convert keeps its output file.
func TestCancelledOnceEverythingWasRead(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "g.pgn", []byte(cleanGame+brokenGame))

	code, stderr := runInProcess(t, newCheckCmd, "stdout", "--workers", "1", "--format", "jsonl", in)
	if code != exitFindings || strings.Contains(stderr, "interrupted") || !strings.Contains(stderr, ", 2 games read, 2 records written, ") {
		t.Errorf("check: exit %d, want %d and a complete run:\n%s", code, exitFindings, stderr)
	}

	// convert prints the findings of an input once the input is read.
	out := filepath.Join(dir, "out.pgn")
	code, stderr = runInProcess(t, newConvertCmd, "stderr", "--workers", "1", in, "-o", out)
	if code != exitFindings || strings.Contains(stderr, "interrupted") || !strings.Contains(stderr, ", 2 games read, 2 games written, ") {
		t.Errorf("convert: exit %d, want %d and a complete run:\n%s", code, exitFindings, stderr)
	}
	if pgn := readFile(t, out); bytes.Count(pgn, []byte("[Event ")) != 2 {
		t.Errorf("convert wrote:\n%s", pgn)
	}
	noLeftovers(t, dir)
}
