package ratelimit

import (
	"testing"
	"time"
)

var t0 = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

func newTest(t *testing.T, cfg Config) (*Limiter, *FakeClock) {
	t.Helper()
	clk := NewFakeClock(t0)
	l, err := New(cfg, clk)
	if err != nil {
		t.Fatal(err)
	}
	return l, clk
}

func TestBadConfig(t *testing.T) {
	if _, err := New(Config{Rate: 0, Burst: 1}, nil); err != ErrBadConfig {
		t.Fatalf("err = %v, want ErrBadConfig", err)
	}
}

func TestBurstThenDeny(t *testing.T) {
	l, _ := newTest(t, Config{Rate: 1, Burst: 3})
	for i := 0; i < 3; i++ {
		if !l.Allow("a") {
			t.Fatalf("request %d denied within burst", i)
		}
	}
	if l.Allow("a") {
		t.Fatal("4th request allowed, burst is 3")
	}
}

func TestKeysAreIndependent(t *testing.T) {
	l, _ := newTest(t, Config{Rate: 1, Burst: 1})
	if !l.Allow("a") || !l.Allow("b") {
		t.Fatal("first request per key must be allowed")
	}
	if l.Allow("a") {
		t.Fatal("second request for a allowed")
	}
}

func TestRefillAfterPause(t *testing.T) {
	l, clk := newTest(t, Config{Rate: 2, Burst: 4})
	for i := 0; i < 4; i++ {
		l.Allow("a")
	}
	clk.Advance(2 * time.Second)
	if got := l.Tokens("a"); got != 4 {
		t.Fatalf("tokens after 2s = %v, want 4", got)
	}
}

func TestRetryAfter(t *testing.T) {
	l, _ := newTest(t, Config{Rate: 4, Burst: 1})
	l.Allow("a")
	if got := l.RetryAfter("a", 1); got != 250*time.Millisecond {
		t.Fatalf("RetryAfter = %v, want 250ms", got)
	}
}

func TestSteadyClientAtRateIsNotThrottled(t *testing.T) {
	// A client sending exactly at the configured rate (4/s, one request
	// every 250ms) after using its burst must keep being served.
	l, clk := newTest(t, Config{Rate: 4, Burst: 2})
	l.Allow("c")
	l.Allow("c")
	allowed := 0
	for i := 0; i < 8; i++ {
		clk.Advance(250 * time.Millisecond)
		if l.Allow("c") {
			allowed++
		}
	}
	if allowed != 8 {
		t.Fatalf("allowed %d of 8 requests sent at the configured rate, want 8", allowed)
	}
}

func TestSweepDropsIdle(t *testing.T) {
	l, clk := newTest(t, Config{Rate: 1, Burst: 1, MaxIdle: time.Minute})
	l.Allow("a")
	l.Allow("b")
	clk.Advance(30 * time.Second)
	l.Allow("b")
	clk.Advance(45 * time.Second)
	if n := l.Sweep(); n != 1 {
		t.Fatalf("swept %d buckets, want 1", n)
	}
}
