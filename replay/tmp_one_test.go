package replay

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestTmpOne(t *testing.T) {
	fen := os.Getenv("FEN")
	c := White
	if os.Getenv("SIDE") == "black" { c = Black }
	if n, err := strconv.Atoi(os.Getenv("NODES")); err == nil { helpmateNodes = n }
	p, _ := ParseFEN(fen)
	line, v := p.Helpmate(c)
	var s []string
	for _, m := range line { s = append(s, m.String()) }
	w := getWorkspace()
	fmt.Fprintf(os.Stderr, "%v len %d: %s (nodes %d)\n", v, len(line), strings.Join(s, " "), w.nodes)
}
