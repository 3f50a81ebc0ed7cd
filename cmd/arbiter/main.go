// Command arbiter checks chess game records in bulk.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// subcommands are registered by each command's file in its init, so that a
// command is added or removed by one file alone.
var subcommands []func() *cobra.Command

func main() {
	root := &cobra.Command{
		Use:           "arbiter",
		Short:         "Check chess game records in bulk, as a tournament arbiter would",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	for _, c := range subcommands {
		root.AddCommand(c())
	}
	stopProfile := startProfile(os.Getenv("ARBITER_CPUPROFILE"))
	err := root.Execute()
	stopProfile()
	if err != nil {
		// An exitError without a message has said what it had to (exit 1:
		// the findings are the message).
		if msg := err.Error(); msg != "" {
			os.Stderr.WriteString("arbiter: " + msg + "\n")
		}
		os.Exit(exitCode(err))
	}
}

// exitCode maps an error from a command to the process exit status: commands
// return an *exitError to choose one; anything else is a usage or I/O error.
func exitCode(err error) int {
	if e, ok := err.(*exitError); ok {
		return e.code
	}
	return 2
}

type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// startProfile writes a CPU profile of the whole command to path when it is
// set: for profile-guided optimisation (make pgo), which wants the profile
// of the binary as users run it. It returns what ends the profile.
func startProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		if err = pprof.StartCPUProfile(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "arbiter: ARBITER_CPUPROFILE: %v\n", err)
		os.Exit(2)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
