#![allow(dead_code)]
// Values Rust programs hold every day, each printed with Debug ({:?}) on one line as
// `name<TAB>text`, then a stop (the marked line) where all of them are live. The fidelity test reads each
// through the debugger and compares it with this text. `dirty` leaves garbage on the stack first,
// as real programs do: a formatter that reads an enum's unused bytes then sees junk, not zeros.
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone)]
struct Item {
    id: u32,
    name: String,
}

#[derive(Debug)]
enum Ident {
    Alpha(String),
    Num(u64),
    Pair(i32, i32),
    Unit,
}

#[inline(never)]
fn dirty() -> u64 {
    let junk = [0x41u8; 4096];
    let mut sum = 0u64;
    for b in junk.iter() {
        sum += *b as u64;
    }
    std::hint::black_box(&junk);
    sum
}

#[inline(never)]
fn values() {
    let text = String::from("héllo wörld");
    let str_slice: &str = "static text";
    let items = vec![Item { id: 1, name: "one".into() }, Item { id: 2, name: "two".into() }];
    let idents = vec![Ident::Alpha("rc".into()), Ident::Num(1), Ident::Pair(3, -4), Ident::Unit];
    let ident = Ident::Num(7);
    let some_string: Option<String> = Some("present".into());
    let none_string: Option<String> = None;
    let some_num: Option<i32> = Some(5);
    let none_num: Option<i32> = None;
    let ok_result: Result<u32, String> = Ok(200);
    let err_result: Result<u32, String> = Err("bad input".into());
    let mut hash_map: HashMap<String, i32> = HashMap::new();
    hash_map.insert("apple".into(), 1);
    hash_map.insert("pear".into(), 2);
    let mut btree: BTreeMap<i32, &str> = BTreeMap::new();
    btree.insert(1, "x");
    btree.insert(2, "y");
    btree.insert(3, "z");
    let boxed: Box<Item> = Box::new(Item { id: 9, name: "boxed".into() });
    let shared = Rc::new(RefCell::new(vec![10, 20]));
    let locked = Arc::new(Mutex::new(42));
    let array = [1, 2, 3, 4];
    let slice: &[i32] = &array[1..3];
    let tuple = (7, "seven", 7.5);
    let letter = 'λ';
    let big: u128 = u128::MAX - 1;
    let strings = vec!["a".to_string(), "bc".to_string()];
    let nested = vec![vec![1], vec![2, 3]];
    let empty: Vec<i32> = Vec::new();
    // Garbage as a frame holds it before a value is built (or in a union's unused bytes): lengths
    // far above any capacity. Never read or dropped by the program; the debugger must survive them.
    let junk_string: std::mem::ManuallyDrop<String> = unsafe { std::mem::transmute([0x41u8; 24]) };
    let junk_vec: std::mem::ManuallyDrop<Vec<u64>> = unsafe { std::mem::transmute([0x41u8; 24]) };
    // A HashMap of garbage: rustc's provider walks `capacity` buckets, here ~4.7e18 (a loop the time budget ends).
    let junk_map: std::mem::ManuallyDrop<HashMap<u64, u64>> = unsafe { std::mem::transmute([0x41u8; std::mem::size_of::<HashMap<u64, u64>>()]) };
    std::hint::black_box((&junk_string, &junk_vec, &junk_map));
    println!("text\t{:?}", text);
    println!("str_slice\t{:?}", str_slice);
    println!("items\t{:?}", items);
    println!("idents\t{:?}", idents);
    println!("ident\t{:?}", ident);
    println!("some_string\t{:?}", some_string);
    println!("none_string\t{:?}", none_string);
    println!("some_num\t{:?}", some_num);
    println!("none_num\t{:?}", none_num);
    println!("ok_result\t{:?}", ok_result);
    println!("err_result\t{:?}", err_result);
    println!("hash_map\t{:?}", hash_map);
    println!("btree\t{:?}", btree);
    println!("boxed\t{:?}", boxed);
    println!("shared\t{:?}", shared.borrow());
    println!("locked\t{:?}", *locked.lock().unwrap());
    println!("array\t{:?}", array);
    println!("slice\t{:?}", slice);
    println!("tuple\t{:?}", tuple);
    println!("letter\t{:?}", letter);
    println!("big\t{:?}", big);
    println!("strings\t{:?}", strings);
    println!("nested\t{:?}", nested);
    println!("empty\t{:?}", empty);
    println!("ready"); // @mark stop
}

fn main() {
    std::hint::black_box(dirty());
    values();
}
