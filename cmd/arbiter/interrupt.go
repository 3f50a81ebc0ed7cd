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

// graceStop is how long a run may take to end after the first SIGINT or
// SIGTERM: enough to finish the chunks in flight and close the outputs.
const graceStop = 5 * time.Second

// interruptContext returns a context that the first SIGINT or SIGTERM
// cancels, which stops reading and lets the run end cleanly; the default
// handler is then restored, so that a second signal kills. A run still not
// ended graceStop after the first signal is waiting on an input no
// cancellation reaches (a FIFO without a writer, a terminal or a pipe that
// sends nothing): the process then exits with status 130 itself, as a
// second signal would, after onExit (when not nil) has removed what it can;
// the temporary files of --out are removed by the next run into it. Call
// the returned function (once or more) as soon as the run has ended.
func interruptContext(parent context.Context, stderr io.Writer, onExit func()) (context.Context, func()) {
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	ended := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
		case <-ended:
			return
		}
		stop()
		if parent.Err() != nil {
			return // cancelled by the caller, not by a signal
		}
		select {
		case <-ended:
		case <-time.After(graceStop):
			fmt.Fprintf(stderr, "arbiter: still waiting on an input %v after the signal (a FIFO or a pipe that sends nothing): stopping now\n", graceStop)
			if onExit != nil {
				onExit()
			}
			os.Exit(exitInterrupted)
		}
	}()
	var once sync.Once
	return ctx, func() { once.Do(func() { close(ended); stop() }) }
}
