//! Round trips and corrupt streams: random art-like inputs compress and decompress to
//! themselves; 20,000 mutated and random streams never panic, never write past the output's
//! `n` words (canaries after them in the buffer), and give the same result in the reference
//! decoder and in `megadrive::unpack`'s Rust path (the one the 68000 kernel is checked
//! against). Fixed seeds: deterministic.

use compress::{compress_words, decompress_words, Error};
use megadrive::unpack::{unpack, UnpackError};

/// xorshift32: the tests' random numbers.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// In `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() as usize) % n
    }
}

/// Words like VDP tiles and maps: runs, repeated rows and tiles, a few colours, noise.
fn art_like(rng: &mut Rng, len: usize) -> Vec<u16> {
    let palette: Vec<u16> = (0..1 + rng.below(6)).map(|_| rng.next() as u16).collect();
    let mut w = Vec::with_capacity(len);
    while w.len() < len {
        match rng.below(5) {
            0 => w.extend(std::iter::repeat_n(palette[rng.below(palette.len())], 1 + rng.below(40))),
            1 if w.len() > 16 => {
                let back = 1 + rng.below(w.len().min(5000));
                let n = 1 + rng.below(300);
                for _ in 0..n {
                    w.push(w[w.len() - back]);
                }
            }
            2 => w.extend((0..1 + rng.below(20)).map(|_| rng.next() as u16)),
            _ => w.extend((0..1 + rng.below(16)).map(|_| palette[rng.below(palette.len())])),
        }
    }
    w.truncate(len);
    w
}

#[test]
fn random_art_round_trips() {
    let mut rng = Rng(0x1234_5678);
    for case in 0..600 {
        let len = match case % 4 {
            0 => rng.below(8),
            1 => rng.below(300),
            2 => rng.below(5000),
            _ => rng.below(20000),
        };
        let w = art_like(&mut rng, len);
        let packed = compress_words(&w).unwrap();
        assert_eq!(decompress_words(&packed).as_ref(), Ok(&w), "case {case}: {len} words");
        let mut out = vec![0u16; len];
        assert_eq!(unpack(&packed, &mut out), Ok(len), "case {case}: megadrive::unpack");
        assert_eq!(out, w, "case {case}: megadrive::unpack's words");
    }
}

/// The reference's error as `megadrive::unpack`'s.
fn kind(e: Error) -> UnpackError {
    match e {
        Error::Truncated => UnpackError::Truncated,
        Error::Overrun { .. } => UnpackError::Overrun,
        Error::BadDistance { .. } => UnpackError::BadDistance,
        Error::TrailingWords { .. } => UnpackError::TrailingWords,
        Error::TooLong { .. } => UnpackError::StreamTooLong,
    }
}

/// One corrupt stream: both decoders agree, no canary is touched, the reference's errors
/// name a word inside the stream. Returns whether it decoded.
fn check(stream: &[u16], what: &str) -> bool {
    const CANARY: u16 = 0xC0DE;
    let reference = decompress_words(stream);
    let n = stream.first().map_or(0, |&n| n as usize);
    let mut buf = vec![CANARY; n + 64];
    let got = unpack(stream, &mut buf);
    match &reference {
        Ok(words) => {
            assert_eq!(got, Ok(words.len()), "{what}: the reference decodes it, megadrive::unpack does not");
            assert_eq!(&buf[..n], &words[..], "{what}: the words differ");
        }
        Err(e) => {
            assert_eq!(got, Err(kind(*e)), "{what}: different errors");
            if let Error::Overrun { at } | Error::BadDistance { at } | Error::TrailingWords { at } = *e {
                assert!(at < stream.len(), "{what}: error at word {at} of {}", stream.len());
            }
        }
    }
    assert!(buf[n..].iter().all(|&w| w == CANARY), "{what}: a word written past the output's {n} words");
    reference.is_ok()
}

#[test]
fn twenty_thousand_corrupt_streams() {
    let mut rng = Rng(0xDEAD_BEEF);
    let (mut decoded, mut errors) = (0, 0);
    for case in 0..20_000 {
        let len = 1 + rng.below(if case % 10 == 0 { 4000 } else { 300 });
        let mut s = compress_words(&art_like(&mut rng, len)).unwrap();
        let mutation = rng.below(8);
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(s.len());
            match mutation {
                0 => s[i] ^= 1 << rng.below(16),                                           // a bit flipped
                1 => s[i] = rng.next() as u16,                                             // a word replaced
                2 => s.truncate(i),                                                        // cut short
                3 => s.insert(i, rng.next() as u16),                                       // a word inserted
                4 => drop(s.remove(i)),                                                    // a word removed
                5 => s[0] = s[0].wrapping_add(rng.below(5) as u16).wrapping_sub(2),        // the header's n
                6 => s[i] = (s[i] & 0xFF00) | rng.below(256) as u16,                       // a token's M or a distance
                _ => s = (0..rng.below(40)).map(|_| rng.next() as u16 & 0x0F0F).collect(), // noise
            }
            if s.is_empty() {
                break;
            }
        }
        if check(&s, &format!("case {case} (mutation {mutation}, {} words)", s.len())) {
            decoded += 1;
        } else {
            errors += 1;
        }
    }
    println!("{decoded} corrupt streams still decoded, {errors} stopped with an error");
    assert!(errors > 10_000 && decoded > 1_000, "both outcomes are tried: {errors} errors, {decoded} decoded");
}

#[test]
fn a_stream_longer_than_the_format_allows() {
    let mut s = vec![0u16; compress::MAX_WORDS + 2];
    s[0] = 1;
    assert_eq!(decompress_words(&s), Err(Error::TooLong { words: s.len() }));
    assert!(!check(&s, "a stream of 65,537 words"));
}
