// Command arbiter checks chess game records in bulk.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strings"

	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
		// arbiter --version: what an archive's notes or a bug report name.
		Version: pipeline.Version(),
	}
	for _, c := range subcommands {
		root.AddCommand(c())
	}
	root.SetFlagErrorFunc(flagError)
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

// needArgs is cobra.MinimumNArgs(1) with a message that says what the
// command reads: cobra's own ("requires at least 1 arg(s), only received
// 0") leaves a user new to arbiter to guess what an arg is.
func needArgs(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError("%s needs %s (arbiter %s --help)", cmd.Name(), what, cmd.Name())
		}
		return nil
	}
}

// flagError names the closest flag of the command to one it does not know
// (--fromat, --output for check), as cobra does for a mistyped command but
// not for a flag, and where --help lists them all: SilenceUsage keeps the
// usage from burying the findings, and so from helping here.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		if near := nearestFlag(cmd, name); near != "" {
			msg += " (did you mean --" + near + "?)"
		}
	}
	if cmd.Name() == "check" && strings.Contains(msg, "'o'") {
		// -o is stats's and convert's output; check has two.
		msg += " (check writes its tables with --out DIR and a report with --report FILE)"
	}
	// CommandPath: "arbiter check", or "arbiter" alone for the root.
	return usageError("%s; %s --help lists the flags", msg, cmd.CommandPath())
}

// nearestFlag is the flag of cmd one slip away from name (a letter
// wrong, missing or extra, or two swapped), or a flag name holds it or it
// holds the name (--fail for --fail-on, --output for --out), or "".
func nearestFlag(cmd *cobra.Command, name string) string {
	near := ""
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if near == "" && !f.Hidden && len(name) >= 3 && (replay.EditDistance(name, f.Name) == 1 ||
			strings.HasPrefix(f.Name, name) || strings.HasPrefix(name, f.Name)) {
			near = f.Name
		}
	})
	return near
}
