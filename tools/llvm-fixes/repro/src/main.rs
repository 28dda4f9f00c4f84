//! Reproducers for Debian LLVM 22's MC68000 miscompiles, plus an end-to-end smoke program.
//!
//! Each `bugN_*` function is a minimal reproducer (kept out of line with `#[inline(never)]`
//! and `#[no_mangle]` so its disassembly is easy to find). `_start` exercises heapless,
//! slice sorting, 32-bit division, `core::fmt::write` and overflow-checked multiplies, and
//! stores the results into `RESULTS` so nothing is optimised away. The program is only ever
//! disassembled (and gated with `m68k-gate`), never run.
#![no_std]
#![no_main]

use core::fmt::Write;
use core::hint::black_box;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

/// Provided by libgcc on a real toolchain; the ROM gets it from its own runtime.
/// 32x32->32 multiply built from three 16x16->32 partial products (68000 `mulu.w`).
#[no_mangle]
pub extern "C" fn __mulsi3(a: u32, b: u32) -> u32 {
    let (al, ah) = (a as u16 as u32, (a >> 16) as u16 as u32);
    let (bl, bh) = (b as u16 as u32, (b >> 16) as u16 as u32);
    (al * bl).wrapping_add((ah * bl).wrapping_add(al * bh) << 16)
}

#[no_mangle]
pub extern "C" fn abort() -> ! {
    loop {}
}

/// Bug 1 (LLVM #200984): a variable index into a stack array reads element 0.
#[no_mangle]
#[inline(never)]
pub fn bug1_stack_index(i: usize) -> u32 {
    let a = [black_box(10u32), black_box(20), black_box(30), black_box(40)];
    let a = black_box(a);
    a[i & 3]
}

/// Bug 1, store flavour: writes go to element 0.
#[no_mangle]
#[inline(never)]
pub fn bug1_stack_store(i: usize, v: u16) -> u16 {
    let mut a = [0u16; 8];
    black_box(&mut a);
    a[i & 7] = v;
    let a = black_box(a);
    a[1] ^ a[2] ^ a[3] ^ a[7]
}

/// Bug 2: compiler-inserted register copies between a compare and its branch.
/// A loop whose exit test shares registers with loop-carried values (PHI copies).
#[no_mangle]
#[inline(never)]
pub fn bug2_phi_copies(mut a: u32, mut b: u32, n: u32) -> u32 {
    let mut i = 0;
    while i < n {
        let t = a.wrapping_add(b);
        a = b;
        b = t;
        i += 1;
    }
    a ^ b
}

/// Bug 2 again: unsigned division goes through `__udivsi3`, itself miscompiled.
#[no_mangle]
#[inline(never)]
pub fn bug2_div(a: u32, b: u32) -> (u32, u32, i32) {
    (a / b, a % b, (a as i32) / (b as i32 | 1))
}

/// Bug 3: overflow-checked 32-bit multiplies use the 68020 `mulu.l`/`muls.l`.
#[no_mangle]
#[inline(never)]
pub fn bug3_checked_mul(a: u32, b: u32) -> Option<u32> {
    a.checked_mul(b)
}

#[no_mangle]
#[inline(never)]
pub fn bug3_overflowing_mul(a: i32, b: i32) -> (i32, bool) {
    a.overflowing_mul(b)
}

#[no_mangle]
#[inline(never)]
pub fn bug3_saturating_mul(a: u32, b: u32) -> u32 {
    a.saturating_mul(b)
}

#[no_mangle]
#[inline(never)]
pub fn bug3_small_checked(a: u16, b: u16, c: i16, d: i16) -> (Option<u16>, Option<i16>) {
    (a.checked_mul(b), c.checked_mul(d))
}

#[no_mangle]
#[inline(never)]
pub fn bug3_wide_checked(a: u64, b: u64) -> Option<u64> {
    a.checked_mul(b)
}

#[no_mangle]
#[inline(never)]
pub fn tail_callee(x: u32, y: u32) -> u32 {
    black_box(x).wrapping_add(7) ^ y
}

/// Bug 4: tail calls become the 68020 `bra.l`.
#[no_mangle]
#[inline(never)]
pub fn bug4_tail_call(x: u32, y: u32) -> u32 {
    // Same arguments in the same stack slots: a sibling call, emitted as `bra tail_callee`.
    tail_callee(x, y)
}

/// Bug 6: a zero-extended u16 that is needed in an address register. The MOVZX pseudo may
/// be given An, and its expansion `and.l #$ffff,%aN` is encoded as `and.l #$ffff,%d0`.
#[no_mangle]
#[inline(never)]
pub fn bug6_zext_addr(x: u16, y: u16) -> u8 {
    unsafe { core::ptr::read_volatile(x.wrapping_add(y) as usize as *const u8) }
}

/// Bug 6, sign-extending form: `ext.l %aN` is encoded as `ext.l %d0`.
#[no_mangle]
#[inline(never)]
pub fn bug6_sext_addr(x: i16, y: i16) -> u8 {
    unsafe { core::ptr::read_volatile(x.wrapping_add(y) as isize as usize as *const u8) }
}

struct Buf {
    data: [u8; 64],
    len: usize,
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for &b in s.as_bytes() {
            if self.len == self.data.len() {
                return Err(core::fmt::Error);
            }
            self.data[self.len] = b;
            self.len += 1;
        }
        Ok(())
    }
}

#[no_mangle]
pub static mut RESULTS: [u32; 32] = [0; 32];

fn put(slot: usize, v: u32) {
    unsafe { core::ptr::write_volatile(core::ptr::addr_of_mut!(RESULTS[slot]), v) }
}

#[no_mangle]
pub extern "C" fn _start() -> ! {
    let i = black_box(2usize);
    put(0, bug1_stack_index(i));
    put(1, bug1_stack_store(i, 5) as u32);
    put(2, bug2_phi_copies(1, 1, black_box(10)));
    let (q, r, s) = bug2_div(black_box(1000), black_box(7));
    put(3, q);
    put(4, r);
    put(5, s as u32);
    put(6, bug3_checked_mul(black_box(70000), black_box(70000)).unwrap_or(1));
    let (p, o) = bug3_overflowing_mul(black_box(-3), black_box(1 << 30));
    put(7, p as u32 ^ o as u32);
    put(8, bug3_saturating_mul(black_box(3), black_box(5)));
    let (x, y) = bug3_small_checked(black_box(300), black_box(300), black_box(-100), black_box(100));
    put(9, x.unwrap_or(9) as u32 ^ y.unwrap_or(9) as u32);
    put(10, bug3_wide_checked(black_box(1 << 40), black_box(3)).unwrap_or(0) as u32);
    put(11, bug4_tail_call(black_box(1), black_box(2)));

    // heapless containers
    let mut v: heapless::Vec<u32, 16> = heapless::Vec::new();
    for k in 0..black_box(12u32) {
        let _ = v.push(k.wrapping_mul(2654435761) >> 20);
    }
    v.sort_unstable();
    put(12, v[black_box(3)]);
    let mut arr = [black_box(9i16), 3, -4, 7, 0, 12, -8, 5];
    arr.sort_unstable();
    put(13, arr[black_box(5)] as u32);
    let mut w = [0u32; 24];
    for (k, e) in w.iter_mut().enumerate() {
        *e = (k as u32 * 7919) % 31;
    }
    w.sort_unstable_by(|a, b| b.cmp(a));
    put(14, w[black_box(10)]);
    let mut dq: heapless::Deque<u16, 8> = heapless::Deque::new();
    for k in 0..black_box(6u16) {
        if k & 1 == 0 {
            let _ = dq.push_back(k);
        } else {
            let _ = dq.push_front(k);
        }
    }
    put(15, dq.pop_back().unwrap_or(0) as u32 * 100 + dq.pop_front().unwrap_or(0) as u32);

    // division / modulo
    let n = black_box(123_456_789u32);
    let d = black_box(1000u32);
    put(16, n / d);
    put(17, n % d);
    let sn = black_box(-123_456_789i32);
    let sd = black_box(77i32);
    put(18, (sn / sd) as u32);
    put(19, (sn % sd) as u32);

    // core::fmt
    let mut buf = Buf { data: [0; 64], len: 0 };
    let _ = write!(buf, "{} {:x} {:5}|{}", black_box(1234567u32), black_box(0xbeefu32), black_box(-42i32), black_box("ok"));
    put(20, buf.len as u32);
    put(21, buf.data[black_box(3)] as u32);

    // overflow-checked multiplies
    let a = black_box(65535u32);
    let b = black_box(65537u32);
    put(22, a.checked_mul(b).unwrap_or(7));
    put(23, a.checked_mul(b + 1).unwrap_or(7));
    let (m, ov) = black_box(-2i32).overflowing_mul(black_box(i32::MIN));
    put(24, m as u32 | (ov as u32) << 31);
    put(25, black_box(40000u32).saturating_mul(black_box(40000)));
    // Plain `*`: overflow-checked in the dev profile.
    put(26, black_box(1234u32) * black_box(4321u32));
    put(27, bug6_zext_addr(black_box(0x8000), black_box(0x7ffe)) as u32);
    put(28, bug6_sext_addr(black_box(-0x1000), black_box(-2)) as u32);
    // Bug 6 in core: <u64 as Display>::fmt zero-extends a digit-pair index into An.
    let mut buf = Buf { data: [0; 64], len: 0 };
    let _ = write!(buf, "{}", black_box(12_345_678_901_234_567_890u64));
    put(29, buf.len as u32);
    loop {}
}
