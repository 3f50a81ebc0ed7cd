package arbeam

import (
	"testing"

	"github.com/arbiter-chess/arbiter/beam/shard"
)

func TestLocate(t *testing.T) {
	counts := []ShardCount{
		{Input: 0, Index: 1, From: 10, To: 25, Games: 2, Lines: 4},
		{Input: 0, Index: 0, From: 0, To: 10, Games: 3, Lines: 5},
		// Input 1's shard 1 has no count: its shard 2 cannot be numbered.
		{Input: 1, Index: 0, From: 0, To: 7, Games: 1, Lines: 1},
		{Input: 1, Index: 2, From: 20, To: 30, Games: 1, Lines: 1},
	}
	i := 0
	fn := &checkFn{counts: places(func(c *ShardCount) bool {
		if i == len(counts) {
			return false
		}
		*c, i = counts[i], i+1
		return true
	})}
	cases := []struct {
		sh   shard.Shard
		span shard.Span
		base shard.Base
		ok   bool
	}{
		{shard.Shard{Input: 0, Index: 0, Size: 40}, shard.Span{From: 0, To: 10}, shard.Base{}, true},
		{shard.Shard{Input: 0, Index: 1, Size: 40}, shard.Span{From: 10, To: 25}, shard.Base{Games: 3, Lines: 5}, true},
		{shard.Shard{Input: 0, Index: 2, Size: 40, Last: true}, shard.Span{From: 25, To: 40}, shard.Base{Games: 5, Lines: 9}, true},
		{shard.Shard{Input: 1, Index: 0, Size: 40}, shard.Span{From: 0, To: 7}, shard.Base{}, true},
		{shard.Shard{Input: 1, Index: 1, Size: 40}, shard.Span{}, shard.Base{}, false},
		{shard.Shard{Input: 1, Index: 2, Size: 40}, shard.Span{}, shard.Base{}, false},
		{shard.Shard{Input: 1, Index: 3, Size: 40, Last: true}, shard.Span{}, shard.Base{}, false},
		{shard.Shard{Input: 2, Index: 0, Size: 9, Last: true}, shard.Span{From: 0, To: 9}, shard.Base{}, true},
		{shard.Shard{Input: 3, Index: 1, Size: 9, Last: true}, shard.Span{}, shard.Base{}, false},
	}
	for _, c := range cases {
		span, base, err := fn.locate(&c.sh)
		if (err == nil) != c.ok || span != c.span || base != c.base {
			t.Errorf("locate(%+v) = %v, %v, %v; want %v, %v, ok %v", c.sh, span, base, err, c.span, c.base, c.ok)
		}
	}
}
