//! # versa
//!
//! A small, dependency-free implementation of [Semantic Versioning 2.0.0]
//! parsing and precedence.
//!
//! * [`Version`] parses `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
//! * Ordering follows the precedence rules of the specification (section 11):
//!   build metadata is ignored, a pre-release version has lower precedence
//!   than the associated normal version, and pre-release identifiers are
//!   compared field by field.
//!
//! [Semantic Versioning 2.0.0]: https://semver.org/spec/v2.0.0.html

#![forbid(unsafe_code)]

mod ident;
mod parse;

pub use ident::Identifier;
pub use parse::ParseError;

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A parsed semantic version.
///
/// `Eq`/`Ord` implement SemVer *precedence*: two versions that differ only in
/// build metadata compare equal.
#[derive(Debug, Clone)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    /// Dot separated pre-release identifiers, empty for a normal release.
    pub pre: Vec<Identifier>,
    /// Build metadata, kept verbatim, ignored for precedence.
    pub build: Option<String>,
}

impl Version {
    /// Creates a normal (non pre-release) version.
    pub fn new(major: u64, minor: u64, patch: u64) -> Self {
        Version { major, minor, patch, pre: Vec::new(), build: None }
    }

    /// Parses a version string; same as `s.parse::<Version>()`.
    pub fn parse(s: &str) -> Result<Self, ParseError> {
        parse::parse_version(s)
    }

    /// `true` if this version has pre-release identifiers.
    pub fn is_prerelease(&self) -> bool {
        !self.pre.is_empty()
    }

    /// Precedence comparison of the pre-release parts only.
    ///
    /// An empty pre-release (normal version) ranks above any non-empty one;
    /// otherwise identifiers are compared left to right and a longer list wins
    /// when all preceding identifiers are equal.
    pub fn cmp_pre(&self, other: &Self) -> Ordering {
        match (self.pre.is_empty(), other.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => {
                for (a, b) in self.pre.iter().zip(other.pre.iter()) {
                    match a.cmp(b) {
                        Ordering::Equal => continue,
                        non_eq => return non_eq,
                    }
                }
                self.pre.len().cmp(&other.pre.len())
            }
        }
    }
}

impl FromStr for Version {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse::parse_version(s)
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Version {}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        self.major
            .cmp(&other.major)
            .then(self.minor.cmp(&other.minor))
            .then(self.patch.cmp(&other.patch))
            .then_with(|| self.cmp_pre(other))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            f.write_str("-")?;
            for (i, id) in self.pre.iter().enumerate() {
                if i > 0 {
                    f.write_str(".")?;
                }
                write!(f, "{}", id)?;
            }
        }
        if let Some(b) = &self.build {
            write!(f, "+{}", b)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        s.parse().unwrap()
    }

    #[test]
    fn release_beats_prerelease() {
        assert!(v("1.0.0-rc.1") < v("1.0.0"));
    }

    #[test]
    fn numeric_fields() {
        assert!(v("1.0.0-beta.2") < v("1.0.0-beta.11"));
        assert!(v("1.9.0") < v("1.10.0"));
    }

    #[test]
    fn build_ignored() {
        assert_eq!(v("1.0.0+a"), v("1.0.0+b"));
    }
}
