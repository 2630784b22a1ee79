//! A single-symbol price/time priority limit order book, plus a replayer for
//! the plain-text session logs produced by the desk simulator.

pub mod book;
pub mod replay;
pub mod types;

pub use book::OrderBook;
pub use replay::{replay, Ledger, Position, ReplayError};
pub use types::{parse_price, BookError, Fill, NewOrder, Order, OrderId, Price, Qty, Side};
