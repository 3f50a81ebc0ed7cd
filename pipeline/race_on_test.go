//go:build race

package pipeline

// raceDetector says the tests run under -race, whose runtime drops pooled
// objects at random (sync.Pool) and so allocates what a normal run reuses.
const raceDetector = true
