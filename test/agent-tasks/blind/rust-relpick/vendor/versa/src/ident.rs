use std::fmt;

/// One dot separated pre-release identifier.
///
/// Identifiers consisting only of digits are numeric and compare numerically;
/// all others are alphanumeric and compare in ASCII order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Identifier {
    /// An identifier containing at least one non-digit (`rc`, `beta`, `x-1`).
    /// An identifier containing at least one non-digit (`rc`, `beta`, `x-1`).
    AlphaNumeric(String),
    /// A digits-only identifier without leading zeros (`1`, `42`).
    Numeric(u64),
}

impl Identifier {
    /// Classifies a raw identifier. The caller has already validated the
    /// character set.
    pub(crate) fn from_raw(raw: &str) -> Option<Identifier> {
        if raw.bytes().all(|b| b.is_ascii_digit()) {
            if raw.len() > 1 && raw.starts_with('0') {
                return None;
            }
            raw.parse().ok().map(Identifier::Numeric)
        } else {
            Some(Identifier::AlphaNumeric(raw.to_owned()))
        }
    }

    /// `true` for a digits-only identifier.
    pub fn is_numeric(&self) -> bool {
        matches!(self, Identifier::Numeric(_))
    }
}

impl fmt::Display for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Identifier::AlphaNumeric(s) => f.write_str(s),
            Identifier::Numeric(n) => write!(f, "{}", n),
        }
    }
}
