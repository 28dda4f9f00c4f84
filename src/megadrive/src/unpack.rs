//! Unpacks MCZ streams, megacollide's word-aligned LZ compression of art and maps (what
//! `romtool compress` writes): into a RAM buffer with [`unpack`](crate::unpack::unpack),
//! then to VRAM with [`unpack_to_vram`](crate::unpack::unpack_to_vram).
//!
//! The format (its reference is the host crate `megacollide-compress`, tools/compress) is all
//! 16-bit words: a header word `n` (the output's length in words), then tokens `L << 8 | M`:
//! `L` literal words (0..=255) follow the token, then, when `M` (0..=255) is not 0, a
//! distance `D` (1..=32767): `M` words are copied, forwards, from `D` words back in the
//! output.
//!
//! On the 68000 the loop is a leaf kernel in assembly (`asm/unpack_kernel.s`: 11.9 cycles
//! per output byte on the demo's art, `make bench`, key `decompress_cycles_per_byte`);
//! on the host the same checks in Rust (the path the kernel is checked against). A corrupt
//! stream stops with an [`UnpackError`](crate::unpack::UnpackError): nothing is written
//! outside the first `n` words of the output buffer (every literal run, match and distance
//! is checked before it is copied).

/// Why a stream does not unpack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// The stream ends inside its header or a token.
    Truncated,
    /// A token's literals or match would pass the header's length.
    Overrun,
    /// A match distance of 0, past 32,767 words, or more words back than written.
    BadDistance,
    /// Words after the token that completed the output.
    TrailingWords,
    /// The output buffer holds fewer words than the header's length.
    OutputTooSmall,
    /// The stream is longer than 65,536 words (no valid stream is).
    StreamTooLong,
}

/// The output's length in words that `stream` declares (its header), `None` for an empty
/// stream.
///
/// ```
/// // 4 words: one literal, then 3 copies of it.
/// static PACKED: [u16; 4] = [4, 0x0103, 0x1111, 1];
/// assert_eq!(megadrive::unpack::unpacked_len(&PACKED), Some(4));
/// ```
pub fn unpacked_len(stream: &[u16]) -> Option<usize> {
    stream.first().map(|&n| n as usize)
}

/// Unpacks `stream` into the first words of `out`; returns the words written (the header's
/// length). On an error the first `n` words of `out` may hold part of the output; no word
/// past them is written.
///
/// ```
/// use megadrive::unpack::{unpack, UnpackError};
/// static PACKED: [u16; 4] = [4, 0x0103, 0x1111, 1];
/// let mut tiles = [0u16; 16];
/// assert_eq!(unpack(&PACKED, &mut tiles), Ok(4));
/// assert_eq!(tiles[..4], [0x1111; 4]);
/// // A distance past the start of the output:
/// assert_eq!(unpack(&[4, 0x0103, 0x1111, 2], &mut tiles), Err(UnpackError::BadDistance));
/// ```
pub fn unpack(stream: &[u16], out: &mut [u16]) -> Result<usize, UnpackError> {
    let (&n, body) = stream.split_first().ok_or(UnpackError::Truncated)?;
    let n = n as usize;
    if n > out.len() {
        return Err(UnpackError::OutputTooSmall);
    }
    if body.len() > 0xFFFF {
        return Err(UnpackError::StreamTooLong);
    }
    run(body, &mut out[..n])?;
    Ok(n)
}

/// Unpacks `stream` into `buffer` (RAM), then copies the words to VRAM at byte address
/// `addr` by DMA (in VBlank or with the display off: see [`crate::dma::copy`]); returns the
/// words copied.
///
/// ```no_run
/// use megadrive::{unpack, vdp};
/// static PACKED_TILES: [u16; 4] = [16, 0x010F, 0x1111, 1]; // one tile of colour 1
/// let mut buffer = [0u16; 16];
/// // The tile to VDP tile 300 (hardware: `no_run`).
/// unpack::unpack_to_vram(&PACKED_TILES, &mut buffer, 300 * vdp::TILE_BYTES).unwrap();
/// ```
pub fn unpack_to_vram(stream: &[u16], buffer: &mut [u16], addr: u16) -> Result<usize, UnpackError> {
    let n = unpack(stream, buffer)?;
    crate::dma::copy_to_vram(&buffer[..n], addr);
    Ok(n)
}

/// The tokens of `body` (the stream after its header, at most 65,535 words) into all of
/// `out`: the 68000 kernel.
#[cfg(target_arch = "m68k")]
fn run(body: &[u16], out: &mut [u16]) -> Result<(), UnpackError> {
    use core::arch::asm;
    extern "C" {
        // Not a Rust function: a register-ABI entry point, only the target of the `jsr` below.
        fn mc_unpack();
    }
    let code: u32;
    // SAFETY: mc_unpack reads at most `body.len()` words from `body` and writes at most
    // `out.len()` words to `out` (both counts given in d6 and d7 and checked before every
    // copy), and changes only the registers declared here (it saves a4-a5 on the stack). The
    // output is a `&mut` buffer, so in RAM (0xFF0000..): its address minus a distance
    // (at most 65,534 bytes) does not wrap.
    unsafe {
        asm!(
            "jsr {k}",
            k = sym mc_unpack,
            inout("a0") body.as_ptr() => _,
            inout("a1") out.as_mut_ptr() => _,
            inout("d6") body.len() as u32 => _,
            inout("d7") out.len() as u32 => _,
            out("d0") code,
            out("d1") _,
            out("d2") _,
            out("d3") _,
            out("a2") _,
            out("a3") _,
        );
    }
    match code {
        0 => Ok(()),
        1 => Err(UnpackError::Truncated),
        2 => Err(UnpackError::Overrun),
        3 => Err(UnpackError::BadDistance),
        _ => Err(UnpackError::TrailingWords),
    }
}

/// The tokens of `body` (the stream after its header) into all of `out`: what the 68000
/// kernel does, check by check in the same order (the format's order: the token is there,
/// its L + M words fit, its literals are there, its distance is there and valid).
#[cfg(not(target_arch = "m68k"))]
fn run(body: &[u16], out: &mut [u16]) -> Result<(), UnpackError> {
    let mut s = 0usize; // next stream word
    let mut o = 0usize; // words written
    while o < out.len() {
        let token = *body.get(s).ok_or(UnpackError::Truncated)?;
        s += 1;
        let (l, m) = ((token >> 8) as usize, (token & 0xFF) as usize);
        if l + m > out.len() - o {
            return Err(UnpackError::Overrun);
        }
        let lits = body.get(s..s + l).ok_or(UnpackError::Truncated)?;
        out[o..o + l].copy_from_slice(lits);
        s += l;
        o += l;
        if m == 0 {
            continue;
        }
        let d = *body.get(s).ok_or(UnpackError::Truncated)? as usize;
        s += 1;
        if d == 0 || d > 0x7FFF || d > o {
            return Err(UnpackError::BadDistance);
        }
        for k in o..o + m {
            out[k] = out[k - d];
        }
        o += m;
    }
    if s != body.len() {
        return Err(UnpackError::TrailingWords);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_and_nothing_written_past_n() {
        let mut out = [0xAAAAu16; 8];
        assert_eq!(unpack(&[], &mut out), Err(UnpackError::Truncated));
        assert_eq!(unpack(&[9], &mut out), Err(UnpackError::OutputTooSmall));
        assert_eq!(unpack(&[2, 0x0300, 1, 2, 3], &mut out), Err(UnpackError::Overrun));
        assert_eq!(out[2..], [0xAAAA; 6]);
        assert_eq!(unpack(&[3, 0x0102, 5], &mut out), Err(UnpackError::Truncated));
        assert_eq!(unpack(&[3, 0x0102, 5, 0], &mut out), Err(UnpackError::BadDistance));
        assert_eq!(unpack(&[2, 0x0103, 5, 1], &mut out), Err(UnpackError::Overrun));
        assert_eq!(out[1..], [0xAAAA; 7], "an overrun is found before the literals are copied");
        assert_eq!(unpack(&[1, 0x0100, 5, 0], &mut out), Err(UnpackError::TrailingWords));
        assert_eq!(unpack(&[5, 0x0203, 7, 8, 2], &mut out), Ok(5));
        assert_eq!(out, [7, 8, 7, 8, 7, 0xAAAA, 0xAAAA, 0xAAAA]);
    }
}
