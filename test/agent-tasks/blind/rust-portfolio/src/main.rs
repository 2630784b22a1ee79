//! portfolio - replay a market feed and print portfolio valuations.
//!
//! Feed commands (one per line, `#` starts a comment):
//!   price <SYMBOL> <amount>      latest trade price, e.g. `price ACME 12.50`
//!   buy   <SYMBOL> <qty>
//!   sell  <SYMBOL> <qty>
//!   quote <SYMBOL>               print the latest price of one symbol
//!   value [label]                print a valuation of current holdings

use std::collections::BTreeMap;
use std::env;
use std::fmt;
use std::fs;
use std::process;

use hotcache::LruCache;

/// Money in integer cents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Cents(i64);

impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.abs();
        write!(f, "{}{}.{:02}", sign, a / 100, a % 100)
    }
}

fn parse_cents(s: &str) -> Result<Cents, String> {
    let (whole, frac) = match s.split_once('.') {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    if frac.len() > 2 {
        return Err(format!("too many decimals in {:?}", s));
    }
    let w: i64 = whole.parse().map_err(|_| format!("bad amount {:?}", s))?;
    let mut f: i64 = if frac.is_empty() { 0 } else { frac.parse().map_err(|_| format!("bad amount {:?}", s))? };
    if frac.len() == 1 {
        f *= 10;
    }
    Ok(Cents(w * 100 + f))
}

enum Cmd {
    Price(String, Cents),
    Buy(String, i64),
    Sell(String, i64),
    Quote(String),
    Value(String),
}

fn parse_line(lineno: usize, line: &str) -> Result<Option<Cmd>, String> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    let parts: Vec<&str> = line.split_whitespace().collect();
    let err = |m: &str| format!("line {}: {}", lineno, m);
    let qty = |s: &str| s.parse::<i64>().map_err(|_| err("bad quantity"));
    match parts.as_slice() {
        ["price", sym, amt] => Ok(Some(Cmd::Price(sym.to_string(), parse_cents(amt).map_err(|e| err(&e))?))),
        ["buy", sym, q] => Ok(Some(Cmd::Buy(sym.to_string(), qty(q)?))),
        ["sell", sym, q] => Ok(Some(Cmd::Sell(sym.to_string(), qty(q)?))),
        ["quote", sym] => Ok(Some(Cmd::Quote(sym.to_string()))),
        ["value"] => Ok(Some(Cmd::Value(String::new()))),
        ["value", label @ ..] => Ok(Some(Cmd::Value(label.join(" ")))),
        _ => Err(err("unknown command")),
    }
}

struct Book {
    holdings: BTreeMap<String, i64>,
    prices: LruCache<String, Cents>,
}

impl Book {
    fn new() -> Self {
        Book { holdings: BTreeMap::new(), prices: LruCache::new(64) }
    }

    fn apply(&mut self, cmd: Cmd) -> Result<(), String> {
        match cmd {
            Cmd::Price(sym, p) => {
                self.prices.put(sym, p);
            }
            Cmd::Buy(sym, q) => *self.holdings.entry(sym).or_insert(0) += q,
            Cmd::Sell(sym, q) => {
                let h = self.holdings.entry(sym.clone()).or_insert(0);
                if *h < q {
                    return Err(format!("cannot sell {} {}: only {} held", q, sym, h));
                }
                *h -= q;
            }
            Cmd::Quote(sym) => match self.prices.get(&sym) {
                Some(p) => println!("quote {} {}", sym, p),
                None => println!("quote {} (no price yet)", sym),
            },
            Cmd::Value(label) => self.print_value(&label),
        }
        Ok(())
    }

    fn print_value(&mut self, label: &str) {
        let title = if label.is_empty() { "valuation" } else { label };
        println!("== {} ==", title);
        let mut total = Cents(0);
        let syms: Vec<(String, i64)> = self.holdings.iter().filter(|(_, &q)| q != 0).map(|(s, &q)| (s.clone(), q)).collect();
        for (sym, qty) in syms {
            match self.prices.get(&sym) {
                Some(p) => {
                    let v = Cents(p.0 * qty);
                    total = Cents(total.0 + v.0);
                    println!("  {:<6} {:>6} x {:>9} = {:>12}", sym, qty, p.to_string(), v.to_string());
                }
                None => println!("  {:<6} {:>6} x {:>9}", sym, qty, "no price"),
            }
        }
        println!("  {:<27} {:>12}", "total", total.to_string());
    }
}

fn main() {
    let path = env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: portfolio <feed-file>");
        process::exit(2);
    });
    let text = fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {}: {}", path, e);
        process::exit(1);
    });
    let mut book = Book::new();
    for (n, line) in text.lines().enumerate() {
        let cmd = match parse_line(n + 1, line) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(e) => {
                eprintln!("{}", e);
                process::exit(1);
            }
        };
        if let Err(e) = book.apply(cmd) {
            eprintln!("line {}: {}", n + 1, e);
            process::exit(1);
        }
    }
}
