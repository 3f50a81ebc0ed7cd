package main

import (
	"slices"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	cases := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, c := range cases {
		if got := median(slices.Clone(c.in)); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	c := Case{Input: Input{Bytes: 10e6, Games: 1000}, OKExits: []int{0, 1}}
	samples := []Sample{
		{Wall: 2 * time.Second, User: 3, Sys: 1, MaxRSSKiB: 100, Exit: 1},
		{Wall: 4 * time.Second, User: 4, Sys: 1, MaxRSSKiB: 300, Exit: 2},
		{Wall: 3 * time.Second, User: 2, Sys: 0.5, MaxRSSKiB: 200, Exit: 2, Games: 999, Plies: 5, Said: "last"},
	}
	s := summarize(c, samples)
	if s.N != 3 || s.Wall != 3 || s.CPU != 4 || s.PeakRSSKiB != 300 {
		t.Fatalf("got %+v", s)
	}
	if s.Spread != 2.0/3 || !slices.Equal(s.BadExits, []int{2}) || s.Games != 999 || s.Plies != 5 || s.Said != "last" {
		t.Fatalf("got %+v", s)
	}
	if s.GamesPerSec() != 1000.0/3 || s.MBPerSec() != 10.0/3 {
		t.Fatalf("rates %v %v", s.GamesPerSec(), s.MBPerSec())
	}
}

func TestSummarizeNoSamples(t *testing.T) {
	s := summarize(Case{}, nil)
	if s.N != 0 || s.Games != -1 || s.GamesPerSec() != 0 || s.MBPerSec() != 0 {
		t.Fatalf("got %+v", s)
	}
}

func TestRatio(t *testing.T) {
	if ratio(6, 2) != 3 || ratio(0, 2) != 0 || ratio(2, 0) != 0 {
		t.Fatal("ratio")
	}
}
