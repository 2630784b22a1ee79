use std::collections::HashMap;
use std::fmt;

use crate::book::OrderBook;
use crate::types::{parse_price, BookError, Fill, NewOrder, Side};

/// Receives fills as the replay produces them.
pub trait FillSink {
    fn on_fill(&mut self, fill: &Fill);
}

impl FillSink for Vec<Fill> {
    fn on_fill(&mut self, fill: &Fill) {
        self.push(fill.clone());
    }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Net quantity: bought minus sold.
    pub qty: i64,
    /// Net cash in ticks: received minus paid.
    pub cash: i64,
    pub trades: u32,
}

/// Per-trader positions built from fills.
#[derive(Debug, Default)]
pub struct Ledger {
    positions: HashMap<String, Position>,
}

impl Ledger {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn position(&self, trader: &str) -> Position {
        self.positions.get(trader).copied().unwrap_or_default()
    }

    pub fn traders(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.positions.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    fn book_trade(&mut self, trader: &str, side: Side, qty: u64, price: u64) {
        let p = self.positions.entry(trader.to_string()).or_default();
        let notional = (qty * price) as i64;
        match side {
            Side::Buy => {
                p.qty += qty as i64;
                p.cash -= notional;
            }
            Side::Sell => {
                p.qty -= qty as i64;
                p.cash += notional;
            }
        }
        p.trades += 1;
    }
}

impl FillSink for Ledger {
    fn on_fill(&mut self, f: &Fill) {
        self.book_trade(&f.taker_trader, f.taker_side, f.qty, f.price);
        self.book_trade(&f.maker_trader, f.taker_side.opposite(), f.qty, f.price);
    }
}

#[derive(Debug, PartialEq)]
pub enum ReplayError {
    Syntax { line: usize, msg: String },
    Book { line: usize, err: BookError },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Syntax { line, msg } => write!(f, "line {line}: {msg}"),
            ReplayError::Book { line, err } => write!(f, "line {line}: {err}"),
        }
    }
}

/// "HH:MM:SS" or "HH:MM:SS.mmm" -> milliseconds since midnight.
fn parse_time(s: &str) -> Option<u64> {
    let (hms, ms) = match s.split_once('.') {
        Some((a, b)) if b.len() == 3 => (a, b.parse::<u64>().ok()?),
        Some(_) => return None,
        None => (s, 0),
    };
    let mut parts = hms.split(':').map(|p| p.parse::<u64>().ok());
    let (h, m, sec) = (parts.next()??, parts.next()??, parts.next()??);
    if parts.next().is_some() || h > 23 || m > 59 || sec > 59 {
        return None;
    }
    Some(((h * 60 + m) * 60 + sec) * 1000 + ms)
}

fn parse_side(s: &str) -> Option<Side> {
    match s {
        "BUY" | "B" => Some(Side::Buy),
        "SELL" | "S" => Some(Side::Sell),
        _ => None,
    }
}

enum Command {
    New(NewOrder),
    Cancel(u64),
    Amend(u64, u64),
}

fn parse_line(line: &str) -> Result<Command, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let time = f
        .first()
        .and_then(|t| parse_time(t))
        .ok_or("bad timestamp")?;
    let num = |i: usize, what: &str| -> Result<u64, String> {
        f.get(i)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("bad {what}"))
    };
    match f.get(1).copied() {
        // 09:30:00 NEW <id> <trader> <BUY|SELL> <qty> @ <price>
        Some("NEW") => {
            if f.len() != 8 || f[6] != "@" {
                return Err("expected: NEW <id> <trader> <side> <qty> @ <price>".into());
            }
            Ok(Command::New(NewOrder {
                id: num(2, "order id")?,
                trader: f[3].to_string(),
                side: parse_side(f[4]).ok_or("bad side")?,
                qty: num(5, "quantity")?,
                price: parse_price(f[7]).ok_or("bad price")?,
                entered_at: time,
            }))
        }
        Some("CXL") => Ok(Command::Cancel(num(2, "order id")?)),
        Some("AMD") => Ok(Command::Amend(num(2, "order id")?, num(3, "quantity")?)),
        Some(other) => Err(format!("unknown command {other}")),
        None => Err("missing command".into()),
    }
}

/// Replays a session log into `book`, forwarding fills to `sink`.
/// Returns the number of commands applied.
pub fn replay<S: FillSink>(book: &mut OrderBook, log: &str, sink: &mut S) -> Result<usize, ReplayError> {
    let mut applied = 0;
    for (n, raw) in log.lines().enumerate() {
        let line = n + 1;
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let cmd = parse_line(text).map_err(|msg| ReplayError::Syntax { line, msg })?;
        let book_err = |err| ReplayError::Book { line, err };
        match cmd {
            Command::New(o) => {
                for f in book.submit(o).map_err(book_err)? {
                    sink.on_fill(&f);
                }
            }
            Command::Cancel(id) => {
                book.cancel(id).map_err(book_err)?;
            }
            Command::Amend(id, qty) => book.amend(id, qty).map_err(book_err)?,
        }
        applied += 1;
    }
    Ok(applied)
}
