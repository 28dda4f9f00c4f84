//! # megacollide-m68k-kernels
//!
//! Hand-written MC68000 leaf loops of `megacollide-engine` (today one: the row loop of
//! `Mask::hit`), in
//! `src/kernels.s` (GNU as syntax, assembled by `build.rs` with `m68k-linux-gnu-as -m68000`
//! into a static library). Each kernel is reached through a safe wrapper here that checks
//! every precondition the kernel relies on, then calls it with `jsr` from an inline `asm!`
//! block that passes the arguments in registers (the register contract of each kernel is
//! documented at the kernel in `kernels.s` and at its wrapper).
//!
//! The engine (which keeps `#![forbid(unsafe_code)]`) calls these wrappers only under
//! `cfg(target_arch = "m68k")`; its Rust code stays the host implementation and the
//! reference, and `make bench` compares every 68000 result with the host's.
//!
//! On any other target this crate is empty.
#![no_std]
#![cfg_attr(target_arch = "m68k", feature(asm_experimental_arch))]
#![deny(missing_docs)]

#[cfg(target_arch = "m68k")]
mod m68k {
    use core::arch::asm;

    extern "C" {
        // Not Rust functions: register-ABI entry points, only ever the target of `jsr` in
        // the asm! blocks below.
        fn mc_mask_hit();
    }

    /// Row loop of a mask-vs-mask test: is there a row `i < min(a.len(), b.len())` with
    /// `a[i] & cols & shift(b[i], dx) != 0`, where `shift(q, dx)` is `q >> dx` for
    /// `dx >= 0` and `q << -dx` for `dx < 0` (columns shifted out are lost)? `|dx| >= 32`
    /// shifts every bit out: no hit. Rows are 1-bpp, bit 31 = leftmost pixel.
    #[inline(always)]
    pub fn mask_rows_hit(a: &[u32], b: &[u32], cols: u32, dx: i16) -> bool {
        if !(-31..=31).contains(&dx) {
            return false;
        }
        let n = if a.len() < b.len() { a.len() } else { b.len() };
        // Feature `rust-path` (measuring the compiler, never in the ROM): always the plain loop.
        if cfg!(feature = "rust-path") || n > 0xFFFF {
            // More rows than the kernel counts (never in the engine: masks have at
            // most 32767 rows): the plain loop.
            let sh = |q: u32| if dx >= 0 { q >> dx } else { q << -dx };
            return a.iter().zip(b).any(|(&p, &q)| p & cols & sh(q) != 0);
        }
        let hit: u32;
        // SAFETY: mc_mask_hit reads `n` u32 rows from a0 and from a1, which lie inside
        // `a` and `b` (n <= both lengths); it writes no memory and changes only the
        // registers declared here (see kernels.s).
        unsafe {
            asm!(
                "jsr {k}",
                k = sym mc_mask_hit,
                inout("a0") a.as_ptr() => _,
                inout("a1") b.as_ptr() => _,
                inout("d0") n as u32 => hit,
                inout("d1") dx as i32 => _,
                in("d2") cols,
                out("d3") _,
                out("d4") _,
                out("d5") _,
                options(readonly, nostack),
            );
        }
        hit != 0
    }
}

#[cfg(target_arch = "m68k")]
pub use m68k::*;
