// Applies 300 deposits to an account. Each deposit carries a sequence number so that a
// deposit delivered twice is applied once.
use std::collections::HashSet;

struct Deposit {
    amount: u64,
}

struct Ledger {
    balance: u64,
    next_seq: u8,
    seen: HashSet<u8>,
    duplicates: u32,
}

impl Ledger {
    fn new() -> Self {
        Ledger { balance: 0, next_seq: 0, seen: HashSet::new(), duplicates: 0 }
    }

    fn apply(&mut self, deposit: &Deposit) {
        let seq = self.next_seq;
        self.next_seq = self.next_seq.wrapping_add(1);
        if !self.seen.insert(seq) {
            self.duplicates += 1; // already applied
            return;
        }
        self.balance += deposit.amount;
    }
}

fn main() {
    let mut ledger = Ledger::new();
    let mut expected = 0u64;
    for i in 0..300u64 {
        let deposit = Deposit { amount: 10 + i % 7 };
        expected += deposit.amount;
        ledger.apply(&deposit);
    }
    println!("balance {} (expected {})", ledger.balance, expected);
}
