package pipeline

import (
	"io"

	"github.com/arbiter-chess/arbiter/parser"
)

// splitter cuts an input into chunks of whole games.
type splitter interface {
	Next() (parser.Chunk, error)
	Done() bool // the input is exhausted: the last chunk returned was its last
}

func newSplitter(r io.Reader, cfg *Config) splitter {
	return parser.NewSplitter(r, parser.SplitOptions{Target: cfg.ChunkSize})
}

// NewParser returns a parser set up as the options say.
func NewParser(opt *CheckOptions) *parser.Parser {
	var po parser.Options
	if opt.Encoding != nil {
		po.Encoding, po.ForceEncoding = *opt.Encoding, true
	}
	return parser.NewParser(po)
}
