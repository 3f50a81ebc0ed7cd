package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/arbiter-chess/arbiter/replay"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newPerftCmd) }

// newPerftCmd counts the legal move tree of a position: the standard check
// of a move generator against published counts.
func newPerftCmd() *cobra.Command {
	var fen string
	var divide, chess960 bool
	cmd := &cobra.Command{
		Use:   "perft [--fen FEN] [--divide] [--chess960] DEPTH",
		Short: "Count the leaf nodes of the legal move tree (move generator check)",
		Long: `perft counts the positions reached after DEPTH plies of legal moves from
the start position or from --fen, counting the last ply in bulk. With
--divide it prints the count below each legal move first, in UCI notation
(castling as king-takes-rook with --chess960, or when the FEN needs it).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError("perft needs one DEPTH, the plies to count: arbiter perft 5 (arbiter perft --help)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 0 || depth > 20 {
				return fmt.Errorf("perft: DEPTH must be a number from 0 to 20, not %q", args[0])
			}
			p, err := replay.ParseFEN(fen)
			if err != nil {
				return fmt.Errorf("perft: %w", err)
			}
			if chess960 {
				p.SetChess960(true)
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			var nodes uint64
			if divide && depth > 0 {
				for _, d := range replay.Divide(p, depth) {
					fmt.Fprintf(out, "%s: %d\n", d.Move.UCI(p.Chess960()), d.Nodes)
					nodes += d.Nodes
				}
				fmt.Fprintln(out)
			} else {
				nodes = replay.Perft(p, depth)
			}
			elapsed := time.Since(start)
			fmt.Fprintf(out, "nodes %d\n", nodes)
			fmt.Fprintf(cmd.ErrOrStderr(), "time %.3fs, %.1f Mnodes/s\n",
				elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", replay.StartFEN, "start position in FEN (X-FEN and Shredder-FEN castling accepted)")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the count below each legal move")
	cmd.Flags().BoolVar(&chess960, "chess960", false, "write castling as king-takes-rook (Chess960 UCI)")
	return cmd
}
