//! Plain-text reports.

use crate::calendar::{Calendar, Conflict, Slot};
use crate::time::Instant;
use std::fmt::Write;

fn hm(minutes: i64) -> String {
    format!("{}h{:02}", minutes / 60, minutes % 60)
}

pub fn schedule(cal: &Calendar) -> String {
    let mut out = String::new();
    for room in cal.rooms() {
        let _ = writeln!(out, "== {room} ==");
        for b in cal.bookings(room) {
            let _ = writeln!(
                out,
                "  {:<6} {} -> {}  ({})  {:<10} {}",
                b.id,
                b.start.utc(),
                b.end.utc(),
                hm(b.duration_minutes()),
                b.organizer,
                b.title
            );
        }
    }
    out
}

pub fn conflicts(list: &[Conflict]) -> String {
    if list.is_empty() {
        return "no conflicts\n".to_string();
    }
    let mut out = String::new();
    for c in list {
        let _ = writeln!(
            out,
            "CONFLICT {}: {} overlaps {} by {} min",
            c.room, c.first, c.second, c.overlap_minutes
        );
    }
    out
}

pub fn free(room: &str, slots: &[Slot], from: Instant, to: Instant) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "free in {room} between {} and {}:", from.utc(), to.utc());
    if slots.is_empty() {
        out.push_str("  (none)\n");
    }
    for s in slots {
        let _ = writeln!(out, "  {} -> {}  ({})", s.start.utc(), s.end.utc(), hm(s.minutes()));
    }
    out
}
