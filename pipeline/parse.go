package pipeline

import (
	"io"

	"github.com/arbiter-chess/arbiter/parser"
)

// The pipeline meets the parser here and nowhere else.
type (
	// Chunk is one or more whole games of one input, with the place the first starts.
	Chunk = parser.Chunk
	// Parser reads the games of a chunk; it is reused from chunk to chunk and
	// is not safe for concurrent use.
	Parser = parser.Parser
)

// splitter cuts an input into chunks of whole games.
type splitter interface {
	Next() (Chunk, error)
	Done() bool // the input is exhausted: the last chunk returned was its last
}

func newSplitter(r io.Reader, cfg *Config) splitter {
	return parser.NewSplitter(r, parser.SplitOptions{Target: cfg.ChunkSize})
}

// NewParser returns a parser set up as the options say.
func NewParser(opt *CheckOptions) *Parser {
	var po parser.Options
	if opt.Encoding != "" && opt.Encoding != "auto" {
		po.Encoding, po.ForceEncoding = parser.ParseEncoding(opt.Encoding)
	}
	return parser.NewParser(po)
}
