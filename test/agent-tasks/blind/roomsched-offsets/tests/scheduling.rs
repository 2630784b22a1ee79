use roomsched::booking::parse_line;
use roomsched::time::{civil_from_days, days_from_civil, parse_offset};
use roomsched::{parse_csv, parse_zoned, Calendar, Instant};

const WEEK07: &str = include_str!("../data/week07.csv");

fn at(s: &str) -> Instant {
    parse_zoned(s).expect("valid timestamp").instant
}

fn pairs(cal: &Calendar) -> Vec<(String, String, String, i64)> {
    cal.conflicts()
        .into_iter()
        .map(|c| (c.room, c.first, c.second, c.overlap_minutes))
        .collect()
}

#[test]
fn civil_day_roundtrip() {
    for &(y, m, d) in &[(1970, 1, 1), (2000, 2, 29), (2024, 2, 29), (2024, 3, 1), (1969, 12, 31)] {
        let n = days_from_civil(y, m, d);
        assert_eq!(civil_from_days(n), (y, m, d));
    }
    assert_eq!(days_from_civil(1970, 1, 1), 0);
    assert_eq!(days_from_civil(2024, 2, 12), 19_765);
}

#[test]
fn whole_hour_offsets() {
    assert_eq!(parse_offset("Z").unwrap(), 0);
    assert_eq!(parse_offset("+01:00").unwrap(), 60);
    assert_eq!(parse_offset("-05:00").unwrap(), -300);
    assert_eq!(parse_offset("+0900").unwrap(), 540);
    assert_eq!(parse_offset("-08").unwrap(), -480);
    assert!(parse_offset("05:00").is_err());
    assert!(parse_offset("+15:00").is_err());
}

#[test]
fn same_instant_in_different_offices() {
    let london = at("2024-02-12T09:00Z");
    assert_eq!(at("2024-02-12T14:30+05:30"), london);
    assert_eq!(at("2024-02-12T04:00-05:00"), london);
    assert_eq!(at("2024-02-12T18:00+09:00"), london);
    assert_eq!(london.format_in(330), "2024-02-12T14:30+05:30");
    assert_eq!(at("2024-02-13T01:00+05:30").utc(), "2024-02-12T19:30Z");
}

#[test]
fn back_to_back_is_not_a_conflict() {
    let a = parse_line("X1,Atlas,a,2024-02-12T09:00Z,2024-02-12T10:00Z,one", 1).unwrap();
    let b = parse_line("X2,Atlas,b,2024-02-12T15:30+05:30,2024-02-12T16:00+05:30,two", 2).unwrap();
    let cal = Calendar::from_bookings(vec![a, b]);
    assert!(cal.conflicts().is_empty());
}

#[test]
fn rejects_end_before_start() {
    let err = parse_line("X3,Atlas,a,2024-02-12T10:00Z,2024-02-12T10:00+01:00,oops", 7).unwrap_err();
    assert_eq!(err.to_string(), "line 7: booking X3 ends before it starts");
}

#[test]
fn week07_parses_all_rows() {
    let bookings = parse_csv(WEEK07).unwrap();
    assert_eq!(bookings.len(), 13);
    let cal = Calendar::from_bookings(bookings);
    assert_eq!(cal.rooms().collect::<Vec<_>>(), vec!["Atlas", "Lisbon-2", "bridge-1"]);
    assert_eq!(cal.bookings("Lisbon-2").len(), 2);
}

#[test]
fn week07_free_slots_in_atlas() {
    let cal = Calendar::from_bookings(parse_csv(WEEK07).unwrap());
    let from = at("2024-02-12T08:00Z");
    let to = at("2024-02-12T18:00Z");
    let got: Vec<(String, String)> = cal
        .free_slots("Atlas", from, to, 60)
        .iter()
        .map(|s| (s.start.utc(), s.end.utc()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("2024-02-12T08:00Z".to_string(), "2024-02-12T09:00Z".to_string()),
            ("2024-02-12T11:30Z".to_string(), "2024-02-12T14:00Z".to_string()),
        ]
    );
}

#[test]
fn week07_double_bookings() {
    let cal = Calendar::from_bookings(parse_csv(WEEK07).unwrap());
    assert_eq!(
        pairs(&cal),
        vec![
            ("Atlas".to_string(), "B103".to_string(), "B105".to_string(), 30),
            ("bridge-1".to_string(), "B107".to_string(), "B112".to_string(), 30),
        ]
    );
}
