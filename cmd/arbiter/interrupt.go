package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// graceStop is how long the reader may take to stop after the first
// SIGINT or SIGTERM: enough to finish the chunk it is reading.
const graceStop = 5 * time.Second

// graceOver and exit are time.After and os.Exit, which a test replaces.
var (
	graceOver = time.After
	exit      = os.Exit
)

// interruptContext returns a context that the first SIGINT or SIGTERM
// cancels, which stops reading and lets the run end cleanly; the default
// handler is then restored, so that a second signal kills. A reader still
// not stopped graceStop after the first signal is waiting on an input no
// cancellation reaches (a FIFO without a writer, a terminal or a pipe that
// sends nothing): the process then exits with status 130 itself, as a
// second signal would, after onExit (when not nil) has removed what it can;
// the temporary files of --out are removed by the next run into it.
//
// Pass readDone as pipeline.Config.ReadDone: once reading has ended, the
// run is left to end however long writing what was read takes (closing
// Parquet files, a slow disk). Call stop (once or more) as soon as the run
// has ended; it returns once the watch on the signal has.
func interruptContext(parent context.Context, stderr io.Writer, onExit func()) (ctx context.Context, readDone, stop func()) {
	ctx, stopNotify := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	ended, reading, watched := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ctx.Done():
		case <-ended:
			return
		}
		stopNotify()
		if parent.Err() != nil {
			return // cancelled by the caller, not by a signal
		}
		select {
		case <-reading:
			return
		case <-graceOver(graceStop):
		}
		select {
		case <-reading:
			return // it stopped as the grace ran out
		default:
		}
		fmt.Fprintf(stderr, "arbiter: still waiting on an input %v after the signal (a FIFO or a pipe that sends nothing): stopping now\n", graceStop)
		if onExit != nil {
			onExit()
		}
		exit(exitInterrupted)
	}()
	var readOnce, endOnce sync.Once
	readDone = func() { readOnce.Do(func() { close(reading) }) }
	stop = func() {
		endOnce.Do(func() {
			readDone()
			close(ended)
			stopNotify()
		})
		<-watched
	}
	return ctx, readDone, stop
}
