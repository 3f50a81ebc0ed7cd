// Package stats sums up what checking an archive found: how many games, how
// they ended, which findings, where (file, event), under which time controls
// and ratings. It answers "what is in this archive and what is wrong with
// it" without SQL.
//
// An Aggregate is mergeable, so that parts summed apart make one report:
// "arbiter check --report" adds each record as the run writes it, and the
// Parquet tables written by runs on many machines are read back into one
// (ReadParquet, which reads several directories in parallel and merges). Summarize turns it into a Summary, which
// the formats (terminal table, Markdown, JSON, HTML) print.
package stats
