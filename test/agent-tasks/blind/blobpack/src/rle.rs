//! Run-length coding.
//!
//! The stream is a sequence of chunks, each starting with a control byte:
//!
//! * high bit clear: a literal chunk; `control + 1` raw bytes follow.
//! * high bit set:   a run; the low bits hold `length - MIN_RUN` and one
//!                   byte (the repeated value) follows.

use std::fmt;

const RUN_FLAG: u8 = 0x80;
const LEN_BITS: u32 = 7;

/// Shortest run worth encoding as a run (shorter ones stay literal).
pub const MIN_RUN: usize = 3;
/// Longest run a single run chunk can describe.
pub const MAX_RUN: usize = (1 << LEN_BITS) + MIN_RUN;
/// Longest literal chunk.
pub const MAX_LITERAL: usize = 1 << LEN_BITS;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    Truncated { at: usize },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Truncated { at } => write!(f, "rle stream truncated at byte {}", at),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Length of the run of identical bytes at the start of `s`, capped at MAX_RUN.
fn run_length(s: &[u8]) -> usize {
    let first = s[0];
    s.iter().take(MAX_RUN).take_while(|&&b| b == first).count()
}

fn flush_literals(out: &mut Vec<u8>, lits: &[u8]) {
    for chunk in lits.chunks(MAX_LITERAL) {
        out.push((chunk.len() - 1) as u8);
        out.extend_from_slice(chunk);
    }
}

pub fn encode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() / 2 + 8);
    let mut lit_start = 0;
    let mut i = 0;
    while i < input.len() {
        let run = run_length(&input[i..]);
        if run >= MIN_RUN {
            flush_literals(&mut out, &input[lit_start..i]);
            let control = RUN_FLAG | (run - MIN_RUN) as u8;
            out.push(control);
            out.push(input[i]);
            i += run;
            lit_start = i;
        } else {
            i += 1;
        }
    }
    flush_literals(&mut out, &input[lit_start..]);
    out
}

pub fn decode(data: &[u8], size_hint: usize) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::with_capacity(size_hint);
    let mut i = 0;
    while i < data.len() {
        let control = data[i];
        if control & RUN_FLAG != 0 {
            let n = (control & !RUN_FLAG) as usize + MIN_RUN;
            let value = *data.get(i + 1).ok_or(DecodeError::Truncated { at: i })?;
            out.resize(out.len() + n, value);
            i += 2;
        } else {
            let n = control as usize + 1;
            let lits = data.get(i + 1..i + 1 + n).ok_or(DecodeError::Truncated { at: i })?;
            out.extend_from_slice(lits);
            i += 1 + n;
        }
    }
    Ok(out)
}
