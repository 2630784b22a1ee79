// Package ratelimit implements per-key token-bucket rate limiting.
//
// Every key (client id, IP address, API token, ...) gets its own bucket
// holding up to Burst tokens. Tokens are added continuously at Rate tokens
// per second; each request consumes one token (or n with AllowN).
package ratelimit

import (
	"errors"
	"math"
	"sync"
	"time"
)

// Config describes a limiter.
type Config struct {
	Rate    float64       // tokens added per second
	Burst   int           // bucket capacity
	MaxIdle time.Duration // buckets unused this long are dropped by Sweep (0 = never)
}

type bucket struct {
	tokens float64
	last   time.Time // time tokens was last brought up to date
	seen   time.Time // last request for this key
}

// Limiter is safe for concurrent use.
type Limiter struct {
	cfg     Config
	clock   Clock
	mu      sync.Mutex
	buckets map[string]*bucket
}

// ErrBadConfig is returned by New for non-positive rate or burst.
var ErrBadConfig = errors.New("ratelimit: rate and burst must be positive")

// New creates a limiter. A nil clock means the system clock.
func New(cfg Config, clock Clock) (*Limiter, error) {
	if cfg.Rate <= 0 || cfg.Burst <= 0 {
		return nil, ErrBadConfig
	}
	if clock == nil {
		clock = SystemClock
	}
	return &Limiter{cfg: cfg, clock: clock, buckets: make(map[string]*bucket)}, nil
}

// Allow reports whether one request for key may proceed now.
func (l *Limiter) Allow(key string) bool { return l.AllowN(key, 1) }

// AllowN reports whether n requests for key may proceed now, consuming n
// tokens if so. Requests larger than Burst are never allowed.
func (l *Limiter) AllowN(key string, n int) bool {
	if n <= 0 {
		return true
	}
	if n > l.cfg.Burst {
		return false
	}
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketFor(key, now)
	l.advance(b, now)
	b.seen = now
	if b.tokens >= float64(n) {
		b.tokens -= float64(n)
		return true
	}
	return false
}

// RetryAfter says how long key must wait before n tokens are available.
func (l *Limiter) RetryAfter(key string, n int) time.Duration {
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketFor(key, now)
	l.advance(b, now)
	missing := float64(n) - b.tokens
	if missing <= 0 {
		return 0
	}
	return tokensToDuration(missing, l.cfg.Rate)
}

// Tokens returns the tokens currently available to key (for metrics).
func (l *Limiter) Tokens(key string) float64 {
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketFor(key, now)
	l.advance(b, now)
	return b.tokens
}

// Sweep drops buckets idle for longer than MaxIdle and returns how many
// were dropped. A dropped key starts again with a full bucket.
func (l *Limiter) Sweep() int {
	if l.cfg.MaxIdle <= 0 {
		return 0
	}
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for k, b := range l.buckets {
		if now.Sub(b.seen) > l.cfg.MaxIdle {
			delete(l.buckets, k)
			n++
		}
	}
	return n
}

func (l *Limiter) bucketFor(key string, now time.Time) *bucket {
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: float64(l.cfg.Burst), last: now, seen: now}
		l.buckets[key] = b
	}
	return b
}

// advance credits the bucket with the tokens earned since b.last.
func (l *Limiter) advance(b *bucket, now time.Time) {
	elapsed := now.Sub(b.last)
	if elapsed <= 0 {
		return
	}
	earned := durationToTokens(elapsed, l.cfg.Rate)
	b.tokens = math.Min(float64(l.cfg.Burst), b.tokens+earned)
	b.last = now
}
