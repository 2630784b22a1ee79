mod ledger;
mod summary;

use std::env;
use std::fs;
use std::process::ExitCode;

fn cell(r: Option<&ledger::Release>) -> String {
    match r {
        Some(r) => format!("{} ({})", r.version, r.published),
        None => "-".to_owned(),
    }
}

fn main() -> ExitCode {
    let path = match env::args().nth(1) {
        Some(p) => p,
        None => {
            eprintln!("usage: relpick <ledger-file>");
            return ExitCode::from(2);
        }
    };
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("relpick: {}: {}", path, e);
            return ExitCode::from(1);
        }
    };
    let releases = match ledger::parse_ledger(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("relpick: {}: {}", path, e);
            return ExitCode::from(1);
        }
    };

    for (i, a) in releases.iter().enumerate() {
        if let Some(b) = releases[..i]
            .iter()
            .find(|b| b.package == a.package && b.version == a.version)
        {
            eprintln!(
                "relpick: warning: line {}: {} {} already listed on line {}",
                a.line, a.package, a.version, b.line
            );
        }
    }

    let rows = summary::summarize(&releases);
    println!("{:<10} {:>4} {:>6}  {:<26} {}", "package", "rels", "yanked", "stable", "preview");
    for row in &rows {
        println!(
            "{:<10} {:>4} {:>6}  {:<26} {}",
            row.package,
            row.releases,
            row.yanked,
            cell(row.stable),
            cell(row.preview)
        );
    }
    ExitCode::SUCCESS
}
