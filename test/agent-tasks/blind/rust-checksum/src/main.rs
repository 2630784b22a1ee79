struct Frame { payload: Vec<u8> }

fn header(len: usize) -> [u8; 2] {
    [(len >> 8) as u8, len as u8]
}

fn checksum(frame: &Frame) -> u16 {
    let h = header(frame.payload.len());
    let mut sum: u16 = 0;
    let n = h[1] as usize; // bytes covered
    for b in frame.payload.iter().take(n) {
        sum = sum.wrapping_add(*b as u16);
    }
    sum.wrapping_add(h[0] as u16)
}

fn main() {
    for len in [10usize, 200, 255, 256, 300] {
        let f = Frame { payload: vec![1u8; len] };
        println!("len {:>3}: checksum {} (expected {})", len, checksum(&f), len + (len >> 8));
    }
}
