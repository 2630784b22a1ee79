use std::fmt;

pub type OrderId = u64;
/// Price in ticks (hundredths of a currency unit).
pub type Price = u64;
pub type Qty = u64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Buy,
    Sell,
}

impl Side {
    pub fn opposite(self) -> Side {
        match self {
            Side::Buy => Side::Sell,
            Side::Sell => Side::Buy,
        }
    }
}

/// An order as submitted by a client.
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrder {
    pub id: OrderId,
    pub trader: String,
    pub side: Side,
    pub price: Price,
    pub qty: Qty,
    /// Client timestamp, milliseconds since midnight.
    pub entered_at: u64,
}

/// A resting order.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: OrderId,
    pub trader: String,
    pub side: Side,
    pub price: Price,
    pub qty: Qty,
    pub filled: Qty,
    pub entered_at: u64,
    /// Arrival sequence assigned by the book; lower is earlier.
    pub(crate) seq: u64,
}

impl Order {
    pub fn open(&self) -> Qty {
        self.qty - self.filled
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fill {
    pub maker: OrderId,
    pub taker: OrderId,
    pub maker_trader: String,
    pub taker_trader: String,
    pub taker_side: Side,
    pub price: Price,
    pub qty: Qty,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    DuplicateId(OrderId),
    UnknownOrder(OrderId),
    ZeroQuantity,
    ZeroPrice,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::DuplicateId(id) => write!(f, "order id {id} already in use"),
            BookError::UnknownOrder(id) => write!(f, "no resting order {id}"),
            BookError::ZeroQuantity => write!(f, "quantity must be positive"),
            BookError::ZeroPrice => write!(f, "price must be positive"),
        }
    }
}

impl std::error::Error for BookError {}

/// Parses "101", "101.5" or "101.25" into ticks.
pub fn parse_price(s: &str) -> Option<Price> {
    let (whole, frac) = match s.split_once('.') {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    if whole.is_empty() || frac.len() > 2 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let whole: u64 = whole.parse().ok()?;
    let frac_ticks = match frac.len() {
        0 => 0,
        1 => frac.parse::<u64>().ok()? * 10,
        _ => frac.parse::<u64>().ok()?,
    };
    whole.checked_mul(100)?.checked_add(frac_ticks)
}
