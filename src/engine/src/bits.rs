//! Bit scans on 16-bit masks by table (the 68000 has no bit-scan instruction):
//! the sweeps turn "which pixel columns / rows of a tile are blocked" masks into
//! distances in pixels.

/// `LOWEST[b]`: index of the lowest set bit of byte `b` (8 for 0).
static LOWEST: [u8; 256] = {
    let mut t = [8u8; 256];
    let mut i = 1;
    while i < 256 {
        t[i] = (i as u8).trailing_zeros() as u8;
        i += 1;
    }
    t
};

/// `FROM_TOP[b]`: number of clear bits above the highest set bit of byte `b` (8 for 0).
static FROM_TOP: [u8; 256] = {
    let mut t = [8u8; 256];
    let mut i = 1;
    while i < 256 {
        t[i] = (i as u8).leading_zeros() as u8;
        i += 1;
    }
    t
};

/// Index of the lowest set bit of `m` (bit 0 = 0), 16 when `m` is 0: the
/// distance in pixels to the first blocked pixel when bit 0 is the pixel
/// where a sweep starts and it moves towards higher bits.
#[inline(always)]
pub(crate) fn lowest(m: u16) -> i16 {
    let lo = m as u8;
    if lo != 0 {
        LOWEST[lo as usize] as i16
    } else {
        LOWEST[(m >> 8) as usize] as i16 + 8
    }
}

/// Number of clear bits above the highest set bit of `m` (bit 15 set = 0), 16
/// when `m` is 0: the distance to the first blocked pixel when bit 15 is where a
/// sweep starts and it moves towards lower bits.
#[inline(always)]
pub(crate) fn highest_from_top(m: u16) -> i16 {
    let hi = (m >> 8) as u8;
    if hi != 0 {
        FROM_TOP[hi as usize] as i16
    } else {
        FROM_TOP[m as u8 as usize] as i16 + 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_match_core() {
        for m in 0..=u16::MAX {
            assert_eq!(lowest(m), m.trailing_zeros().min(16) as i16, "{m:#x}");
            assert_eq!(highest_from_top(m), m.leading_zeros().min(16) as i16, "{m:#x}");
        }
    }
}
