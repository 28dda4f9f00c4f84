//! Reference-image comparison for screenshot tests.
// DiffReport is a deliberately rich error (it is what a developer reads on failure).
#![allow(clippy::result_large_err)]

use std::fmt;
use std::path::{Path, PathBuf};

use image::{Rgb, RgbImage};

/// How close `actual` must be to the reference.
#[derive(Debug, Clone, Copy)]
pub struct Tolerance {
    /// Largest allowed absolute difference per colour channel (0 = exact).
    pub per_channel: u8,
    /// How many pixels may exceed `per_channel` and still pass.
    pub max_differing_pixels: usize,
}

impl Tolerance {
    pub const EXACT: Tolerance = Tolerance { per_channel: 0, max_differing_pixels: 0 };
    pub fn new(per_channel: u8, max_differing_pixels: usize) -> Tolerance {
        Tolerance { per_channel, max_differing_pixels }
    }
}

impl Default for Tolerance {
    fn default() -> Self {
        Tolerance::EXACT
    }
}

/// Why a comparison failed.
#[derive(Debug, Clone, Default)]
pub struct DiffReport {
    pub actual_size: (u32, u32),
    pub reference_size: (u32, u32),
    /// Pixels whose difference exceeds the per-channel tolerance.
    pub differing_pixels: usize,
    /// Largest channel difference seen anywhere.
    pub max_channel_delta: u8,
    /// First differing pixel (x, y, actual, reference), row-major order.
    pub first_difference: Option<(u32, u32, [u8; 3], [u8; 3])>,
    /// Bounding box (x0, y0, x1, y1 inclusive) of differing pixels.
    pub bounding_box: Option<(u32, u32, u32, u32)>,
    pub tolerance: Tolerance,
    /// Other problem (missing reference, unreadable file, ...).
    pub note: Option<String>,
    /// Files written for a developer to look at.
    pub written: Vec<PathBuf>,
}

impl fmt::Display for DiffReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = &self.note {
            write!(f, "{n}")?;
        } else if self.actual_size != self.reference_size {
            write!(
                f,
                "image size {}x{} differs from reference {}x{}",
                self.actual_size.0, self.actual_size.1, self.reference_size.0, self.reference_size.1
            )?;
        } else {
            write!(
                f,
                "{} pixels differ by more than {} per channel (allowed: {}), max delta {}",
                self.differing_pixels, self.tolerance.per_channel, self.tolerance.max_differing_pixels, self.max_channel_delta
            )?;
            if let Some((x, y, a, r)) = self.first_difference {
                write!(f, "; first at ({x},{y}): actual {a:?} vs reference {r:?}")?;
            }
            if let Some((x0, y0, x1, y1)) = self.bounding_box {
                write!(f, "; differences within ({x0},{y0})-({x1},{y1})")?;
            }
        }
        for w in &self.written {
            write!(f, "\n  wrote {}", w.display())?;
        }
        Ok(())
    }
}

impl std::error::Error for DiffReport {}

/// Compare two images. Passes when the sizes match and at most
/// `tol.max_differing_pixels` pixels have a channel differing by more than
/// `tol.per_channel`.
pub fn compare(actual: &RgbImage, reference: &RgbImage, tol: Tolerance) -> Result<(), DiffReport> {
    let mut rep =
        DiffReport { actual_size: actual.dimensions(), reference_size: reference.dimensions(), tolerance: tol, ..Default::default() };
    if rep.actual_size != rep.reference_size {
        return Err(rep);
    }
    for (x, y, a) in actual.enumerate_pixels() {
        let r = reference.get_pixel(x, y);
        let delta = (0..3).map(|c| a.0[c].abs_diff(r.0[c])).max().unwrap_or(0);
        rep.max_channel_delta = rep.max_channel_delta.max(delta);
        if delta > tol.per_channel {
            rep.differing_pixels += 1;
            if rep.first_difference.is_none() {
                rep.first_difference = Some((x, y, a.0, r.0));
            }
            rep.bounding_box = Some(match rep.bounding_box {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    if rep.differing_pixels > tol.max_differing_pixels {
        Err(rep)
    } else {
        Ok(())
    }
}

/// A picture of the differences: differing pixels in magenta over a darkened,
/// greyed copy of the reference (or of `actual` where the sizes differ).
pub fn diff_image(actual: &RgbImage, reference: &RgbImage, per_channel: u8) -> RgbImage {
    let (w, h) = (actual.width().max(reference.width()), actual.height().max(reference.height()));
    RgbImage::from_fn(w, h, |x, y| {
        let a = (x < actual.width() && y < actual.height()).then(|| *actual.get_pixel(x, y));
        let r = (x < reference.width() && y < reference.height()).then(|| *reference.get_pixel(x, y));
        match (a, r) {
            (Some(a), Some(r)) => {
                let delta = (0..3).map(|c| a.0[c].abs_diff(r.0[c])).max().unwrap_or(0);
                if delta > per_channel {
                    Rgb([255, 0, 255])
                } else {
                    let g = ((r.0[0] as u32 + r.0[1] as u32 + r.0[2] as u32) / 3 / 3) as u8;
                    Rgb([g, g, g])
                }
            }
            _ => Rgb([255, 255, 0]), // outside one of the images
        }
    })
}

/// Where failure artefacts go by default: `<workspace>/out/test-failures/`
/// (overridable with `$EMU_FAILURE_DIR`).
pub fn default_failure_dir() -> PathBuf {
    std::env::var_os("EMU_FAILURE_DIR").map(PathBuf::from).unwrap_or_else(|| crate::workspace_root().join("out").join("test-failures"))
}

/// Compare `actual` with the PNG at `reference_png`.
///
/// On failure writes `<failure_dir>/<name>.actual.png` and `<name>.diff.png`
/// (plus `<name>.reference.png` for convenience) and lists them in the report.
/// With `EMU_UPDATE_REFERENCES=1` in the environment, (re)writes the reference
/// from `actual` instead and passes -- use it to bless intended changes, then
/// look at the new PNG before committing it.
pub fn compare_with_reference(
    actual: &RgbImage,
    reference_png: impl AsRef<Path>,
    tol: Tolerance,
    failure_dir: impl AsRef<Path>,
    name: &str,
) -> Result<(), DiffReport> {
    let reference_png = reference_png.as_ref();
    let failure_dir = failure_dir.as_ref();
    let note = |msg: String| DiffReport { note: Some(msg), actual_size: actual.dimensions(), ..Default::default() };
    if std::env::var_os("EMU_UPDATE_REFERENCES").is_some_and(|v| v != "0" && !v.is_empty()) {
        if let Some(d) = reference_png.parent() {
            std::fs::create_dir_all(d).map_err(|e| note(format!("creating {}: {e}", d.display())))?;
        }
        actual.save(reference_png).map_err(|e| note(format!("writing reference {}: {e}", reference_png.display())))?;
        eprintln!("EMU_UPDATE_REFERENCES: wrote {}", reference_png.display());
        return Ok(());
    }
    let write_artifacts = |rep: &mut DiffReport, reference: Option<&RgbImage>| {
        if std::fs::create_dir_all(failure_dir).is_err() {
            return;
        }
        let a = failure_dir.join(format!("{name}.actual.png"));
        if actual.save(&a).is_ok() {
            rep.written.push(a);
        }
        if let Some(r) = reference {
            let d = failure_dir.join(format!("{name}.diff.png"));
            if diff_image(actual, r, tol.per_channel).save(&d).is_ok() {
                rep.written.push(d);
            }
            let rp = failure_dir.join(format!("{name}.reference.png"));
            if r.save(&rp).is_ok() {
                rep.written.push(rp);
            }
        }
    };
    let reference = match image::open(reference_png) {
        Ok(img) => img.to_rgb8(),
        Err(e) => {
            let mut rep =
                note(format!("cannot read reference {}: {e} (run with EMU_UPDATE_REFERENCES=1 to create it)", reference_png.display()));
            write_artifacts(&mut rep, None);
            return Err(rep);
        }
    };
    compare(actual, &reference, tol).map_err(|mut rep| {
        write_artifacts(&mut rep, Some(&reference));
        rep
    })
}

/// Check that every pixel of `img` inside the rectangle has colour `rgb` (± `per_channel`).
/// Returns the first offending pixel otherwise.
pub fn region_is_colour(
    img: &RgbImage,
    (x0, y0, w, h): (u32, u32, u32, u32),
    rgb: [u8; 3],
    per_channel: u8,
) -> Result<(), (u32, u32, [u8; 3])> {
    for y in y0..(y0 + h).min(img.height()) {
        for x in x0..(x0 + w).min(img.width()) {
            let p = img.get_pixel(x, y).0;
            if (0..3).any(|c| p[c].abs_diff(rgb[c]) > per_channel) {
                return Err((x, y, p));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_and_pixel_budget() {
        let a = RgbImage::from_pixel(4, 4, Rgb([10, 20, 30]));
        let mut b = a.clone();
        assert!(compare(&a, &b, Tolerance::EXACT).is_ok());
        b.put_pixel(1, 2, Rgb([12, 20, 30]));
        assert!(compare(&a, &b, Tolerance::EXACT).is_err());
        assert!(compare(&a, &b, Tolerance::new(2, 0)).is_ok());
        assert!(compare(&a, &b, Tolerance::new(0, 1)).is_ok());
        let e = compare(&a, &b, Tolerance::EXACT).unwrap_err();
        assert_eq!(e.differing_pixels, 1);
        assert_eq!(e.first_difference.unwrap().0, 1);
        assert_eq!(e.bounding_box, Some((1, 2, 1, 2)));
        let c = RgbImage::new(3, 4);
        assert!(compare(&a, &c, Tolerance::new(255, 100)).is_err());
    }

    #[test]
    fn failure_artifacts_written() {
        let dir = tempfile::tempdir().unwrap();
        let a = RgbImage::from_pixel(4, 4, Rgb([0, 0, 0]));
        let r = RgbImage::from_pixel(4, 4, Rgb([255, 0, 0]));
        let rp = dir.path().join("ref.png");
        r.save(&rp).unwrap();
        let fd = dir.path().join("fail");
        let e = compare_with_reference(&a, &rp, Tolerance::EXACT, &fd, "t").unwrap_err();
        assert_eq!(e.differing_pixels, 16);
        assert!(fd.join("t.actual.png").is_file());
        assert!(fd.join("t.diff.png").is_file());
        assert!(compare_with_reference(&r, &rp, Tolerance::EXACT, &fd, "t2").is_ok());
        let e = compare_with_reference(&a, dir.path().join("missing.png"), Tolerance::EXACT, &fd, "t3").unwrap_err();
        assert!(e.to_string().contains("EMU_UPDATE_REFERENCES"));
    }
}
