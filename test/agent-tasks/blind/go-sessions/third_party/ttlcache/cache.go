// Package ttlcache provides a small, generic, goroutine-safe in-memory cache
// whose entries expire after a time-to-live.
//
// Expired entries are never returned by Get. Their memory is reclaimed either
// when they are looked up or by an explicit call to Sweep, which callers
// usually run from a ticker.
//
//	c := ttlcache.New[string, int](ttlcache.WithTTL(time.Minute))
//	c.Set("a", 1)
//	v, ok := c.Get("a")
package ttlcache

import (
	"container/heap"
	"sync"
	"time"
)

// NoTTL can be passed to SetWithTTL for an entry that never expires.
const NoTTL time.Duration = -1

// Clock abstracts time.Now so tests can control expiry.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

type item[K comparable, V any] struct {
	key     K
	value   V
	expires time.Time // zero: never expires
	index   int       // position in the expiry heap, -1 if not in it
}

func (it *item[K, V]) expiredAt(now time.Time) bool {
	return !it.expires.IsZero() && !now.Before(it.expires)
}

// Stats are cumulative counters.
type Stats struct {
	Hits, Misses, Expired, Swept uint64
}

// Cache is a TTL cache. The zero value is not usable; call New.
type Cache[K comparable, V any] struct {
	mu      sync.Mutex
	items   map[K]*item[K, V]
	expiry  expiryHeap[K, V]
	ttl     time.Duration
	clock   Clock
	onEvict func(K, V)
	stats   Stats
}

// Option configures a Cache.
type Option func(*options)

type options struct {
	ttl     time.Duration
	clock   Clock
	onEvict any
}

// WithTTL sets the default time-to-live used by Set. Default: NoTTL.
func WithTTL(d time.Duration) Option { return func(o *options) { o.ttl = d } }

// WithClock replaces the wall clock, mainly for tests.
func WithClock(c Clock) Option { return func(o *options) { o.clock = c } }

// WithEvictionCallback registers fn (a func(K, V)) to be called for every
// entry removed by Sweep.
func WithEvictionCallback[K comparable, V any](fn func(K, V)) Option {
	return func(o *options) { o.onEvict = fn }
}

// New creates an empty cache.
func New[K comparable, V any](opts ...Option) *Cache[K, V] {
	o := options{ttl: NoTTL, clock: systemClock{}}
	for _, opt := range opts {
		opt(&o)
	}
	c := &Cache[K, V]{
		items: make(map[K]*item[K, V]),
		ttl:   o.ttl,
		clock: o.clock,
	}
	if fn, ok := o.onEvict.(func(K, V)); ok {
		c.onEvict = fn
	}
	return c
}

// Set stores value under key with the default TTL.
func (c *Cache[K, V]) Set(key K, value V) {
	c.SetWithTTL(key, value, c.ttl)
}

// SetWithTTL stores value under key, expiring after ttl (NoTTL or any
// non-positive duration: never). Setting an existing key replaces its value
// and restarts its TTL.
func (c *Cache[K, V]) SetWithTTL(key K, value V, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()

	var expires time.Time
	if ttl > 0 {
		expires = c.clock.Now().Add(ttl)
	}

	if it, ok := c.items[key]; ok {
		it.value = value
		c.reschedule(it, expires)
		return
	}
	it := &item[K, V]{key: key, value: value, expires: expires, index: -1}
	c.items[key] = it
	if !expires.IsZero() {
		heap.Push(&c.expiry, it)
	}
}

func (c *Cache[K, V]) reschedule(it *item[K, V], expires time.Time) {
	it.expires = expires
	switch {
	case it.index >= 0 && expires.IsZero():
		heap.Remove(&c.expiry, it.index)
	case it.index >= 0:
		heap.Fix(&c.expiry, it.index)
	case !expires.IsZero():
		heap.Push(&c.expiry, it)
	}
}

// Get returns the value stored under key if it is present and not expired.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()

	var zero V
	it, ok := c.items[key]
	if !ok {
		c.stats.Misses++
		return zero, false
	}
	if it.expiredAt(c.clock.Now()) {
		delete(c.items, key)
		c.stats.Expired++
		c.stats.Misses++
		return zero, false
	}
	c.stats.Hits++
	return it.value, true
}

// Touch restarts the TTL of key (with the default TTL) without changing its
// value. It reports whether the key was present and not expired.
func (c *Cache[K, V]) Touch(key K) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[key]
	if !ok || it.expiredAt(c.clock.Now()) {
		return false
	}
	var expires time.Time
	if c.ttl > 0 {
		expires = c.clock.Now().Add(c.ttl)
	}
	c.reschedule(it, expires)
	return true
}

// Delete removes key. It reports whether the key was present.
func (c *Cache[K, V]) Delete(key K) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[key]
	if !ok {
		return false
	}
	delete(c.items, key)
	if it.index >= 0 {
		heap.Remove(&c.expiry, it.index)
	}
	return true
}

// Sweep removes every expired entry, calling the eviction callback for each,
// and returns how many entries were removed.
func (c *Cache[K, V]) Sweep() int {
	c.mu.Lock()
	now := c.clock.Now()
	var evicted []*item[K, V]
	for len(c.expiry) > 0 && c.expiry[0].expiredAt(now) {
		it := heap.Pop(&c.expiry).(*item[K, V])
		if _, ok := c.items[it.key]; ok {
			delete(c.items, it.key)
			evicted = append(evicted, it)
		}
	}
	c.stats.Swept += uint64(len(evicted))
	fn := c.onEvict
	c.mu.Unlock()

	if fn != nil {
		for _, it := range evicted {
			fn(it.key, it.value)
		}
	}
	return len(evicted)
}

// Len returns the number of entries in the index, including expired entries
// that have not been swept or looked up yet.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// Stats returns a snapshot of the cumulative counters.
func (c *Cache[K, V]) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}
