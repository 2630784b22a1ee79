//! Timestamps with fixed UTC offsets.
//!
//! Bookings arrive from calendar exports in many time zones, written as
//! `YYYY-MM-DDTHH:MM` followed by `Z` or a `+HH:MM` / `-HH:MM` offset.
//! Internally everything is kept as minutes since 1970-01-01T00:00Z so that
//! bookings from different offices can be compared directly.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeError {
    TooShort(String),
    BadNumber(String),
    BadOffset(String),
    OutOfRange(String),
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeError::TooShort(s) => write!(f, "timestamp too short: {s:?}"),
            TimeError::BadNumber(s) => write!(f, "bad number in timestamp: {s:?}"),
            TimeError::BadOffset(s) => write!(f, "bad UTC offset: {s:?}"),
            TimeError::OutOfRange(s) => write!(f, "field out of range: {s:?}"),
        }
    }
}

impl std::error::Error for TimeError {}

/// A point in time, minutes since the Unix epoch (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(pub i64);

/// A local timestamp as written, plus the offset it was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zoned {
    pub instant: Instant,
    /// Offset from UTC in minutes (east positive).
    pub offset_minutes: i32,
}

/// Days since 1970-01-01 for a proleptic Gregorian date.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Inverse of [`days_from_civil`].
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn num(s: &str, whole: &str) -> Result<i64, TimeError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TimeError::BadNumber(whole.to_string()));
    }
    s.parse::<i64>()
        .map_err(|_| TimeError::BadNumber(whole.to_string()))
}

/// Parses `Z`, `+HH:MM`, `-HH:MM` (or `+HHMM`) into minutes east of UTC.
pub fn parse_offset(s: &str) -> Result<i32, TimeError> {
    if s == "Z" || s == "z" {
        return Ok(0);
    }
    let sign = match s.as_bytes().first() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => return Err(TimeError::BadOffset(s.to_string())),
    };
    let body = &s[1..];
    let (hh, mm) = match body.len() {
        5 if body.as_bytes()[2] == b':' => (&body[..2], &body[3..]),
        4 => (&body[..2], &body[2..]),
        2 => (body, "00"),
        _ => return Err(TimeError::BadOffset(s.to_string())),
    };
    let hours = num(hh, s)? as i32;
    let minutes = num(mm, s)? as i32;
    if hours > 14 || minutes >= 60 {
        return Err(TimeError::BadOffset(s.to_string()));
    }
    let offset = sign * hours * 60 + minutes;
    Ok(offset)
}

/// Parses `YYYY-MM-DDTHH:MM<offset>`.
pub fn parse_zoned(s: &str) -> Result<Zoned, TimeError> {
    let s = s.trim();
    if s.len() < 17 {
        return Err(TimeError::TooShort(s.to_string()));
    }
    let b = s.as_bytes();
    if b[4] != b'-' || b[7] != b'-' || (b[10] != b'T' && b[10] != b' ') || b[13] != b':' {
        return Err(TimeError::BadNumber(s.to_string()));
    }
    let year = num(&s[0..4], s)?;
    let month = num(&s[5..7], s)? as u32;
    let day = num(&s[8..10], s)? as u32;
    let hour = num(&s[11..13], s)?;
    let minute = num(&s[14..16], s)?;
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return Err(TimeError::OutOfRange(s.to_string()));
    }
    if hour > 23 || minute > 59 {
        return Err(TimeError::OutOfRange(s.to_string()));
    }
    let offset_minutes = parse_offset(&s[16..])?;
    let local = days_from_civil(year, month, day) * 1440 + hour * 60 + minute;
    Ok(Zoned {
        instant: Instant(local - offset_minutes as i64),
        offset_minutes,
    })
}

pub fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

pub fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(y) => 29,
        2 => 28,
        _ => 0,
    }
}

fn format_offset(off: i32) -> String {
    if off == 0 {
        return "Z".to_string();
    }
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.abs();
    format!("{sign}{:02}:{:02}", a / 60, a % 60)
}

impl Instant {
    /// Renders the instant in the given offset, e.g. `2024-02-12T08:00-03:30`.
    pub fn format_in(self, offset_minutes: i32) -> String {
        let local = self.0 + offset_minutes as i64;
        let days = local.div_euclid(1440);
        let mins = local.rem_euclid(1440);
        let (y, m, d) = civil_from_days(days);
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}{}",
            mins / 60,
            mins % 60,
            format_offset(offset_minutes)
        )
    }

    pub fn utc(self) -> String {
        self.format_in(0)
    }

    pub fn plus_minutes(self, m: i64) -> Instant {
        Instant(self.0 + m)
    }
}

impl fmt::Display for Instant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.utc())
    }
}
