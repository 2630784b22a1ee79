//! Reading the release ledger file.
//!
//! Format: one release per line, whitespace separated
//! `<package> <version> <published YYYY-MM-DD> [yanked]`.
//! Blank lines and lines starting with `#` are ignored.

use std::fmt;
use versa::Version;

#[derive(Debug, Clone)]
pub struct Release {
    pub package: String,
    pub version: Version,
    pub published: String,
    pub yanked: bool,
    pub line: usize,
}

#[derive(Debug)]
pub struct LedgerError {
    pub line: usize,
    pub msg: String,
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.msg)
    }
}

fn valid_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

pub fn parse_ledger(text: &str) -> Result<Vec<Release>, LedgerError> {
    let mut out = Vec::new();
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = trimmed.split_whitespace().collect();
        if fields.len() < 3 || fields.len() > 4 {
            return Err(LedgerError { line, msg: format!("expected 3 or 4 fields, got {}", fields.len()) });
        }
        let version = Version::parse(fields[1])
            .map_err(|e| LedgerError { line, msg: e.to_string() })?;
        if !valid_date(fields[2]) {
            return Err(LedgerError { line, msg: format!("bad date {:?}", fields[2]) });
        }
        let yanked = match fields.get(3) {
            None => false,
            Some(&"yanked") => true,
            Some(other) => {
                return Err(LedgerError { line, msg: format!("unknown flag {:?}", other) })
            }
        };
        out.push(Release {
            package: fields[0].to_owned(),
            version,
            published: fields[2].to_owned(),
            yanked,
            line,
        });
    }
    Ok(out)
}
