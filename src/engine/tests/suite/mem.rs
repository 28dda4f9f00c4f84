//! The copy and fill routines every struct assignment compiles to (`memcpy`, `memset`): on
//! the 68000 these are the hand-written ones of `src/megadrive/asm/mem.s`, so here they are
//! checked on every length up to 40 bytes and a few long ones, at every alignment of both
//! addresses, around the copied area too. The expected bytes come from a formula per
//! position, never from a copy or a fill.

use core::hint::black_box;

const BUF: usize = 96;

/// A byte pattern that differs at every position and between the two buffers.
fn fill_pattern(buf: &mut [u8; BUF], seed: u8) {
    for (i, b) in buf.iter_mut().enumerate() {
        *b = pattern(i, seed);
    }
}

fn pattern(i: usize, seed: u8) -> u8 {
    (i as u8).wrapping_mul(7).wrapping_add(seed)
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn memcpy_copies_every_length_at_every_alignment() {
    let (mut src, mut dst) = ([0u8; BUF], [0u8; BUF]);
    for len in (0..=40).chain([63, 64, 65, 80]) {
        for s in 0..4 {
            for d in 0..4 {
                if d + len > BUF - 4 || s + len > BUF {
                    continue;
                }
                fill_pattern(&mut src, 1);
                fill_pattern(&mut dst, 100);
                let (s0, d0, n) = (black_box(s), black_box(d), black_box(len));
                dst[d0..d0 + n].copy_from_slice(&src[s0..s0 + n]);
                for (i, &got) in dst.iter().enumerate() {
                    let want = if i >= d && i < d + len { pattern(s + i - d, 1) } else { pattern(i, 100) };
                    assert_eq!(got, want, "memcpy len {} src+{} dst+{}: byte {}", len, s, d, i);
                }
            }
        }
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn memset_fills_every_length_at_every_alignment() {
    let mut dst = [0u8; BUF];
    for len in (0..=40).chain([63, 64, 65, 80]) {
        for d in 0..4 {
            if d + len > BUF {
                continue;
            }
            fill_pattern(&mut dst, 100);
            let value = black_box(0xA5u8 ^ len as u8);
            let (d0, n) = (black_box(d), black_box(len));
            dst[d0..d0 + n].fill(value);
            for (i, &got) in dst.iter().enumerate() {
                let want = if i >= d && i < d + len { value } else { pattern(i, 100) };
                assert_eq!(got, want, "memset len {} dst+{}: byte {}", len, d, i);
            }
        }
    }
}
