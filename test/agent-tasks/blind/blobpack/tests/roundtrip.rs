use blobpack::{pack, unpack, FrameError, Header};

fn roundtrip(data: &[u8]) -> Vec<u8> {
    let packed = pack(data);
    unpack(&packed).expect("unpack of freshly packed frame")
}

#[test]
fn empty_input() {
    assert_eq!(roundtrip(b""), b"");
}

#[test]
fn text_is_mostly_literal() {
    let s = b"The quick brown fox jumps over the lazy dog. 0123456789";
    assert_eq!(roundtrip(s), s.to_vec());
    assert!(pack(s).len() <= s.len() + 12);
}

#[test]
fn short_runs_and_literals_mixed() {
    let data = b"aaabbbbbcdeffffffffffgh\0\0\0\0\0\0\0\0xyz";
    assert_eq!(roundtrip(data), data.to_vec());
}

#[test]
fn long_literal_stretch() {
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 + i / 3) as u8).collect();
    assert_eq!(roundtrip(&data), data);
}

#[test]
fn header_records_length() {
    let data = vec![9u8; 50];
    let h = Header::read(&pack(&data)).unwrap();
    assert_eq!(h.original_len, 50);
}

#[test]
fn corrupted_payload_is_rejected() {
    let mut packed = pack(b"hello hello hello hello");
    let last = packed.len() - 1;
    packed[last] ^= 0x55;
    assert!(matches!(unpack(&packed), Err(FrameError::BadChecksum { .. })));
}

/// A 64x32 one-byte-per-pixel mask: a ring and a filled box surrounded by
/// lots of transparent space, like the sprite masks the game ships.
fn sprite_mask() -> Vec<u8> {
    let (w, h) = (64usize, 32usize);
    let mut m = vec![0u8; w * h];
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x as i32 - 20, y as i32 - 16);
            let ring = (36..=64).contains(&(dx * dx + dy * dy));
            let boxed = (12..20).contains(&y) && (40..56).contains(&x);
            if ring || boxed {
                m[y * w + x] = 0xff;
            }
        }
    }
    m
}

#[test]
fn sprite_mask_roundtrip() {
    let mask = sprite_mask();
    let restored = roundtrip(&mask);
    assert_eq!(restored.len(), mask.len(), "restored mask has the wrong size");
    assert!(restored == mask, "restored mask differs from original");
}

#[test]
fn sprite_mask_compresses() {
    let mask = sprite_mask();
    let s = blobpack::stats(&mask);
    assert!(s.ratio() < 0.25, "ratio {}", s.ratio());
}
