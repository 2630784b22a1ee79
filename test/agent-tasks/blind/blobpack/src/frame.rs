//! Frame layout (little endian):
//!
//! ```text
//! "BPK1"  magic
//! u32     original length (used to size the output buffer)
//! u16     Fletcher-16 checksum of the payload
//! ...     rle payload
//! ```

use crate::rle;
use std::fmt;

pub const MAGIC: &[u8; 4] = b"BPK1";
pub const HEADER_LEN: usize = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub original_len: u32,
    pub checksum: u16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrameError {
    TooShort,
    BadMagic,
    BadChecksum { stored: u16, computed: u16 },
    Payload(rle::DecodeError),
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::TooShort => write!(f, "frame shorter than its header"),
            FrameError::BadMagic => write!(f, "not a blobpack frame"),
            FrameError::BadChecksum { stored, computed } => {
                write!(f, "checksum mismatch: stored {:#06x}, computed {:#06x}", stored, computed)
            }
            FrameError::Payload(e) => write!(f, "bad payload: {}", e),
        }
    }
}

impl std::error::Error for FrameError {}

fn fletcher16(data: &[u8]) -> u16 {
    let (mut a, mut b) = (0u16, 0u16);
    for &x in data {
        a = (a + x as u16) % 255;
        b = (b + a) % 255;
    }
    (b << 8) | a
}

impl Header {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.original_len.to_le_bytes());
        out.extend_from_slice(&self.checksum.to_le_bytes());
    }

    pub fn read(frame: &[u8]) -> Result<Header, FrameError> {
        if frame.len() < HEADER_LEN {
            return Err(FrameError::TooShort);
        }
        if &frame[..4] != MAGIC {
            return Err(FrameError::BadMagic);
        }
        let original_len = u32::from_le_bytes([frame[4], frame[5], frame[6], frame[7]]);
        let checksum = u16::from_le_bytes([frame[8], frame[9]]);
        Ok(Header { original_len, checksum })
    }
}

pub fn pack(data: &[u8]) -> Vec<u8> {
    let payload = rle::encode(data);
    let header = Header { original_len: data.len() as u32, checksum: fletcher16(&payload) };
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    header.write(&mut out);
    out.extend_from_slice(&payload);
    out
}

pub fn unpack(frame: &[u8]) -> Result<Vec<u8>, FrameError> {
    let header = Header::read(frame)?;
    let payload = &frame[HEADER_LEN..];
    let computed = fletcher16(payload);
    if computed != header.checksum {
        return Err(FrameError::BadChecksum { stored: header.checksum, computed });
    }
    rle::decode(payload, header.original_len as usize).map_err(FrameError::Payload)
}
