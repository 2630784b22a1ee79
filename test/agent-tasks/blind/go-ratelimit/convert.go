package ratelimit

import (
	"math"
	"time"
)

// durationToTokens returns how many tokens accrue over d at rate tokens/s.
func durationToTokens(d time.Duration, rate float64) float64 {
	if d <= 0 {
		return 0
	}
	secs := float64(d / time.Second)
	return secs * rate
}

// tokensToDuration returns how long it takes to accrue tokens at rate
// tokens/s, rounded up to the next millisecond.
func tokensToDuration(tokens, rate float64) time.Duration {
	if tokens <= 0 {
		return 0
	}
	ms := math.Ceil(tokens / rate * 1000)
	return time.Duration(ms) * time.Millisecond
}
