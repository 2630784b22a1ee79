//! blobpack: frames a byte buffer with a small header and a run-length
//! encoded payload.  Used for sprite sheets, masks and other sparse
//! buffers that are mostly long runs of the same byte.

pub mod frame;
pub mod rle;

pub use frame::{pack, unpack, FrameError, Header};

/// Compression statistics for a packed frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    pub original: usize,
    pub packed: usize,
}

impl Stats {
    pub fn ratio(&self) -> f64 {
        if self.original == 0 {
            return 1.0;
        }
        self.packed as f64 / self.original as f64
    }
}

pub fn stats(original: &[u8]) -> Stats {
    Stats { original: original.len(), packed: pack(original).len() }
}
