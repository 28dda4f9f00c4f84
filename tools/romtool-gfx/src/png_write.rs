//! Writing PNG files (level previews, the collision tileset): 8-bit pixels, RGB or indexed.

/// Encodes 8-bit pixels as a PNG; `palette` is (RGB palette, tRNS) for indexed images.
/// Errors are the encoder's, as sentences.
pub fn encode_png(w: u32, h: u32, color: png::ColorType, palette: Option<(Vec<u8>, Vec<u8>)>, pixels: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(color);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Balanced);
        if let Some((pal, trns)) = palette {
            enc.set_palette(pal);
            enc.set_trns(trns);
        }
        let mut wr = enc.write_header().map_err(|e| format!("PNG encoder: {e}"))?;
        wr.write_image_data(pixels).map_err(|e| format!("PNG encoder: {e}"))?;
        wr.finish().map_err(|e| format!("PNG encoder: {e}"))?;
    }
    Ok(out)
}
