package ttlcache

// expiryHeap is a min-heap of items ordered by expiry time. Items that never
// expire are not stored in it.
type expiryHeap[K comparable, V any] []*item[K, V]

func (h expiryHeap[K, V]) Len() int { return len(h) }

func (h expiryHeap[K, V]) Less(i, j int) bool {
	return h[i].expires.Before(h[j].expires)
}

func (h expiryHeap[K, V]) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}

func (h *expiryHeap[K, V]) Push(x any) {
	it := x.(*item[K, V])
	it.index = len(*h)
	*h = append(*h, it)
}

func (h *expiryHeap[K, V]) Pop() any {
	old := *h
	n := len(old)
	it := old[n-1]
	old[n-1] = nil
	it.index = -1
	*h = old[:n-1]
	return it
}
