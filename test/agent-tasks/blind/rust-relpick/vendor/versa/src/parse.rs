use crate::{Identifier, Version};
use std::fmt;

/// Error returned when a string is not a valid semantic version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    input: String,
    reason: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid version {:?}: {}", self.input, self.reason)
    }
}

impl std::error::Error for ParseError {}

fn err(input: &str, reason: &'static str) -> ParseError {
    ParseError { input: input.to_owned(), reason }
}

fn valid_ident_chars(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn parse_core_number(input: &str, part: &str) -> Result<u64, ParseError> {
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(input, "major, minor and patch must be numbers"));
    }
    if part.len() > 1 && part.starts_with('0') {
        return Err(err(input, "leading zero in version number"));
    }
    part.parse().map_err(|_| err(input, "version number too large"))
}

pub(crate) fn parse_version(input: &str) -> Result<Version, ParseError> {
    let s = input.trim();
    let s = s.strip_prefix('v').unwrap_or(s);

    let (rest, build) = match s.split_once('+') {
        Some((r, b)) => {
            if !b.split('.').all(valid_ident_chars) {
                return Err(err(input, "bad build metadata"));
            }
            (r, Some(b.to_owned()))
        }
        None => (s, None),
    };

    let (core, pre_raw) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };

    let mut nums = core.split('.');
    let major = parse_core_number(input, nums.next().unwrap_or(""))?;
    let minor = parse_core_number(input, nums.next().unwrap_or(""))?;
    let patch = parse_core_number(input, nums.next().unwrap_or(""))?;
    if nums.next().is_some() {
        return Err(err(input, "too many version components"));
    }

    let mut pre = Vec::new();
    if let Some(p) = pre_raw {
        for raw in p.split('.') {
            if !valid_ident_chars(raw) {
                return Err(err(input, "bad pre-release identifier"));
            }
            let id = Identifier::from_raw(raw)
                .ok_or_else(|| err(input, "leading zero in numeric identifier"))?;
            pre.push(id);
        }
    }

    Ok(Version { major, minor, patch, pre, build })
}
