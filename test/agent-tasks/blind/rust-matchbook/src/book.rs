use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};

use crate::types::{BookError, Fill, NewOrder, Order, OrderId, Price, Qty, Side};

/// Resting orders are kept in one flat vector with an id -> slot index; the
/// book is small (tens of orders) so a linear scan for the best price is
/// cheaper than maintaining per-level queues.
#[derive(Debug, Default)]
pub struct OrderBook {
    symbol: String,
    orders: Vec<Order>,
    index: HashMap<OrderId, usize>,
    next_seq: u64,
    last_price: Option<Price>,
    volume: Qty,
}

impl OrderBook {
    pub fn new(symbol: &str) -> Self {
        OrderBook {
            symbol: symbol.to_string(),
            ..Default::default()
        }
    }

    pub fn symbol(&self) -> &str {
        &self.symbol
    }

    pub fn len(&self) -> usize {
        self.orders.len()
    }

    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    pub fn last_price(&self) -> Option<Price> {
        self.last_price
    }

    pub fn volume(&self) -> Qty {
        self.volume
    }

    pub fn get(&self, id: OrderId) -> Option<&Order> {
        self.index.get(&id).map(|&i| &self.orders[i])
    }

    fn side_iter(&self, side: Side) -> impl Iterator<Item = (usize, &Order)> + '_ {
        self.orders
            .iter()
            .enumerate()
            .filter(move |(_, o)| o.side == side)
    }

    /// Lowest ask at or below `limit` (any price if `limit` is None).
    fn best_ask_idx(&self, limit: Option<Price>) -> Option<usize> {
        self.side_iter(Side::Sell)
            .filter(|(_, o)| limit.map_or(true, |p| o.price <= p))
            .min_by_key(|(_, o)| (o.price, o.entered_at))
            .map(|(i, _)| i)
    }

    /// Highest bid at or above `limit` (any price if `limit` is None).
    fn best_bid_idx(&self, limit: Option<Price>) -> Option<usize> {
        self.side_iter(Side::Buy)
            .filter(|(_, o)| limit.map_or(true, |p| o.price >= p))
            .min_by_key(|(_, o)| (Reverse(o.price), o.seq))
            .map(|(i, _)| i)
    }

    pub fn best_bid(&self) -> Option<Price> {
        self.best_bid_idx(None).map(|i| self.orders[i].price)
    }

    pub fn best_ask(&self) -> Option<Price> {
        self.best_ask_idx(None).map(|i| self.orders[i].price)
    }

    fn bump_seq(&mut self) -> u64 {
        self.next_seq += 1;
        self.next_seq
    }

    /// Submits a limit order. Crosses against the opposite side first; any
    /// remainder rests in the book. Returns the fills in execution order.
    pub fn submit(&mut self, new: NewOrder) -> Result<Vec<Fill>, BookError> {
        if new.qty == 0 {
            return Err(BookError::ZeroQuantity);
        }
        if new.price == 0 {
            return Err(BookError::ZeroPrice);
        }
        if self.index.contains_key(&new.id) {
            return Err(BookError::DuplicateId(new.id));
        }

        let mut remaining = new.qty;
        let mut fills = Vec::new();
        while remaining > 0 {
            let maker_idx = match new.side {
                Side::Buy => self.best_ask_idx(Some(new.price)),
                Side::Sell => self.best_bid_idx(Some(new.price)),
            };
            let Some(idx) = maker_idx else { break };

            let maker = &mut self.orders[idx];
            let qty = remaining.min(maker.open());
            maker.filled += qty;
            remaining -= qty;
            fills.push(Fill {
                maker: maker.id,
                taker: new.id,
                maker_trader: maker.trader.clone(),
                taker_trader: new.trader.clone(),
                taker_side: new.side,
                price: maker.price,
                qty,
            });
            self.last_price = Some(maker.price);
            self.volume += qty;
            if maker.open() == 0 {
                self.remove_at(idx);
            }
        }

        if remaining > 0 {
            let seq = self.bump_seq();
            self.index.insert(new.id, self.orders.len());
            self.orders.push(Order {
                id: new.id,
                trader: new.trader,
                side: new.side,
                price: new.price,
                qty: new.qty,
                filled: new.qty - remaining,
                entered_at: new.entered_at,
                seq,
            });
        }
        Ok(fills)
    }

    fn remove_at(&mut self, idx: usize) -> Order {
        let order = self.orders.swap_remove(idx);
        self.index.remove(&order.id);
        if let Some(moved) = self.orders.get(idx) {
            self.index.insert(moved.id, idx);
        }
        order
    }

    pub fn cancel(&mut self, id: OrderId) -> Result<Order, BookError> {
        let idx = *self.index.get(&id).ok_or(BookError::UnknownOrder(id))?;
        Ok(self.remove_at(idx))
    }

    /// Changes the open quantity of a resting order. Reducing keeps the
    /// order's place in the queue; increasing sends it to the back of its
    /// price level. An open quantity of zero cancels the order.
    pub fn amend(&mut self, id: OrderId, new_open: Qty) -> Result<(), BookError> {
        let idx = *self.index.get(&id).ok_or(BookError::UnknownOrder(id))?;
        if new_open == 0 {
            self.remove_at(idx);
            return Ok(());
        }
        let grows = new_open > self.orders[idx].open();
        let seq = if grows { Some(self.bump_seq()) } else { None };
        let order = &mut self.orders[idx];
        order.qty = order.filled + new_open;
        if let Some(seq) = seq {
            order.seq = seq;
        }
        Ok(())
    }

    /// Aggregated open quantity per price level, best level first.
    pub fn depth(&self, side: Side, levels: usize) -> Vec<(Price, Qty)> {
        let mut agg: BTreeMap<Price, Qty> = BTreeMap::new();
        for (_, o) in self.side_iter(side) {
            *agg.entry(o.price).or_default() += o.open();
        }
        let iter: Box<dyn Iterator<Item = (Price, Qty)>> = match side {
            Side::Buy => Box::new(agg.into_iter().rev()),
            Side::Sell => Box::new(agg.into_iter()),
        };
        iter.take(levels).collect()
    }

    /// Resting orders of one trader, oldest first.
    pub fn orders_of(&self, trader: &str) -> Vec<&Order> {
        let mut v: Vec<&Order> = self.orders.iter().filter(|o| o.trader == trader).collect();
        v.sort_by_key(|o| o.seq);
        v
    }
}
