use matchbook::replay::FillSink;
use matchbook::{replay, Fill, Ledger, OrderBook, Position, ReplayError, Side};

const ACME_OPEN: &str = include_str!("data/acme-open.log");

fn pos(qty: i64, cash: i64, trades: u32) -> Position {
    Position { qty, cash, trades }
}

#[test]
fn acme_open_session_positions() {
    let mut book = OrderBook::new("ACME");
    let mut ledger = Ledger::new();
    let applied = replay(&mut book, ACME_OPEN, &mut ledger).expect("replay");
    assert_eq!(applied, 16);

    let expected = [
        ("carol", pos(-8, 79_700, 2)),
        ("dave", pos(-10, 100_750, 2)),
        ("erin", pos(-6, 60_200, 3)),
        ("frank", pos(-20, 202_000, 2)),
        ("gina", pos(-4, 40_400, 1)),
        ("hank", pos(10, -99_750, 2)),
        ("ivan", pos(8, -81_050, 4)),
        ("judy", pos(30, -302_250, 2)),
    ];
    for (trader, want) in expected {
        assert_eq!(ledger.position(trader), want, "position of {trader}");
    }
    let net: i64 = ledger.traders().iter().map(|t| ledger.position(t).qty).sum();
    assert_eq!(net, 0);
}

#[test]
fn fills_are_forwarded_in_execution_order() {
    let log = "\
10:00:00 NEW 1 a SELL 5 @ 10.00
10:00:00 NEW 2 b SELL 5 @ 10.10
10:00:01 NEW 3 c BUY 8 @ 10.10
";
    let mut book = OrderBook::new("T");
    let mut fills: Vec<Fill> = Vec::new();
    replay(&mut book, log, &mut fills).unwrap();
    let summary: Vec<(u64, u64, u64)> = fills.iter().map(|f| (f.maker, f.price, f.qty)).collect();
    assert_eq!(summary, vec![(1, 1000, 5), (2, 1010, 3)]);
    assert_eq!(book.get(2).unwrap().open(), 2);
}

#[test]
fn replay_reports_line_numbers() {
    let log = "# header\n10:00:00 NEW 1 a SELL 5 @ 10.00\n10:00:01 CXL 9\n";
    let mut book = OrderBook::new("T");
    let mut sink: Vec<Fill> = Vec::new();
    let err = replay(&mut book, log, &mut sink).unwrap_err();
    assert!(matches!(err, ReplayError::Book { line: 3, .. }), "{err:?}");

    let err = replay(&mut book, "10:00:00 NEW 2 a SELL 5 10.00\n", &mut sink).unwrap_err();
    assert!(matches!(err, ReplayError::Syntax { line: 1, .. }), "{err:?}");
}

#[test]
fn ledger_books_both_sides() {
    struct Count(usize);
    impl FillSink for Count {
        fn on_fill(&mut self, _: &Fill) {
            self.0 += 1;
        }
    }
    let log = "10:00:00.250 NEW 1 a BUY 4 @ 20.00\n10:00:00.900 NEW 2 b SELL 6 @ 19.50\n";
    let mut ledger = Ledger::new();
    replay(&mut OrderBook::new("T"), log, &mut ledger).unwrap();
    assert_eq!(ledger.position("a"), pos(4, -8000, 1));
    assert_eq!(ledger.position("b"), pos(-4, 8000, 1));

    let mut count = Count(0);
    let mut book = OrderBook::new("T");
    replay(&mut book, log, &mut count).unwrap();
    assert_eq!(count.0, 1);
    assert_eq!(book.best_ask(), Some(1950));
    assert_eq!(book.get(2).map(|o| o.side), Some(Side::Sell));
}
