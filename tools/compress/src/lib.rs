//! MCZ: megacollide's word-aligned LZ compression for Mega Drive art and maps (VDP tiles,
//! name tables), made for the plain 68000: every field is a 16-bit word, so the decoder
//! copies with `move.w` and never reads or writes an odd address (in the spirit of SGDK's
//! LZ4W). This crate is the host side: [`compress`] (an optimal parse over hash-chain
//! matches) and [`decompress`], the reference decoder that defines the format. The 68000's
//! decoder is `megadrive::unpack` (a leaf kernel in 68000 assembly, checked against this
//! one by `make bench`).
//!
//! # The format
//!
//! A stream is a sequence of big-endian 16-bit words (a word = 2 bytes):
//!
//! ```text
//! stream  := n token*             n: the output's length in words (0..=65535)
//! token   := (L << 8 | M) literal{L} [D]
//!            L: 0..=255 literal words, copied from the stream to the output
//!            M: 0..=255 words copied from the output D words back (only when M > 0)
//!            D: 1..=32767, at most the words written so far (present only when M > 0)
//! ```
//!
//! The match copies word by word, forwards, so `D < M` repeats the last `D` words (`D = 1`
//! fills with one word). Decoding ends when `n` words are written; that must happen at the
//! end of a token and at the end of the stream.
//!
//! A decoder stops with an error, having written nothing outside the `n` words of its
//! output. It checks each token before it copies anything, in this order (the order
//! decides which error a corrupt stream gets; the 68000's decoder keeps it):
//! 1. the token word is in the stream, else [`Error::Truncated`];
//! 2. `L + M` words fit in what is left of the `n`, else [`Error::Overrun`];
//! 3. the `L` literals are in the stream, else [`Error::Truncated`];
//! 4. when `M > 0`: the distance word is in the stream, else [`Error::Truncated`], and
//!    `1 <= D <= 32767` and `D <=` the words written, else [`Error::BadDistance`] (the
//!    68000 subtracts `2 D` as a signed word).
//!
//! After the `n`-th word the stream must end ([`Error::TrailingWords`]). A stream of an odd
//! number of bytes or without its header is [`Error::Truncated`]; one of more than 65,536
//! words (no valid stream is that long: the decoder counts in 16 bits) [`Error::TooLong`].
//!
//! Costs: a token is 1 word, its distance 1 more: a match is worth taking from 2 words
//! (4 bytes) on. [`compress`] chooses the cheapest sequence of tokens for the matches it
//! finds (longest match at every word, hash chains over word pairs).
//!
//! ```
//! // 8 tiles (16 words each) of two patterns, and a few words of noise.
//! let mut tiles: Vec<u16> = (0..128).map(|i| if i % 32 < 16 { 0x0110 } else { 0x1221 }).collect();
//! tiles.extend([0x1234, 0x5678, 0x9ABC]);
//! let packed = compress::compress(&tiles).unwrap();
//! assert!(packed.len() < 40, "{} bytes", packed.len()); // from 262
//! assert_eq!(compress::decompress(&packed).unwrap(), tiles);
//! ```

use std::fmt;

/// Largest output of one stream, in words (the header is one word).
pub const MAX_WORDS: usize = 0xFFFF;
/// Longest literal run or match of one token, in words.
pub const MAX_RUN: usize = 255;
/// Longest match distance, in words (`D` is a positive signed word).
pub const MAX_DISTANCE: usize = 0x7FFF;
/// Shortest match the compressor takes, in words (a shorter one costs as much as literals).
pub const MIN_MATCH: usize = 2;
/// Positions of a hash chain the compressor looks at per word (more: slower, rarely better).
const CHAIN_DEPTH: usize = 4096;
/// The parse's cost of a token beyond its word (see [`compress_tuned`]), in words.
pub const TOKEN_PENALTY: u32 = 3;

/// Why a stream does not decode (word = 16 bits; offsets count words from the stream's start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The stream ends inside its header or a token (or has an odd number of bytes).
    Truncated,
    /// The token at word `at` would write past the output's length.
    Overrun {
        /// The token's word offset in the stream.
        at: usize,
    },
    /// The token at word `at` has a match distance of 0 or more than the words written.
    BadDistance {
        /// The token's word offset in the stream.
        at: usize,
    },
    /// Words follow the token that completed the output, from word `at`.
    TrailingWords {
        /// The first unused word's offset in the stream.
        at: usize,
    },
    /// [`compress`]: more than [`MAX_WORDS`] words to compress; [`decompress`]: a stream of
    /// more than `MAX_WORDS + 1` words (`words`: the length, in words).
    TooLong {
        /// The input's length in words.
        words: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::Truncated => write!(f, "the compressed stream ends inside a token (or is not whole words)"),
            Error::Overrun { at } => write!(f, "the token at word {at} writes past the output's length"),
            Error::BadDistance { at } => write!(f, "the token at word {at} copies from before the output's start"),
            Error::TrailingWords { at } => write!(f, "words after the end of the output, from word {at}"),
            Error::TooLong { words } => write!(f, "{words} words is more than one stream holds ({MAX_WORDS} words, header apart)"),
        }
    }
}

impl std::error::Error for Error {}

/// The words of a big-endian byte stream; [`Error::Truncated`] for an odd length.
pub fn words_of(bytes: &[u8]) -> Result<Vec<u16>, Error> {
    if !bytes.len().is_multiple_of(2) {
        return Err(Error::Truncated);
    }
    Ok(bytes.chunks_exact(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect())
}

/// The big-endian bytes of `words` (what a ROM holds).
pub fn bytes_of(words: &[u16]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_be_bytes()).collect()
}

/// Decodes a stream of big-endian bytes (see the [format](crate#the-format)) into words.
///
/// ```
/// // 3 words: a literal 0x1234, then 2 words copied from 1 word back.
/// let stream = [0x00, 0x03, 0x01, 0x02, 0x12, 0x34, 0x00, 0x01];
/// assert_eq!(compress::decompress(&stream), Ok(vec![0x1234, 0x1234, 0x1234]));
/// ```
pub fn decompress(stream: &[u8]) -> Result<Vec<u16>, Error> {
    decompress_words(&words_of(stream)?)
}

/// [`decompress`] on a stream already in words (as `megadrive::unpack` reads it).
pub fn decompress_words(s: &[u16]) -> Result<Vec<u16>, Error> {
    if s.len() > MAX_WORDS + 1 {
        return Err(Error::TooLong { words: s.len() });
    }
    let (&n, mut rest) = s.split_first().ok_or(Error::Truncated)?;
    let n = n as usize;
    let mut out: Vec<u16> = Vec::with_capacity(n);
    while out.len() < n {
        let at = s.len() - rest.len();
        let (&token, r) = rest.split_first().ok_or(Error::Truncated)?;
        rest = r;
        let (l, m) = ((token >> 8) as usize, (token & 0xFF) as usize);
        if out.len() + l + m > n {
            return Err(Error::Overrun { at });
        }
        let lits = rest.get(..l).ok_or(Error::Truncated)?;
        out.extend_from_slice(lits);
        rest = &rest[l..];
        if m == 0 {
            continue;
        }
        let (&d, r) = rest.split_first().ok_or(Error::Truncated)?;
        rest = r;
        let d = d as usize;
        if d == 0 || d > MAX_DISTANCE || d > out.len() {
            return Err(Error::BadDistance { at });
        }
        for _ in 0..m {
            out.push(out[out.len() - d]);
        }
    }
    if !rest.is_empty() {
        return Err(Error::TrailingWords { at: s.len() - rest.len() });
    }
    Ok(out)
}

/// Compresses `words` into a stream of big-endian bytes (see the [format](crate#the-format));
/// [`Error::TooLong`] past [`MAX_WORDS`] words.
///
/// ```
/// let map = vec![0x8001u16; 1000]; // a name table of one repeated cell
/// let packed = compress::compress(&map).unwrap();
/// assert!(packed.len() < 40);
/// assert_eq!(compress::decompress(&packed).unwrap(), map);
/// ```
pub fn compress(words: &[u16]) -> Result<Vec<u8>, Error> {
    Ok(bytes_of(&compress_words(words)?))
}

/// [`compress`], the stream as words.
pub fn compress_words(words: &[u16]) -> Result<Vec<u16>, Error> {
    compress_tuned(words, TOKEN_PENALTY)
}

/// [`compress_words`] with a parse that counts every token as `penalty` more words than it
/// takes (0: the smallest stream; more: fewer, longer tokens, faster to decode).
pub fn compress_tuned(words: &[u16], penalty: u32) -> Result<Vec<u16>, Error> {
    let n = words.len();
    if n > MAX_WORDS {
        return Err(Error::TooLong { words: n });
    }
    let matches = longest_matches(words);
    // Optimal parse over the matches, costs in words. at[i]: the cheapest encoding of
    // words[..i] ending at a token's end; open[i]: of words[..i] ending inside a token's
    // literal run (the token word paid). Literal runs past MAX_RUN are split when written
    // (one more token word a 255 words: nearly never).
    const INF: u32 = u32::MAX / 2;
    let mut at = vec![INF; n + 1];
    let mut open = vec![INF; n + 1];
    // How each was reached: at_from[i] = where the match that ends at i starts (its token's
    // literals end there); open_from[i] = true when a token starts at i.
    let mut at_from = vec![0usize; n + 1];
    let mut open_new = vec![false; n + 1];
    at[0] = 0;
    for i in 0..=n {
        // Open a token at i, or continue the literal run to i.
        let start = at[i] + 1 + penalty;
        let extend = if i > 0 { open[i - 1] + 1 } else { INF };
        if start <= extend {
            open[i] = start;
            open_new[i] = true;
        } else {
            open[i] = extend;
        }
        // End the token with a match from i.
        let (len, _) = matches[i.min(n.saturating_sub(1))];
        if i < n {
            let cost = open[i] + 1;
            for m in MIN_MATCH..=len as usize {
                if cost < at[i + m] {
                    at[i + m] = cost;
                    at_from[i + m] = i;
                }
            }
        }
    }
    // Walk back: (literal start, literal end, match length, distance) tokens.
    let mut tokens = Vec::new();
    let mut i = n;
    let mut ends_open = open[n] < at[n];
    while i > 0 || ends_open {
        let (lit_end, m, d) = if ends_open {
            (i, 0, 0)
        } else {
            let s = at_from[i];
            (s, i - s, matches[s].1)
        };
        let mut lit_start = lit_end;
        while !open_new[lit_start] {
            lit_start -= 1;
        }
        tokens.push((lit_start, lit_end, m, d));
        i = lit_start;
        ends_open = false;
        if i == 0 {
            break;
        }
    }
    tokens.reverse();
    let mut out = Vec::with_capacity(n / 2 + 2);
    out.push(n as u16);
    for (ls, le, m, d) in tokens {
        let mut s = ls;
        while le - s > MAX_RUN {
            out.push((MAX_RUN as u16) << 8);
            out.extend_from_slice(&words[s..s + MAX_RUN]);
            s += MAX_RUN;
        }
        out.push(((le - s) as u16) << 8 | m as u16);
        out.extend_from_slice(&words[s..le]);
        if m > 0 {
            out.push(d);
        }
    }
    Ok(out)
}

/// For every word of `w`: the longest earlier match (length in words, at most [`MAX_RUN`]
/// and to the end; distance in words, at most [`MAX_DISTANCE`]), (0, 0) when none of
/// [`MIN_MATCH`].
fn longest_matches(w: &[u16]) -> Vec<(u16, u16)> {
    let n = w.len();
    let mut best = vec![(0u16, 0u16); n.max(1)];
    if n < MIN_MATCH {
        return best;
    }
    const HASH_BITS: u32 = 16;
    let hash = |i: usize| ((u32::from(w[i]) << 16 | u32::from(w[i + 1])).wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
    let mut head = vec![usize::MAX; 1 << HASH_BITS];
    let mut prev = vec![usize::MAX; n];
    for i in 0..n - 1 {
        let h = hash(i);
        let limit = MAX_RUN.min(n - i);
        let (mut bl, mut bd) = (0usize, 0usize);
        let mut j = head[h];
        let mut depth = 0;
        while j != usize::MAX && i - j <= MAX_DISTANCE && depth < CHAIN_DEPTH {
            if w[j + bl.min(limit - 1)] == w[i + bl.min(limit - 1)] {
                let mut l = 0;
                while l < limit && w[j + l] == w[i + l] {
                    l += 1;
                }
                if l > bl {
                    bl = l;
                    bd = i - j;
                    if l == limit {
                        break;
                    }
                }
            }
            j = prev[j];
            depth += 1;
        }
        if bl >= MIN_MATCH {
            best[i] = (bl as u16, bd as u16);
        }
        prev[i] = head[h];
        head[h] = i;
    }
    best
}

/// Compressed size / raw size of `words` (both in bytes; 1.0 for nothing).
pub fn ratio(words: &[u16]) -> Result<f64, Error> {
    if words.is_empty() {
        return Ok(1.0);
    }
    Ok(compress(words)?.len() as f64 / (words.len() * 2) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_tiny_inputs_round_trip() {
        for w in [vec![], vec![7], vec![7, 7], vec![1, 2, 3], vec![5; 600]] {
            let p = compress(&w).unwrap();
            assert_eq!(decompress(&p).unwrap(), w, "{w:?}");
        }
        assert_eq!(compress(&[]).unwrap(), vec![0, 0]);
    }

    #[test]
    fn long_literal_runs_split_at_255() {
        let w: Vec<u16> = (0..1000).collect();
        let p = compress_words(&w).unwrap();
        assert_eq!(p[1], 255 << 8);
        assert_eq!(decompress_words(&p).unwrap(), w);
        assert_eq!(p.len(), 1 + 1000 + 4);
    }

    #[test]
    fn too_long_is_an_error() {
        assert_eq!(compress(&vec![0; MAX_WORDS + 1]), Err(Error::TooLong { words: MAX_WORDS + 1 }));
        assert!(compress(&vec![0; MAX_WORDS]).is_ok());
    }

    #[test]
    fn errors_of_the_format() {
        assert_eq!(decompress(&[0]), Err(Error::Truncated));
        assert_eq!(decompress(&[]), Err(Error::Truncated));
        assert_eq!(decompress_words(&[1]), Err(Error::Truncated));
        assert_eq!(decompress_words(&[2, 0x0200, 5]), Err(Error::Truncated));
        assert_eq!(decompress_words(&[1, 0x0200, 5, 6]), Err(Error::Overrun { at: 1 }));
        assert_eq!(decompress_words(&[3, 0x0102, 5, 0]), Err(Error::BadDistance { at: 1 }));
        assert_eq!(decompress_words(&[3, 0x0102, 5, 2]), Err(Error::BadDistance { at: 1 }));
        assert_eq!(decompress_words(&[3, 0x0102, 5]), Err(Error::Truncated));
        assert_eq!(decompress_words(&[2, 0x0103, 5, 1]), Err(Error::Overrun { at: 1 }));
        assert_eq!(decompress_words(&[2, 0x0201]), Err(Error::Overrun { at: 1 }), "L + M checked before the literals");
        assert_eq!(decompress_words(&[1, 0x0100, 5, 0]), Err(Error::TrailingWords { at: 3 }));
        assert_eq!(decompress_words(&[0, 0]), Err(Error::TrailingWords { at: 1 }));
        assert_eq!(decompress_words(&[4, 0x0103, 5, 1]), Ok(vec![5; 4]));
        // 32,768 literals, then a match of 2 words from 32,768 (too far) or 32,767 back.
        let mut far = vec![32768 + 2];
        for chunk in (0..32768u32).map(|i| i as u16).collect::<Vec<_>>().chunks(MAX_RUN) {
            far.push((chunk.len() as u16) << 8);
            far.extend_from_slice(chunk);
        }
        far.extend([0x0002, 0x8000]);
        assert_eq!(decompress_words(&far), Err(Error::BadDistance { at: far.len() - 2 }), "D = 32768");
        *far.last_mut().unwrap() = 0x7FFF;
        assert_eq!(decompress_words(&far).unwrap()[32768..], [1, 2]);
    }
}
