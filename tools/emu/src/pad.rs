//! The Mega Drive pads (3-button and 6-button), in Genesis terms.

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

/// Buttons held on a pad (pressed = bit set).
///
/// The low byte is the layout a ROM assembles from the two TH phases of
/// `0xA10003` after inverting (active high): `S A C B R L D U`, i.e.
/// bit 0 up, 1 down, 2 left, 3 right, 4 B, 5 C, 6 A, 7 Start. So `pad.bits()`
/// is exactly what a conventional pad-reading routine stores. Bits 8..=11 are the
/// 6-button pad's Z, Y, X and Mode, as `megadrive::pad::read6` returns them; a
/// 3-button pad ([`PadKind::ThreeButton`]) does not have them (the core ignores them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pad(u16);

/// The kind of pad plugged into a port (Genesis Plus GX's device for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PadKind {
    /// The standard pad: D-pad, A, B, C, Start (the harness's default on both ports).
    #[default]
    ThreeButton,
    /// The 6-button pad: also X, Y, Z and Mode (read with four TH pulses).
    SixButton,
}

impl Pad {
    pub const NONE: Pad = Pad(0);
    pub const UP: Pad = Pad(1 << 0);
    pub const DOWN: Pad = Pad(1 << 1);
    pub const LEFT: Pad = Pad(1 << 2);
    pub const RIGHT: Pad = Pad(1 << 3);
    pub const B: Pad = Pad(1 << 4);
    pub const C: Pad = Pad(1 << 5);
    pub const A: Pad = Pad(1 << 6);
    pub const START: Pad = Pad(1 << 7);
    /// 6-button pad only.
    pub const Z: Pad = Pad(1 << 8);
    /// 6-button pad only.
    pub const Y: Pad = Pad(1 << 9);
    /// 6-button pad only.
    pub const X: Pad = Pad(1 << 10);
    /// 6-button pad only.
    pub const MODE: Pad = Pad(1 << 11);

    const NAMES: [(Pad, &'static str); 12] = [
        (Pad::UP, "up"),
        (Pad::DOWN, "down"),
        (Pad::LEFT, "left"),
        (Pad::RIGHT, "right"),
        (Pad::A, "a"),
        (Pad::B, "b"),
        (Pad::C, "c"),
        (Pad::START, "start"),
        (Pad::X, "x"),
        (Pad::Y, "y"),
        (Pad::Z, "z"),
        (Pad::MODE, "mode"),
    ];

    /// The pad with exactly the buttons of `bits` (bits 12..=15 are dropped: no buttons).
    pub const fn from_bits(bits: u16) -> Pad {
        Pad(bits & 0x0FFF)
    }
    pub const fn bits(self) -> u16 {
        self.0
    }
    pub const fn contains(self, other: Pad) -> bool {
        self.0 & other.0 == other.0
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn union(self, other: Pad) -> Pad {
        Pad(self.0 | other.0)
    }

    /// The libretro joypad ids (RETRO_DEVICE_ID_JOYPAD_*) that Genesis Plus GX
    /// maps to each Genesis button: A = Y(1), B = B(0), C = A(8), Start = START(3),
    /// d-pad = UP(4)/DOWN(5)/LEFT(6)/RIGHT(7); on a 6-button pad X = L(10), Y = X(9),
    /// Z = R(11), Mode = SELECT(2). Verified by tests/gpgx.rs and, for X/Y/Z/Mode, by the
    /// hardware crate's on-target pad test (src/megadrive/tests/pads.rs).
    pub fn retro_ids(self) -> impl Iterator<Item = u32> {
        use crate::libretro::*;
        let map = [
            (Pad::UP, RETRO_DEVICE_ID_JOYPAD_UP),
            (Pad::DOWN, RETRO_DEVICE_ID_JOYPAD_DOWN),
            (Pad::LEFT, RETRO_DEVICE_ID_JOYPAD_LEFT),
            (Pad::RIGHT, RETRO_DEVICE_ID_JOYPAD_RIGHT),
            (Pad::A, RETRO_DEVICE_ID_JOYPAD_Y),
            (Pad::B, RETRO_DEVICE_ID_JOYPAD_B),
            (Pad::C, RETRO_DEVICE_ID_JOYPAD_A),
            (Pad::START, RETRO_DEVICE_ID_JOYPAD_START),
            (Pad::X, RETRO_DEVICE_ID_JOYPAD_L),
            (Pad::Y, RETRO_DEVICE_ID_JOYPAD_X),
            (Pad::Z, RETRO_DEVICE_ID_JOYPAD_R),
            (Pad::MODE, RETRO_DEVICE_ID_JOYPAD_SELECT),
        ];
        map.into_iter().filter(move |(p, _)| self.contains(*p)).map(|(_, id)| id)
    }

    /// Parse "up+a+start", "right,b", "none" or "" (case-insensitive).
    pub fn parse(s: &str) -> Result<Pad, String> {
        let mut pad = Pad::NONE;
        for part in s.split(['+', ',', '|']).map(str::trim) {
            if part.is_empty() || part.eq_ignore_ascii_case("none") {
                continue;
            }
            let found = Self::NAMES.iter().find(|(_, n)| n.eq_ignore_ascii_case(part));
            match found {
                Some((p, _)) => pad |= *p,
                None => return Err(format!("unknown pad button {part:?} (use up/down/left/right/a/b/c/start/x/y/z/mode)")),
            }
        }
        Ok(pad)
    }
}

impl BitOr for Pad {
    type Output = Pad;
    fn bitor(self, rhs: Pad) -> Pad {
        Pad(self.0 | rhs.0)
    }
}

impl BitOrAssign for Pad {
    fn bitor_assign(&mut self, rhs: Pad) {
        self.0 |= rhs.0;
    }
}

impl fmt::Debug for Pad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "Pad(none)");
        }
        let names: Vec<&str> = Self::NAMES.iter().filter(|(p, _)| self.contains(*p)).map(|(_, n)| *n).collect();
        write!(f, "Pad({})", names.join("+"))
    }
}

impl std::str::FromStr for Pad {
    type Err = String;
    fn from_str(s: &str) -> Result<Pad, String> {
        Pad::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_bits() {
        let p = Pad::parse("up+A+start").unwrap();
        assert_eq!(p, Pad::UP | Pad::A | Pad::START);
        assert_eq!(p.bits(), 0b1100_0001);
        assert_eq!(Pad::parse("").unwrap(), Pad::NONE);
        assert!(Pad::parse("w").is_err());
        assert_eq!(format!("{:?}", Pad::B | Pad::C), "Pad(b+c)");
        let ids: Vec<u32> = (Pad::A | Pad::C).retro_ids().collect();
        assert_eq!(ids, vec![1, 8]);
        let six = Pad::parse("x+y+z+mode").unwrap();
        assert_eq!(six.bits(), 0x0F00);
        let ids: Vec<u32> = six.retro_ids().collect();
        assert_eq!(ids, vec![10, 9, 11, 2]);
        assert_eq!(Pad::from_bits(0xF0FF), Pad::from_bits(0x00FF));
    }
}
