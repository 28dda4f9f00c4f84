//! WAV files (read with the `hound` crate: PCM 8 to 32 bits or 32-bit float, any rate, mono
//! or more channels) into the driver's PCM: mono, 8-bit unsigned (0x80 silence), at
//! [`PCM_RATE`] Hz. Channels are averaged; the rate is converted by averaging the source
//! samples each output sample covers (a box filter: the low-pass that keeps a downsampled
//! effect from aliasing) or, upsampling, by linear interpolation.

/// The driver's PCM rate on NTSC, Hz (the protocol's `megadrive::sound::protocol::PCM_RATE`:
/// the YM2612's Timer A every 8 of its samples).
pub const PCM_RATE: u32 = megadrive::sound::protocol::PCM_RATE;
/// The most samples a PCM effect may have (the protocol's `MAX_PCM_SAMPLES`: the driver
/// counts them in 16 bits).
pub const MAX_SAMPLES: usize = megadrive::sound::protocol::MAX_PCM_SAMPLES;

/// Reads a WAV file's bytes into driver PCM. Errors say what is wrong (the caller adds the
/// file's name).
pub fn convert(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut reader = hound::WavReader::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("{}: {e}. Fix: export it again from your sound editor as a mono PCM WAV", header_problem(&e)))?;
    let spec = reader.spec();
    if spec.channels == 0 || spec.sample_rate == 0 {
        return Err(format!("{} channels at {} Hz: not a sound", spec.channels, spec.sample_rate));
    }
    if spec.sample_rate < 1000 || spec.sample_rate > 384_000 {
        return Err(format!("a sample rate of {} Hz (1,000 to 384,000 are accepted)", spec.sample_rate));
    }
    let frames = reader.duration() as u64;
    let out_len = frames * PCM_RATE as u64 / spec.sample_rate as u64;
    if out_len > MAX_SAMPLES as u64 {
        return Err(format!(
            "{:.2} s long: an effect may last at most {:.2} s ({} samples at {} Hz)",
            frames as f64 / spec.sample_rate as f64,
            MAX_SAMPLES as f64 / PCM_RATE as f64,
            MAX_SAMPLES,
            PCM_RATE
        ));
    }
    if frames == 0 {
        return Err("no samples".into());
    }
    // Every frame as a mono value in -1.0..=1.0.
    let ch = spec.channels as usize;
    let mut mono = Vec::with_capacity(frames as usize);
    let mut acc = 0f64;
    let mut n = 0usize;
    let mut push = |v: f64| {
        acc += v;
        n += 1;
        if n == ch {
            mono.push(acc / ch as f64);
            acc = 0.0;
            n = 0;
        }
    };
    match spec.sample_format {
        hound::SampleFormat::Float => {
            if spec.bits_per_sample != 32 {
                return Err(format!("{}-bit float samples (32-bit float is accepted)", spec.bits_per_sample));
            }
            for s in reader.samples::<f32>() {
                let v = s.map_err(sample_error)?;
                if !v.is_finite() {
                    return Err("a sample that is not a number (NaN or infinite)".into());
                }
                push((v as f64).clamp(-1.0, 1.0));
            }
        }
        hound::SampleFormat::Int => {
            let bits = spec.bits_per_sample;
            if !(8..=32).contains(&bits) {
                return Err(format!("{bits}-bit samples (8 to 32 are accepted)"));
            }
            let scale = (1u64 << (bits - 1)) as f64;
            for s in reader.samples::<i32>() {
                let v = s.map_err(sample_error)?;
                push(v as f64 / scale);
            }
        }
    }
    if (mono.len() as u64) < frames {
        return Err(format!("truncated: the header says {frames} samples, the file has {}. Fix: export it again from your sound editor, or copy the whole file", mono.len()));
    }
    Ok(resample(&mono, spec.sample_rate, PCM_RATE).into_iter().map(to_u8).collect())
}

/// `src` at `from` Hz as `to` Hz (see the module docs).
pub fn resample(src: &[f64], from: u32, to: u32) -> Vec<f64> {
    let out_len = (src.len() as u64 * to as u64 / from as u64) as usize;
    let step = from as f64 / to as f64;
    (0..out_len)
        .map(|i| {
            let start = i as f64 * step;
            if step <= 1.0 {
                let k = start.floor() as usize;
                let f = start - k as f64;
                let a = src[k.min(src.len() - 1)];
                let b = src[(k + 1).min(src.len() - 1)];
                a + (b - a) * f
            } else {
                let (a, b) = (start.floor() as usize, ((start + step).ceil() as usize).min(src.len()));
                let span = &src[a.min(b.saturating_sub(1))..b];
                span.iter().sum::<f64>() / span.len() as f64
            }
        })
        .collect()
}

/// A value in -1.0..=1.0 as an unsigned 8-bit DAC sample.
pub fn to_u8(v: f64) -> u8 {
    (128.0 + v.clamp(-1.0, 1.0) * 127.0).round() as u8
}

/// A 16-bit WAV file of `channels` interleaved channels at `rate` Hz (for tests and tools
/// that write WAV).
pub fn write16(rate: u32, channels: u16, samples: &[i16]) -> Vec<u8> {
    let spec = hound::WavSpec { channels, sample_rate: rate, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut cur = std::io::Cursor::new(Vec::new());
    let mut w = hound::WavWriter::new(&mut cur, spec).expect("a WAV header in memory");
    for &s in samples {
        w.write_sample(s).expect("a sample in memory");
    }
    w.finalize().expect("a WAV in memory");
    cur.into_inner()
}

/// [`write16`] with one channel.
pub fn mono16(rate: u32, samples: &[i16]) -> Vec<u8> {
    write16(rate, 1, samples)
}

/// What a header error means, in words.
fn header_problem(e: &hound::Error) -> &'static str {
    match e {
        hound::Error::IoError(_) => "not a WAV file that can be read: truncated or corrupt, the header ends early",
        hound::Error::FormatError(_) => "not a WAV file that can be read: corrupt, the header is not a valid RIFF/WAVE header",
        hound::Error::Unsupported => "a WAV encoding that is not supported (PCM 8 to 32 bits or 32-bit float are)",
        _ => "not a WAV file that can be read",
    }
}

/// A sample-reading error in words (a short read means the file was cut off).
fn sample_error(e: hound::Error) -> String {
    match e {
        hound::Error::IoError(_) => format!("truncated: the file ends before the samples its header announces ({e}). Fix: export it again from your sound editor as a mono PCM WAV, or copy the whole file"),
        _ => format!("corrupt samples ({e}). Fix: export it again from your sound editor as a mono PCM WAV"),
    }
}

#[cfg(test)]
mod tests {
    use super::write16 as wav;
    use super::*;

    #[test]
    fn a_wav_at_the_driver_rate_comes_back_sample_for_sample() {
        let src: Vec<i16> = (0..1000).map(|i| ((i * 37) % 200 - 100) as i16 * 256).collect();
        let pcm = convert(&wav(PCM_RATE, 1, &src)).unwrap();
        assert_eq!(pcm.len(), 1000);
        for (p, s) in pcm.iter().zip(&src) {
            assert_eq!(*p, to_u8(*s as f64 / 32768.0));
        }
    }

    #[test]
    fn stereo_is_averaged_and_the_rate_converted() {
        let src: Vec<i16> = (0..44_100 * 2).map(|i| if i % 2 == 0 { 16384 } else { -16384 }).collect();
        let pcm = convert(&wav(44_100, 2, &src)).unwrap();
        assert_eq!(pcm.len(), PCM_RATE as usize);
        assert!(pcm.iter().all(|&p| p == 128));
        // A 440 Hz tone keeps its frequency: zero crossings per second.
        let tone: Vec<i16> = (0..22_050).map(|i| ((i as f64 * 440.0 * std::f64::consts::TAU / 22_050.0).sin() * 20_000.0) as i16).collect();
        let pcm = convert(&wav(22_050, 1, &tone)).unwrap();
        let crossings = pcm.windows(2).filter(|w| (w[0] < 128) != (w[1] < 128)).count();
        assert!((875..=885).contains(&crossings), "{crossings}");
    }

    #[test]
    fn bad_wavs_are_errors() {
        assert!(convert(b"RIFF\0\0\0\0WAVE").is_err());
        assert!(convert(b"not a wav at all").is_err());
        let mut w = wav(8000, 1, &[0; 100]);
        w.truncate(w.len() - 50);
        assert!(convert(&w).unwrap_err().contains("truncated") || convert(&w).is_err());
        let long = wav(8000, 1, &vec![0; 8000 * 12]);
        assert!(convert(&long).unwrap_err().contains("at most"));
        // A header that claims 2 GB of samples in a small file.
        let mut lie = wav(8000, 1, &[0; 100]);
        let n = lie.len();
        lie[n - 204..n - 200].copy_from_slice(&0x7FFF_FFF0u32.to_le_bytes());
        assert!(convert(&lie).is_err());
    }
}
