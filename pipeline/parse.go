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
	return parser.NewSplitter(r, SplitOptions(&cfg.Check, cfg.ChunkSize))
}

// SplitOptions returns the splitter's options for chunks of about target
// bytes (0: the default) that NewParser(opt) reads: where the splitter
// reads text with a parser to find a game's start, it decodes it so.
func SplitOptions(opt *CheckOptions, target int) parser.SplitOptions {
	return parser.SplitOptions{Target: target, Parse: parseOptions(opt)}
}

// NewParser returns a parser set up as the options say.
func NewParser(opt *CheckOptions) *parser.Parser {
	return parser.NewParser(parseOptions(opt))
}

func parseOptions(opt *CheckOptions) parser.Options {
	var po parser.Options
	if opt.Encoding != nil {
		po.Encoding, po.ForceEncoding = *opt.Encoding, true
	}
	return po
}
