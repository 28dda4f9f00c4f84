//! A fast pseudo-random number generator: xorshift16 with the shift triple (7, 9, 8)
//! (Brad Forschner's 16-bit xorshift). Three shifts and three exclusive ors on a `u16`: no
//! multiply, no division, no 32- or 64-bit maths. Its period is 65,535: every non-zero
//! 16-bit state comes once before the sequence repeats (the host test walks it), and the
//! state is never zero (a zero seed is replaced by 1). Not for anything secret; the low
//! bits are as good as the high ones for `next() & mask` picks.
//!
//! Cost on the 68000 (`make bench`, exact cycles; checked there against this generator on
//! the host, 256 numbers from each of six seeds and 1,000 single calls): [`Random::next`](crate::random::Random::next)
//! is 9 instructions and 90 cycles of its own when inlined (three word moves and eors, 4
//! cycles each; `lsl.w #7` 20, the shift right by 9 from a register 24, `lsl.w #8` 22); a
//! loop that stores each number takes 160 cycles a number (the `random_next` key: LLVM's
//! loop adds an indexed store and a 32-bit counter and compare), a C call of it on a
//! `static` generator 214 (`random_next_call`: the load and store of the state, the
//! register saves, the `rts`). A frame of NTSC is about 128,000 cycles.
//!
//! The example `src/megadrive-examples/src/bin/random.rs` shows 32 numbers and 16 throws of
//! an eight-sided die, and logs them with [`crate::debug::log`]; its emulator test
//! compares them with this generator on the host.

/// A xorshift16 generator (period 65,535, state never zero).
///
/// ```
/// use megadrive::random::Random;
/// let mut rng = Random::new(1);
/// assert_eq!(rng.next(), 0x8181);
/// let coin = rng.next() & 1; // 0 or 1
/// let lane = rng.below_pow2(4); // 0 ..= 15 (a power of two: a mask, no division)
/// assert!(coin < 2 && lane < 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Random {
    state: u16,
}

impl Random {
    /// A generator seeded with `seed`; a zero seed (the one state xorshift never leaves)
    /// becomes 1.
    ///
    /// ```
    /// use megadrive::random::Random;
    /// assert_eq!(Random::new(0), Random::new(1)); // a zero seed becomes 1
    /// ```
    pub const fn new(seed: u16) -> Self {
        Random { state: if seed == 0 { 1 } else { seed } }
    }

    /// The state (the last number returned, or the seed): never zero.
    ///
    /// ```
    /// use megadrive::random::Random;
    /// let mut rng = Random::new(99);
    /// let mut replay = Random::new(rng.state()); // the same sequence from here on
    /// assert_eq!(rng.next(), replay.next());
    /// ```
    pub const fn state(&self) -> u16 {
        self.state
    }

    /// Steps the generator and returns the new state: 1 ..= 65,535.
    ///
    /// ```
    /// use megadrive::random::Random;
    /// let mut rng = Random::new(2);
    /// // x = 2; x ^= x << 7: 0x102; x ^= x >> 9: no change; x ^= x << 8 (16 bits): 0x302.
    /// assert_eq!(rng.next(), 0x0302);
    /// ```
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn next(&mut self) -> u16 {
        let mut x = self.state;
        x ^= x << 7;
        x ^= x >> 9;
        x ^= x << 8;
        self.state = x;
        x
    }

    /// A number in 0 .. 2^`bits` (`bits` at most 16): the high bits of [`Random::next`].
    ///
    /// ```
    /// use megadrive::random::Random;
    /// let mut rng = Random::new(1);
    /// assert_eq!(rng.below_pow2(3), 4); // 0x8181 >> 13: one of 8 lanes
    /// assert_eq!(rng.below_pow2(0), 0);
    /// ```
    #[inline]
    pub fn below_pow2(&mut self, bits: u16) -> u16 {
        if bits == 0 {
            0
        } else {
            self.next() >> (16 - bits.min(16))
        }
    }
}

impl Default for Random {
    /// Seeded with 1.
    fn default() -> Self {
        Random::new(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_sequence() {
        let mut rng = Random::new(1);
        let got: Vec<u16> = (0..6).map(|_| rng.next()).collect();
        // Computed by hand from x ^= x << 7; x ^= x >> 9; x ^= x << 8, seed 1.
        let mut x: u32 = 1;
        let mut want = Vec::new();
        for _ in 0..6 {
            x ^= (x << 7) & 0xFFFF;
            x ^= x >> 9;
            x ^= (x << 8) & 0xFFFF;
            want.push(x as u16);
        }
        assert_eq!(got, want);
        assert_eq!(&got[..2], &[0x8181, 0x6021]);
    }

    #[test]
    fn full_period_without_zero() {
        let mut seen = vec![false; 65536];
        let mut rng = Random::new(0x1234);
        for i in 0..65535u32 {
            let v = rng.next();
            assert_ne!(v, 0, "zero state after {i} steps");
            assert!(!seen[v as usize], "state {v:#06x} repeated after {i} steps");
            seen[v as usize] = true;
        }
        assert_eq!(rng.state(), 0x1234, "period is not 65,535");
        assert_eq!(seen.iter().filter(|&&s| s).count(), 65535);
    }

    #[test]
    fn zero_seed_is_not_stuck() {
        let mut rng = Random::new(0);
        assert_eq!(rng.state(), 1);
        assert_ne!(rng.next(), 0);
        assert_eq!(Random::default(), Random::new(1));
    }

    #[test]
    fn below_pow2_stays_in_range() {
        let mut rng = Random::new(7);
        for bits in 0..=16u16 {
            for _ in 0..100 {
                assert!((rng.below_pow2(bits) as u32) < (1u32 << bits));
            }
        }
    }
}
