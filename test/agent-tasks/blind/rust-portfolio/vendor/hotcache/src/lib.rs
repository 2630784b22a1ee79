//! hotcache - bounded LRU cache with a hot-entry fast path.
//!
//! Entries live in a slot vector and are linked in recency order
//! (head = most recently used, tail = least recently used). A one-entry
//! memo (`hot`) remembers the last key looked up together with its value so
//! that tight loops that look the same key up repeatedly avoid hashing.

use std::collections::HashMap;
use std::hash::Hash;

const NIL: usize = usize::MAX;

struct Slot<K, V> {
    key: K,
    value: V,
    prev: usize,
    next: usize,
}

/// Hit/miss counters.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    pub hits: u64,
    pub hot_hits: u64,
    pub misses: u64,
    pub evictions: u64,
}

pub struct LruCache<K, V> {
    cap: usize,
    map: HashMap<K, usize>,
    slots: Vec<Slot<K, V>>,
    free: Vec<usize>,
    head: usize,
    tail: usize,
    hot: Option<(K, V)>,
    stats: Stats,
}

impl<K: Hash + Eq + Clone, V: Clone> LruCache<K, V> {
    pub fn new(cap: usize) -> Self {
        assert!(cap > 0, "capacity must be positive");
        LruCache {
            cap,
            map: HashMap::with_capacity(cap),
            slots: Vec::with_capacity(cap),
            free: Vec::new(),
            head: NIL,
            tail: NIL,
            hot: None,
            stats: Stats::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Look a key up, marking it most recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        if let Some((hk, hv)) = &self.hot {
            if hk == key {
                self.stats.hot_hits += 1;
                return Some(hv.clone());
            }
        }
        match self.map.get(key).copied() {
            Some(i) => {
                self.stats.hits += 1;
                self.move_to_front(i);
                let v = self.slots[i].value.clone();
                self.hot = Some((key.clone(), v.clone()));
                Some(v)
            }
            None => {
                self.stats.misses += 1;
                None
            }
        }
    }

    /// Look a key up without touching recency or the hot memo.
    pub fn peek(&self, key: &K) -> Option<&V> {
        self.map.get(key).map(|&i| &self.slots[i].value)
    }

    /// Insert or replace a value. Returns the evicted (key, value), if any.
    pub fn put(&mut self, key: K, value: V) -> Option<(K, V)> {
        if let Some(&i) = self.map.get(&key) {
            self.slots[i].value = value;
            self.move_to_front(i);
            return None;
        }
        let mut evicted = None;
        if self.map.len() >= self.cap {
            evicted = self.evict_tail();
        }
        let slot = Slot { key: key.clone(), value, prev: NIL, next: NIL };
        let i = match self.free.pop() {
            Some(i) => {
                self.slots[i] = slot;
                i
            }
            None => {
                self.slots.push(slot);
                self.slots.len() - 1
            }
        };
        self.map.insert(key, i);
        self.push_front(i);
        evicted
    }

    /// Remove a key. Returns its value if it was present.
    pub fn remove(&mut self, key: &K) -> Option<V> {
        let i = self.map.remove(key)?;
        self.unlink(i);
        self.free.push(i);
        if matches!(&self.hot, Some((hk, _)) if hk == key) {
            self.hot = None;
        }
        Some(self.slots[i].value.clone())
    }

    /// Keys from most to least recently used.
    pub fn keys_mru(&self) -> Vec<K> {
        let mut out = Vec::with_capacity(self.map.len());
        let mut i = self.head;
        while i != NIL {
            out.push(self.slots[i].key.clone());
            i = self.slots[i].next;
        }
        out
    }

    fn evict_tail(&mut self) -> Option<(K, V)> {
        let t = self.tail;
        if t == NIL {
            return None;
        }
        self.unlink(t);
        let key = self.slots[t].key.clone();
        self.map.remove(&key);
        self.free.push(t);
        self.stats.evictions += 1;
        if matches!(&self.hot, Some((hk, _)) if *hk == key) {
            self.hot = None;
        }
        Some((key, self.slots[t].value.clone()))
    }

    fn unlink(&mut self, i: usize) {
        let (p, n) = (self.slots[i].prev, self.slots[i].next);
        if p != NIL {
            self.slots[p].next = n;
        } else {
            self.head = n;
        }
        if n != NIL {
            self.slots[n].prev = p;
        } else {
            self.tail = p;
        }
        self.slots[i].prev = NIL;
        self.slots[i].next = NIL;
    }

    fn push_front(&mut self, i: usize) {
        self.slots[i].prev = NIL;
        self.slots[i].next = self.head;
        if self.head != NIL {
            self.slots[self.head].prev = i;
        }
        self.head = i;
        if self.tail == NIL {
            self.tail = i;
        }
    }

    fn move_to_front(&mut self, i: usize) {
        if self.head == i {
            return;
        }
        self.unlink(i);
        self.push_front(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_least_recent() {
        let mut c = LruCache::new(2);
        c.put(1, "a");
        c.put(2, "b");
        assert_eq!(c.get(&1), Some("a"));
        assert_eq!(c.put(3, "c"), Some((2, "b")));
        assert_eq!(c.keys_mru(), vec![3, 1]);
    }
}
