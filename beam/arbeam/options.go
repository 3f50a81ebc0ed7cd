// Package arbeam runs arbiter's check as an Apache Beam pipeline, so that
// an archive too large for one machine is checked on Flink, Spark or
// Dataflow (or locally on Prism) and gives the same tables as
// `arbiter check --out`.
//
// The pipeline:
//
//	shards          the launcher cuts plain files into byte ranges and makes
//	   │            each compressed file one shard (package shard)
//	Reshuffle       so that a runner spreads the shards over its workers
//	   ├───────────────────────┐
//	   │                    count     each shard but a file's last: its span
//	   │                       │      (boundaries) and how many games and lines
//	   │                       │      it holds
//	check ◀── side input ──────┘      games are numbered and lines counted from
//	   │                              the counts of the shards before
//	   │                              (pipeline.CheckChunk, the command line's
//	   │                              check); each bundle writes its own
//	   │                              Parquet files under names unique to the
//	   │                              attempt and reports them when it ends
//	GroupByKey      one key: every committed report together
//	finalize        renames the committed files to part-NNNNN.parquet,
//	                removes the files of failed attempts, writes manifest.json
//
// Only the reports of committed bundles reach finalize, so the rows of an
// attempt that failed (or was retried) are never published.
package arbeam

import "github.com/arbiter-chess/arbiter/pipeline"

// CheckFlags are the options of the check in the form of `arbiter check`'s
// flags (pipeline.CheckFlags): plain values, since they travel to the
// workers inside the DoFns.
type CheckFlags = pipeline.CheckFlags
