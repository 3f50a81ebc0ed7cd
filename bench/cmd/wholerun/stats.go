package main

import (
	"slices"
)

// Summary is what the report says about one case.
type Summary struct {
	Case       Case
	N          int       // samples taken
	Wall       float64   // median, seconds
	Walls      []float64 // every sample's wall seconds, in the order taken
	CPU        float64   // median of user+sys, seconds
	Spread     float64   // (slowest-fastest)/median wall, the noise of the machine
	PeakRSSKiB int64     // the largest of all samples, not the median: a ceiling is what matters
	Games      int       // as the tool reported them in its last run; -1 when it says none
	Plies      int
	Said       string // the tool's summary line in its last run
	BadExits   []int  // exit statuses outside Case.OKExits, once each
}

func summarize(c Case, samples []Sample) Summary {
	s := Summary{Case: c, N: len(samples), Games: -1, Plies: -1}
	if len(samples) == 0 {
		return s
	}
	walls := make([]float64, len(samples))
	cpus := make([]float64, len(samples))
	for i, x := range samples {
		walls[i] = x.Wall.Seconds()
		cpus[i] = x.CPU()
		s.PeakRSSKiB = max(s.PeakRSSKiB, x.MaxRSSKiB)
		if !slices.Contains(c.OKExits, x.Exit) && !slices.Contains(s.BadExits, x.Exit) {
			s.BadExits = append(s.BadExits, x.Exit)
		}
	}
	s.Walls = slices.Clone(walls)
	s.Wall = median(walls)
	s.CPU = median(cpus)
	if s.Wall > 0 {
		s.Spread = (slices.Max(walls) - slices.Min(walls)) / s.Wall
	}
	last := samples[len(samples)-1]
	s.Games, s.Plies, s.Said = last.Games, last.Plies, last.Said
	return s
}

// GamesPerSec counts the games of the input, the same for every tool.
func (s Summary) GamesPerSec() float64 { return perSec(float64(s.Case.Input.Games), s.Wall) }

// MBPerSec counts uncompressed PGN, in decimal megabytes.
func (s Summary) MBPerSec() float64 { return perSec(float64(s.Case.Input.Bytes)/1e6, s.Wall) }

func perSec(x, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return x / seconds
}

// median of xs, which it sorts; 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return (xs[m-1] + xs[m]) / 2
}

// ratio is a/b, or 0 when either is missing.
func ratio(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	return a / b
}
