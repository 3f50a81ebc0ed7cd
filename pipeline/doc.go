// Package pipeline runs arbiter over files: it reads and splits inputs, checks
// games on a pool of workers, keeps results in input order and writes them out.
//
// The flow of Run:
//
//	Expand(paths)   files, directories (walked in lexical order), "-" for stdin
//	     │
//	 reader         one goroutine: Open (gzip, zstd, bzip2 by magic bytes; xz,
//	     │          zip and other formats refused by theirs), then
//	     │          the parser's splitter cuts each input into chunks of whole
//	     │          games; each chunk becomes a job, queued twice: to the workers
//	     │          and, in input order, to the writer
//	     ├──────────────┬──────────────┐
//	 worker 1 ...   worker N          CheckChunk: parse each game, validate.Check
//	     │              │             it, copy what the record keeps
//	     └──────────────┴──────────────┘
//	 writer         one goroutine: takes jobs in input order, waits for each to
//	                be checked, numbers the games of each file and hands the
//	                records to the sinks (text, jsonl, sarif, github, Parquet)
//
// The queue to the writer is bounded (inFlight chunks per worker, at least
// minInFlight), so memory stays flat however large the input, and a slow
// chunk holds the reader back rather than piling results up. Since only the
// writer decides the order and the numbering, the output is the same byte
// for byte whatever the number of workers.
//
// CheckChunk is a pure function of a chunk and the options: the distributed
// runner calls it unchanged.
//
// Failures: an input that cannot be opened, or whose stream breaks part way
// (a truncated .gz), is reported with its name and offset; every game read
// before the break is still checked and written, the one the break cut with
// a syntax finding that says so, and the run goes on with the next input. Cancelling the context (Ctrl-C) stops the reader; the
// chunks already read are checked and written and the sinks are closed with
// Summary.Interrupted set, so that file sinks can drop incomplete output. A
// sink's failure ends the run.
package pipeline
