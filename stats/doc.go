// Package stats sums up what checking an archive found: how many games, how
// they ended, which findings, where (file, event), under which time controls
// and ratings. It answers "what is in this archive and what is wrong with
// it" without SQL.
//
// An Aggregate is mergeable: each worker of a check keeps its own and they
// are merged at the end, and the Parquet tables written on many machines are
// read back into one (ReadParquet). Summarize turns it into a Summary, which
// the formats (terminal table, Markdown, JSON, HTML) print.
package stats
