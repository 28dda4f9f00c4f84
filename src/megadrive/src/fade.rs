//! Palette fades: move a palette in RAM one step per call towards a target (black, a
//! game's palette, white), then load it with [`crate::vdp::load_palette`] (in VBlank).
//!
//! Colours are CRAM words, 0000BBB0GGG0RRR0: three components of 3 bits (0..=7, stored at
//! bits 1-3, 5-7 and 9-11). One step moves every component by 1 towards the target, so any
//! fade ends within 7 steps; no multiply or divide.
//!
//! A fade to black, one step per frame (load `pal` into CRAM after each step):
//!
//! ```
//! use megadrive::fade;
//!
//! let mut pal = [0x0EEE, 0x0E00, 0x0024];
//! let mut frames = 0;
//! while !fade::step_to_black(&mut pal) {
//!     frames += 1; // here: vdp::load_palette(0, &pal) in VBlank
//! }
//! assert_eq!(pal, [0, 0, 0]);
//! assert_eq!(frames, 6); // the 7th step reaches black and ends the loop
//! ```

/// Mask of the three components' bits.
const COMPONENTS: u16 = 0x0EEE;
/// One step of each component, by component.
const STEPS: [u16; 3] = [0x0002, 0x0020, 0x0200];
/// Each component's mask.
const MASKS: [u16; 3] = [0x000E, 0x00E0, 0x0E00];

/// One colour one step towards `target`: each component moves by 1 (of 0..=7).
///
/// ```
/// // Red 7 towards blue 7: red goes down one step, blue up one.
/// assert_eq!(megadrive::fade::step_colour(0x000E, 0x0E00), 0x020C);
/// ```
pub const fn step_colour(current: u16, target: u16) -> u16 {
    let (mut c, t) = (current & COMPONENTS, target & COMPONENTS);
    let mut i = 0;
    while i < 3 {
        let (m, s) = (MASKS[i], STEPS[i]);
        if c & m < t & m {
            c += s;
        } else if c & m > t & m {
            c -= s;
        }
        i += 1;
    }
    c
}

/// Moves every colour of `current` one step towards the colour at the same index of
/// `target` (the shorter length counts). Returns true when `current` equals `target`
/// (the fade is over).
///
/// ```
/// use megadrive::fade::step_towards;
///
/// let target = [0x0EEE, 0x0222];
/// let mut pal = [0; 2];
/// let mut steps = 1;
/// while !step_towards(&mut pal, &target) {
///     steps += 1;
/// }
/// assert_eq!((pal, steps), (target, 7));
/// ```
pub fn step_towards(current: &mut [u16], target: &[u16]) -> bool {
    let mut done = true;
    for (c, &t) in current.iter_mut().zip(target) {
        *c = step_colour(*c, t);
        done &= *c == t & COMPONENTS;
    }
    done
}

/// Moves every colour of `current` one step towards black. Returns true when all are black.
///
/// ```
/// use megadrive::fade::step_to_black;
/// let mut pal = [0x0EEE, 0x0004];
/// assert!(!step_to_black(&mut pal)); // not black yet
/// assert_eq!(pal, [0x0CCC, 0x0002]); // every component one step down
/// ```
pub fn step_to_black(current: &mut [u16]) -> bool {
    let mut done = true;
    for c in current.iter_mut() {
        *c = step_colour(*c, 0);
        done &= *c == 0;
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_move_one_step_each_way() {
        assert_eq!(step_colour(0x0000, 0x0EEE), 0x0222);
        assert_eq!(step_colour(0x0E0E, 0x00E0), 0x0C2C);
        assert_eq!(step_colour(0x0246, 0x0246), 0x0246);
    }

    #[test]
    fn fades_end_within_seven_steps() {
        let target = [0x0EEE, 0x0E00, 0x00E0, 0x000E, 0x0468, 0];
        let mut p = [0u16; 6];
        let mut steps = 0;
        while !step_towards(&mut p, &target) {
            steps += 1;
            assert!(steps < 7, "fade in takes 7 steps");
        }
        assert_eq!(steps, 6); // the 7th call finished it
        assert_eq!(p, target);
        let mut steps = 0;
        while !step_to_black(&mut p) {
            steps += 1;
        }
        assert_eq!((steps, p), (6, [0; 6]));
    }
}
