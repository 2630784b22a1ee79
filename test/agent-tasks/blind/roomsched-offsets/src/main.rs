use roomsched::{parse_csv, parse_zoned, report, Calendar};
use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!("usage: roomsched <bookings.csv> [--free ROOM FROM TO MINUTES]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return usage();
    }
    let text = match std::fs::read_to_string(&args[0]) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("roomsched: {}: {e}", args[0]);
            return ExitCode::from(1);
        }
    };
    let bookings = match parse_csv(&text) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("roomsched: {}: {e}", args[0]);
            return ExitCode::from(1);
        }
    };
    let cal = Calendar::from_bookings(bookings);
    print!("{}", report::schedule(&cal));
    let conflicts = cal.conflicts();
    print!("{}", report::conflicts(&conflicts));

    if args.len() >= 2 {
        if args[1] != "--free" || args.len() != 6 {
            return usage();
        }
        let (from, to) = match (parse_zoned(&args[3]), parse_zoned(&args[4])) {
            (Ok(f), Ok(t)) => (f.instant, t.instant),
            _ => return usage(),
        };
        let min: i64 = match args[5].parse() {
            Ok(m) => m,
            Err(_) => return usage(),
        };
        let slots = cal.free_slots(&args[2], from, to, min);
        print!("{}", report::free(&args[2], &slots, from, to));
    }
    if conflicts.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    }
}
