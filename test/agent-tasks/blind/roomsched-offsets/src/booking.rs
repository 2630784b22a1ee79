//! Booking records as exported from the office calendars.
//!
//! CSV columns: `id,room,organizer,start,end,title`
//! `start` and `end` carry their own UTC offsets; a booking made from the
//! St. John's office is written in Newfoundland time, one from Pune in IST.

use crate::time::{parse_zoned, Instant, TimeError};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub id: String,
    pub room: String,
    pub organizer: String,
    pub start: Instant,
    pub end: Instant,
    /// Offset the organizer wrote the booking in, used for display.
    pub home_offset: i32,
    pub title: String,
}

#[derive(Debug)]
pub enum BookingError {
    Columns { line: usize, found: usize },
    Time { line: usize, err: TimeError },
    EmptyField { line: usize, field: &'static str },
    EndBeforeStart { line: usize, id: String },
}

impl fmt::Display for BookingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookingError::Columns { line, found } => {
                write!(f, "line {line}: expected 6 columns, found {found}")
            }
            BookingError::Time { line, err } => write!(f, "line {line}: {err}"),
            BookingError::EmptyField { line, field } => {
                write!(f, "line {line}: empty {field}")
            }
            BookingError::EndBeforeStart { line, id } => {
                write!(f, "line {line}: booking {id} ends before it starts")
            }
        }
    }
}

impl std::error::Error for BookingError {}

impl Booking {
    pub fn duration_minutes(&self) -> i64 {
        self.end.0 - self.start.0
    }

    pub fn overlaps(&self, other: &Booking) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// Splits one CSV line; supports double-quoted fields with `""` escapes.
fn split_csv(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_quotes = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if in_quotes && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => in_quotes = !in_quotes,
            ',' if !in_quotes => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

pub fn parse_line(line: &str, line_no: usize) -> Result<Booking, BookingError> {
    let cols = split_csv(line);
    if cols.len() != 6 {
        return Err(BookingError::Columns { line: line_no, found: cols.len() });
    }
    let field = |i: usize, name: &'static str| -> Result<String, BookingError> {
        let v = cols[i].trim();
        if v.is_empty() {
            Err(BookingError::EmptyField { line: line_no, field: name })
        } else {
            Ok(v.to_string())
        }
    };
    let id = field(0, "id")?;
    let room = field(1, "room")?;
    let organizer = field(2, "organizer")?;
    let start = parse_zoned(&cols[3]).map_err(|err| BookingError::Time { line: line_no, err })?;
    let end = parse_zoned(&cols[4]).map_err(|err| BookingError::Time { line: line_no, err })?;
    if end.instant <= start.instant {
        return Err(BookingError::EndBeforeStart { line: line_no, id });
    }
    Ok(Booking {
        id,
        room,
        organizer,
        start: start.instant,
        end: end.instant,
        home_offset: start.offset_minutes,
        title: cols[5].trim().to_string(),
    })
}

/// Parses a whole export. Blank lines and `#` comments are skipped; the first
/// non-comment line is treated as a header if it starts with `id,`.
pub fn parse_csv(text: &str) -> Result<Vec<Booking>, BookingError> {
    let mut out = Vec::new();
    let mut seen_header = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if !seen_header {
            seen_header = true;
            if line.starts_with("id,") {
                continue;
            }
        }
        out.push(parse_line(line, i + 1)?);
    }
    Ok(out)
}
