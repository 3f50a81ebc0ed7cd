package replay

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestTmpUnk(t *testing.T) {
	if n, err := strconv.Atoi(os.Getenv("NODES")); err == nil { helpmateNodes = n }
	knobFree = os.Getenv("FREE") != "0"
	knobCheck = os.Getenv("CHECK") == "1"
	knobSelective = os.Getenv("SEL") == "1"
	if n, err := strconv.Atoi(os.Getenv("PUNISH")); err == nil { knobPunish = n }
	for _, file := range []string{"/tmp/unk_fens.txt", "/tmp/easy_fens.txt"} {
		f, _ := os.Open(file)
		sc := bufio.NewScanner(f)
		solved, total := 0, 0
		st := time.Now()
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			c := White
			if fs[len(fs)-1] == "black" { c = Black }
			p, err := ParseFEN(strings.Join(fs[:len(fs)-1], " "))
			if err != nil { t.Fatal(err) }
			total++
			if v := p.CanMate(c); v != Unknown { solved++ }
		}
		f.Close()
		fmt.Fprintf(os.Stderr, "%s solved %d of %d in %v\n", file, solved, total, time.Since(st))
	}
}
