//! Per-room schedules: conflict detection and free-slot search.

use crate::booking::Booking;
use crate::time::Instant;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub room: String,
    pub first: String,
    pub second: String,
    pub overlap_minutes: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub start: Instant,
    pub end: Instant,
}

impl Slot {
    pub fn minutes(&self) -> i64 {
        self.end.0 - self.start.0
    }
}

#[derive(Debug, Default)]
pub struct Calendar {
    rooms: BTreeMap<String, Vec<Booking>>,
}

impl Calendar {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn from_bookings(bookings: impl IntoIterator<Item = Booking>) -> Self {
        let mut cal = Calendar::new();
        for b in bookings {
            cal.insert(b);
        }
        cal
    }

    /// Inserts keeping each room's list ordered by (start, end, id).
    pub fn insert(&mut self, b: Booking) {
        let list = self.rooms.entry(b.room.clone()).or_default();
        let pos = list
            .binary_search_by(|x| (x.start, x.end, &x.id).cmp(&(b.start, b.end, &b.id)))
            .unwrap_or_else(|p| p);
        list.insert(pos, b);
    }

    pub fn rooms(&self) -> impl Iterator<Item = &str> {
        self.rooms.keys().map(|s| s.as_str())
    }

    pub fn bookings(&self, room: &str) -> &[Booking] {
        self.rooms.get(room).map(|v| v.as_slice()).unwrap_or(&[])
    }

    pub fn len(&self) -> usize {
        self.rooms.values().map(|v| v.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All pairs of overlapping bookings, room by room, in start order.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out = Vec::new();
        for (room, list) in &self.rooms {
            for (i, a) in list.iter().enumerate() {
                for b in &list[i + 1..] {
                    if b.start >= a.end {
                        break;
                    }
                    if a.overlaps(b) {
                        let start = a.start.max(b.start);
                        let end = a.end.min(b.end);
                        out.push(Conflict {
                            room: room.clone(),
                            first: a.id.clone(),
                            second: b.id.clone(),
                            overlap_minutes: end.0 - start.0,
                        });
                    }
                }
            }
        }
        out
    }

    /// Merged busy intervals of a room clipped to `[from, to)`.
    pub fn busy(&self, room: &str, from: Instant, to: Instant) -> Vec<Slot> {
        let mut merged: Vec<Slot> = Vec::new();
        for b in self.bookings(room) {
            if b.end <= from || b.start >= to {
                continue;
            }
            let s = Slot { start: b.start.max(from), end: b.end.min(to) };
            match merged.last_mut() {
                Some(last) if s.start <= last.end => {
                    if s.end > last.end {
                        last.end = s.end;
                    }
                }
                _ => merged.push(s),
            }
        }
        merged
    }

    /// Gaps of at least `min_minutes` in `[from, to)` for a room.
    pub fn free_slots(&self, room: &str, from: Instant, to: Instant, min_minutes: i64) -> Vec<Slot> {
        let mut out = Vec::new();
        let mut cursor = from;
        for busy in self.busy(room, from, to) {
            if busy.start.0 - cursor.0 >= min_minutes {
                out.push(Slot { start: cursor, end: busy.start });
            }
            cursor = cursor.max(busy.end);
        }
        if to.0 - cursor.0 >= min_minutes {
            out.push(Slot { start: cursor, end: to });
        }
        out
    }

    /// Minutes a room is booked within `[from, to)`.
    pub fn utilisation(&self, room: &str, from: Instant, to: Instant) -> i64 {
        self.busy(room, from, to).iter().map(|s| s.minutes()).sum()
    }
}
