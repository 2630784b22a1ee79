use matchbook::{parse_price, BookError, NewOrder, OrderBook, Side};

fn order(id: u64, trader: &str, side: Side, qty: u64, price: &str, t: u64) -> NewOrder {
    NewOrder {
        id,
        trader: trader.to_string(),
        side,
        price: parse_price(price).unwrap(),
        qty,
        entered_at: t,
    }
}

#[test]
fn parses_prices_to_ticks() {
    assert_eq!(parse_price("101"), Some(10100));
    assert_eq!(parse_price("101.5"), Some(10150));
    assert_eq!(parse_price("0.07"), Some(7));
    assert_eq!(parse_price("1.234"), None);
    assert_eq!(parse_price(".5"), None);
}

#[test]
fn crossing_order_fills_and_rests_remainder() {
    let mut b = OrderBook::new("T");
    b.submit(order(1, "a", Side::Sell, 10, "50.00", 1)).unwrap();
    let fills = b.submit(order(2, "b", Side::Buy, 15, "50.10", 2)).unwrap();
    assert_eq!(fills.len(), 1);
    assert_eq!((fills[0].maker, fills[0].price, fills[0].qty), (1, 5000, 10));
    assert_eq!(b.best_bid(), Some(5010));
    assert_eq!(b.best_ask(), None);
    assert_eq!(b.get(2).unwrap().open(), 5);
    assert_eq!(b.volume(), 10);
}

#[test]
fn better_price_fills_first() {
    let mut b = OrderBook::new("T");
    b.submit(order(1, "a", Side::Sell, 5, "50.20", 1)).unwrap();
    b.submit(order(2, "a", Side::Sell, 5, "50.10", 2)).unwrap();
    b.submit(order(3, "a", Side::Sell, 5, "50.30", 3)).unwrap();
    let fills = b.submit(order(4, "b", Side::Buy, 12, "50.30", 4)).unwrap();
    let makers: Vec<u64> = fills.iter().map(|f| f.maker).collect();
    assert_eq!(makers, vec![2, 1, 3]);
    assert_eq!(b.last_price(), Some(5030));
}

#[test]
fn earlier_order_fills_first_at_same_price() {
    let mut b = OrderBook::new("T");
    b.submit(order(1, "x", Side::Buy, 5, "20.00", 100)).unwrap();
    b.submit(order(2, "y", Side::Buy, 5, "20.00", 200)).unwrap();
    b.submit(order(3, "x", Side::Sell, 5, "21.00", 300)).unwrap();
    b.submit(order(4, "y", Side::Sell, 5, "21.00", 400)).unwrap();

    let f = b.submit(order(5, "z", Side::Sell, 7, "20.00", 500)).unwrap();
    assert_eq!(f.iter().map(|f| (f.maker, f.qty)).collect::<Vec<_>>(), vec![(1, 5), (2, 2)]);
    let f = b.submit(order(6, "z", Side::Buy, 7, "21.00", 600)).unwrap();
    assert_eq!(f.iter().map(|f| (f.maker, f.qty)).collect::<Vec<_>>(), vec![(3, 5), (4, 2)]);
}

#[test]
fn cancel_keeps_other_orders_reachable() {
    let mut b = OrderBook::new("T");
    for id in 1..=5 {
        b.submit(order(id, "m", Side::Sell, id * 10, "30.00", id)).unwrap();
    }
    assert_eq!(b.cancel(2).unwrap().qty, 20);
    assert_eq!(b.cancel(2), Err(BookError::UnknownOrder(2)));
    for id in [1, 3, 4, 5] {
        assert_eq!(b.get(id).unwrap().qty, id * 10, "order {id}");
    }
    assert_eq!(b.len(), 4);
}

#[test]
fn amend_rules() {
    let mut b = OrderBook::new("T");
    b.submit(order(1, "p", Side::Buy, 10, "10.00", 1)).unwrap();
    b.submit(order(2, "q", Side::Buy, 10, "10.00", 2)).unwrap();
    b.submit(order(3, "r", Side::Buy, 10, "10.00", 3)).unwrap();

    b.amend(1, 30).unwrap(); // up: back of the queue
    b.amend(2, 4).unwrap(); // down: keeps its place
    let f = b.submit(order(4, "s", Side::Sell, 20, "10.00", 4)).unwrap();
    assert_eq!(f.iter().map(|f| (f.maker, f.qty)).collect::<Vec<_>>(), vec![(2, 4), (3, 10), (1, 6)]);
    assert_eq!(b.get(1).unwrap().open(), 24);

    b.amend(1, 0).unwrap();
    assert!(b.is_empty());
    assert_eq!(b.amend(1, 5), Err(BookError::UnknownOrder(1)));
}

#[test]
fn depth_aggregates_levels() {
    let mut b = OrderBook::new("T");
    b.submit(order(1, "a", Side::Buy, 3, "9.90", 1)).unwrap();
    b.submit(order(2, "b", Side::Buy, 4, "9.95", 2)).unwrap();
    b.submit(order(3, "c", Side::Buy, 5, "9.90", 3)).unwrap();
    b.submit(order(4, "d", Side::Sell, 6, "10.05", 4)).unwrap();
    assert_eq!(b.depth(Side::Buy, 5), vec![(995, 4), (990, 8)]);
    assert_eq!(b.depth(Side::Sell, 1), vec![(1005, 6)]);
    assert_eq!(b.orders_of("c").len(), 1);
}

#[test]
fn rejects_bad_orders() {
    let mut b = OrderBook::new("T");
    b.submit(order(1, "a", Side::Buy, 3, "9.90", 1)).unwrap();
    assert_eq!(b.submit(order(1, "a", Side::Buy, 3, "9.90", 2)), Err(BookError::DuplicateId(1)));
    assert_eq!(b.submit(order(2, "a", Side::Buy, 0, "9.90", 2)), Err(BookError::ZeroQuantity));
    assert_eq!(b.submit(order(3, "a", Side::Buy, 1, "0", 2)), Err(BookError::ZeroPrice));
}
