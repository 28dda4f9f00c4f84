//! Toolchain self-test: small computations in exactly the shapes that Debian's LLVM 22
//! miscompiled for the 68000, each reduced to one `u32`. The ROM (feature `selftest`) runs
//! [`CHECKS`] on the 68000 and stores the values in RAM; the tests run the same functions
//! on the host and require every value to be equal.
//!
//! Bug classes covered (see tools/llvm-fixes/README.md):
//! 1. variable index into a stack array (LLVM #200984): `stack_*`, `heapless_*`, `sort_*`;
//! 2. flag-clobbering register copies between compare and branch: `div_*`, `mem*`, `fmt_*`,
//!    `float_*` (they go through memset, __udivsi3/__divsi3, soft-float, core::fmt::write);
//! 3. overflow-checked 32-bit multiplies: `mul_*` (and every `*` in the dev profile);
//! 4. tail calls as `bra.l`: everywhere (the ROM would crash on the first one).
//!
//! Inputs pass through [`core::hint::black_box`] so nothing is folded at compile time.
#![no_std]
#![deny(missing_docs)]

use core::fmt::Write;
use core::hint::black_box;
use fixed::types::{I12F4, I16F16};

/// One named check: `run` returns a value that must be the same on the host and the 68000.
pub struct Check {
    /// Short name, printed when a value differs.
    pub name: &'static str,
    /// The computation.
    pub run: fn() -> u32,
}

/// Mixes `v` into the digest `h` (shifts and xor only).
#[inline(never)]
pub fn mix(h: u32, v: u32) -> u32 {
    (h.rotate_left(5) ^ v).wrapping_add(0x9E37_79B9)
}

fn digest(values: impl IntoIterator<Item = u32>) -> u32 {
    values.into_iter().fold(0x1234_5678, mix)
}

fn stack_u16_index() -> u32 {
    let a = [black_box(11u16), 22, 33, 44, 55, 66, 77, 88];
    let i = black_box(5usize);
    a[i] as u32
}

fn stack_u32_loop() -> u32 {
    let a = [black_box(3u32), 1, 4, 1, 5, 9, 2, 6, 5, 3];
    let mut h = 0;
    for k in 0..10 {
        let i = black_box((k * 7) % 10);
        h = mix(h, a[i]);
    }
    h
}

fn stack_struct_index() -> u32 {
    #[derive(Clone, Copy)]
    struct P {
        x: i16,
        y: i16,
    }
    let pts = [P { x: black_box(-1), y: 2 }, P { x: 3, y: -4 }, P { x: 5, y: 6 }, P { x: -7, y: 8 }];
    let i = black_box(2usize);
    let j = black_box(3usize);
    ((pts[i].x as i32 * 100 + pts[j].y as i32) as u32) ^ ((pts[j].x as u32) << 16)
}

fn stack_write_then_read() -> u32 {
    let mut a = [0u8; 16];
    for k in 0..16 {
        a[black_box(k)] = (k as u8).wrapping_mul(37);
    }
    digest(a.iter().map(|&b| b as u32))
}

fn heapless_vec() -> u32 {
    let mut v: heapless::Vec<u16, 16> = heapless::Vec::new();
    for k in 0..12u16 {
        v.push(black_box(k * 3 + 1)).unwrap();
    }
    v.swap_remove(black_box(4));
    let _ = v.pop();
    digest(v.iter().map(|&x| x as u32)) ^ v[black_box(7)] as u32
}

fn heapless_deque() -> u32 {
    let mut d: heapless::Deque<u32, 8> = heapless::Deque::new();
    let mut h = 0;
    for k in 0..20u32 {
        if d.is_full() {
            h = mix(h, d.pop_front().unwrap());
        }
        if k % 3 == 0 {
            d.push_front(black_box(k)).unwrap();
        } else {
            d.push_back(black_box(k * 11)).unwrap();
        }
    }
    mix(h, digest(d.iter().copied()))
}

fn sort_unstable_u16() -> u32 {
    let mut a = [black_box(907u16), 13, 500, 2, 77, 65535, 0, 31, 31, 1000, 4, 250, 9, 88, 12345, 6];
    a.sort_unstable();
    digest(a.iter().map(|&x| x as u32))
}

fn sort_by_key_i32() -> u32 {
    let mut a = [black_box(-5i32), 17, -300, 42, 0, 9, -1, 100_000, -100_000, 3, 8, 8];
    a.sort_unstable_by_key(|x| x.unsigned_abs());
    let pos = a.binary_search_by_key(&42, |x| x.unsigned_abs()).map_or(99, |p| p as u32);
    mix(digest(a.iter().map(|&x| x as u32)), pos)
}

#[allow(clippy::needless_range_loop, reason = "the indexed loops are the code shape under test")]
fn div_u32() -> u32 {
    let n = [black_box(4_000_000_000u32), 123_456_789, 65_536, 1, 99_999];
    let d = [black_box(7u32), 65_537, 3, 1_000_000, 10];
    let mut h = 0;
    for i in 0..5 {
        for j in 0..5 {
            h = mix(h, n[i] / d[j]);
            h = mix(h, n[i] % d[j]);
        }
    }
    h
}

#[allow(clippy::needless_range_loop, reason = "the indexed loops are the code shape under test")]
fn div_i32() -> u32 {
    let n = [black_box(-2_000_000_000i32), 123_456_789, -65_536, -1, 99_999];
    let d = [black_box(7i32), -65_537, 3, -1_000_000, 10];
    let mut h = 0;
    for i in 0..5 {
        for j in 0..5 {
            h = mix(h, (n[i] / d[j]) as u32);
            h = mix(h, (n[i] % d[j]) as u32);
            h = mix(h, n[i].rem_euclid(d[j]) as u32);
        }
    }
    h
}

fn div_u64() -> u32 {
    let a = black_box(0x0123_4567_89AB_CDEFu64);
    let b = black_box(1_000_003u64);
    let q = a / b;
    let r = a % b;
    mix((q >> 32) as u32 ^ q as u32, r as u32)
}

fn memset_odd() -> u32 {
    let mut buf = [0u8; 80];
    let mut h = 0;
    for start in 0..4 {
        for len in [0usize, 1, 2, 3, 5, 7, 15, 16, 17, 31, 33, 63] {
            let s = black_box(start);
            let l = black_box(len);
            buf[s..s + l].fill(black_box(0xA5) ^ len as u8);
            h = mix(h, digest(buf.iter().map(|&b| b as u32)));
        }
    }
    h
}

fn memcpy_odd() -> u32 {
    let mut src = [0u8; 64];
    for (i, b) in src.iter_mut().enumerate() {
        *b = black_box(i as u8).wrapping_mul(13).wrapping_add(7);
    }
    let mut h = 0;
    for so in 0..3 {
        for dst_off in 0..3 {
            for len in [1usize, 2, 3, 4, 9, 16, 27, 40] {
                let mut dst = [0u8; 64];
                let (s, d, l) = (black_box(so), black_box(dst_off), black_box(len));
                dst[d..d + l].copy_from_slice(&src[s..s + l]);
                h = mix(h, digest(dst.iter().map(|&b| b as u32)));
            }
        }
    }
    h
}

fn memmove_overlap() -> u32 {
    let mut a = [0u8; 48];
    for (i, b) in a.iter_mut().enumerate() {
        *b = black_box(i as u8);
    }
    a.copy_within(black_box(3)..black_box(40), black_box(5));
    a.copy_within(black_box(10)..black_box(30), black_box(1));
    digest(a.iter().map(|&b| b as u32))
}

/// Formats with `core::fmt` into a stack buffer and digests the text and its length.
fn fmt_digest(args: core::fmt::Arguments) -> u32 {
    let mut s: heapless::String<96> = heapless::String::new();
    let _ = s.write_fmt(args);
    mix(digest(s.bytes().map(|b| b as u32)), s.len() as u32)
}

fn fmt_i32() -> u32 {
    fmt_digest(format_args!("{} {}", black_box(-12345i32), black_box(i32::MIN)))
}

fn fmt_u32() -> u32 {
    fmt_digest(format_args!("{} {}", black_box(4_000_000_000u32), black_box(7u32)))
}

fn fmt_hex_pad() -> u32 {
    fmt_digest(format_args!(
        "{:x} {:X} {:>6} {:<4}| {:08b}",
        black_box(0xBEEFu32),
        black_box(0xC0FFEEu32),
        black_box(42u8),
        black_box(7i16),
        black_box(0x5Au8)
    ))
}

fn fmt_u64() -> u32 {
    fmt_digest(format_args!("{} {}", black_box(u64::MAX), black_box(1_234_567_890_123u64)))
}

fn fmt_debug_str() -> u32 {
    let mut s: heapless::String<96> = heapless::String::new();
    let words = [black_box("tile"), "slope", "mask"];
    let _ = write!(s, "{:?} {:?} {:5.2}", words, (black_box(1u8), 'x'), f32::from_bits(black_box(0x4049_0FD0)));
    mix(digest(s.bytes().map(|b| b as u32)), s.len() as u32)
}

fn mul_checked_u32() -> u32 {
    let a = black_box(70_000u32);
    let b = black_box(70_000u32);
    let c = black_box(1234u32);
    let d = black_box(5678u32);
    let x = a.checked_mul(b).unwrap_or(1);
    let y = c.checked_mul(d).unwrap_or(2);
    let z = a.checked_mul(c).unwrap_or(3);
    digest([x, y, z])
}

fn mul_overflowing_i32() -> u32 {
    let a = black_box(-100_000i32);
    let b = black_box(30_000i32);
    let (p, o) = a.overflowing_mul(b);
    let (q, o2) = black_box(-1234i32).overflowing_mul(black_box(4321));
    let s = black_box(65_536i32).saturating_mul(black_box(65_536));
    let t = black_box(-65_536i32).saturating_mul(black_box(65_537));
    let w = black_box(123_456_789u32).wrapping_mul(black_box(987_654_321));
    digest([p as u32, o as u32, q as u32, o2 as u32, s as u32, t as u32, w])
}

fn mul_plain_u32() -> u32 {
    // `*` is overflow-checked in the dev profile; these products fit in 32 bits.
    let a = black_box(46_340u32);
    let b = black_box(46_341u32);
    let c = black_box(-7i32);
    let d = black_box(300_000i32);
    digest([a * b, (c * d) as u32, (black_box(255u8) as u32) * 65_793])
}

fn u64_div_const() -> u32 {
    let a = black_box(u64::MAX);
    let b = black_box(12_345_678_901_234_567_890u64);
    digest([
        (a / 10_000_000_000_000_000) as u32,
        (a % 10_000_000_000_000_000) as u32,
        ((a % 10_000_000_000_000_000) >> 32) as u32,
        (b / 10_000) as u32,
        ((b / 10_000) >> 32) as u32,
        (b % 10_000) as u32,
        (a / 100) as u32,
        ((a / 100) >> 32) as u32,
    ])
}

fn u128_mul() -> u32 {
    let a = black_box(0xFEDC_BA98_7654_3210u64) as u128;
    let b = black_box(0x0123_4567_89AB_CDEFu64) as u128;
    let p = a * b;
    digest([p as u32, (p >> 32) as u32, (p >> 64) as u32, (p >> 96) as u32])
}

fn u64_maths() -> u32 {
    let a = black_box(0xFFFF_FFFFu64);
    let b = black_box(0x1_0000_0001u64);
    let p = a.wrapping_mul(b);
    let s = (p >> black_box(17)) ^ (p << black_box(3));
    let i = black_box(-9_000_000_000i64) / black_box(7);
    digest([p as u32, (p >> 32) as u32, s as u32, (s >> 32) as u32, i as u32, (i >> 32) as u32])
}

fn fixed_point() -> u32 {
    let a = I16F16::from_num(black_box(3)) / I16F16::from_num(black_box(7));
    let b = a * I16F16::from_num(black_box(-12));
    let c = I12F4::from_bits(black_box(0x0123)) * I12F4::from_bits(black_box(-0x40));
    let d = I12F4::from_bits(black_box(0x7FF0)).saturating_add(I12F4::from_bits(black_box(0x100)));
    let e = I16F16::from_num(black_box(2)).sqrt();
    digest([a.to_bits() as u32, b.to_bits() as u32, c.to_bits() as u32, d.to_bits() as u32, e.to_bits() as u32])
}

fn f32_op(a: u32, b: u32, op: u8) -> u32 {
    let (a, b) = (f32::from_bits(black_box(a)), f32::from_bits(black_box(b)));
    match black_box(op) {
        0 => (a + b).to_bits(),
        1 => (a - b).to_bits(),
        2 => (a * b).to_bits(),
        _ => (a / b).to_bits(),
    }
}

fn float_soft() -> u32 {
    // Soft-float through compiler_builtins, one operation per call on opaque bit patterns.
    // (LLVM 22's M68k instruction selection crashes on `black_box` of an f32 and on longer
    // float expressions at opt-level 1; the engine uses no floats at all.)
    let p = f32_op(0x3FC0_0000, 0xC010_0000, 2); // 1.5 * -2.25
    let q = f32_op(0x42C8_0000, 0x4040_0000, 3); // 100 / 3
    let r = f32_op(p, q, 0);
    let s = f32_op(r, 0x3F80_0000, 1); // - 1
    digest([p, q, r, s])
}

/// Every check, in the order the ROM stores their values.
pub static CHECKS: &[Check] = &[
    Check { name: "stack_u16_index", run: stack_u16_index },
    Check { name: "stack_u32_loop", run: stack_u32_loop },
    Check { name: "stack_struct_index", run: stack_struct_index },
    Check { name: "stack_write_then_read", run: stack_write_then_read },
    Check { name: "heapless_vec", run: heapless_vec },
    Check { name: "heapless_deque", run: heapless_deque },
    Check { name: "sort_unstable_u16", run: sort_unstable_u16 },
    Check { name: "sort_by_key_i32", run: sort_by_key_i32 },
    Check { name: "div_u32", run: div_u32 },
    Check { name: "div_i32", run: div_i32 },
    Check { name: "div_u64", run: div_u64 },
    Check { name: "memset_odd", run: memset_odd },
    Check { name: "memcpy_odd", run: memcpy_odd },
    Check { name: "memmove_overlap", run: memmove_overlap },
    Check { name: "fmt_i32", run: fmt_i32 },
    Check { name: "fmt_u32", run: fmt_u32 },
    Check { name: "fmt_hex_pad", run: fmt_hex_pad },
    Check { name: "fmt_u64", run: fmt_u64 },
    Check { name: "fmt_debug_str", run: fmt_debug_str },
    Check { name: "mul_checked_u32", run: mul_checked_u32 },
    Check { name: "mul_overflowing_i32", run: mul_overflowing_i32 },
    Check { name: "mul_plain_u32", run: mul_plain_u32 },
    Check { name: "u64_maths", run: u64_maths },
    Check { name: "u64_div_const", run: u64_div_const },
    Check { name: "u128_mul", run: u128_mul },
    Check { name: "fixed_point", run: fixed_point },
    Check { name: "float_soft", run: float_soft },
];

/// Room the ROM reserves for results (at least `CHECKS.len()`).
pub const MAX_CHECKS: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-computed answers for the checks whose value is easy to state.
    #[test]
    fn known_answers() {
        assert_eq!(stack_u16_index(), 66);
        assert_eq!(stack_struct_index(), 508 ^ ((-7i32 as u32) << 16));
        assert_eq!(mul_checked_u32(), digest([1, 1234 * 5678, 70_000 * 1234]));
        assert_eq!(mul_plain_u32(), digest([46_340 * 46_341, (-2_100_000i32) as u32, 255 * 65_793]));
    }

    #[test]
    fn check_names_are_unique_and_fit() {
        assert!(CHECKS.len() <= MAX_CHECKS);
        for (i, a) in CHECKS.iter().enumerate() {
            assert!(CHECKS[i + 1..].iter().all(|b| b.name != a.name), "duplicate {}", a.name);
        }
    }

    #[test]
    fn fmt_check_formats_as_expected() {
        let mut s: heapless::String<96> = heapless::String::new();
        let _ = write!(s, "{} {:x} {:>6}|", -12345i32, 0xBEEFu32, 42u8);
        assert_eq!(s.as_str(), "-12345 beef     42|");
    }
}
