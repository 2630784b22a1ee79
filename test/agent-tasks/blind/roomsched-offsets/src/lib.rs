//! roomsched: checks shared meeting-room bookings exported from several
//! offices for double bookings and finds free slots.

pub mod booking;
pub mod calendar;
pub mod report;
pub mod time;

pub use booking::{parse_csv, Booking};
pub use calendar::{Calendar, Conflict, Slot};
pub use time::{parse_zoned, Instant};
