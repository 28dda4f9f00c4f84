//! Springs: a kind of object this game added to the template (as its README shows): the
//! class `spring` in `levels/game.tiled-project` with the member `power` (a Tiled float: the
//! engine's `Speed`, pixels per frame, 8 unless the object says otherwise). A player
//! standing on a spring is thrown up at its power.

use crate::levels::{EntityKind, Level};
use megacollide_engine::body::Rect;
use megacollide_engine::platformer::{Player, Speed};

/// Most springs a level may place (extra ones are ignored).
const MAX_SPRINGS: usize = 8;

/// The springs of a level.
pub struct Springs {
    /// Each spring's box, map pixels.
    boxes: [Rect; MAX_SPRINGS],
    /// Each spring's throw, pixels per frame (1 to 12).
    power: [Speed; MAX_SPRINGS],
    /// How many the level has.
    count: u8,
}

impl Springs {
    /// No springs.
    pub const fn new() -> Springs {
        Springs { boxes: [Rect::new(0, 0, 0, 0); MAX_SPRINGS], power: [Speed::ZERO; MAX_SPRINGS], count: 0 }
    }

    /// Every spring of `level`.
    pub fn load(&mut self, level: &Level) {
        *self = Springs::new();
        for e in level.entities {
            if let EntityKind::Spring(spring) = e.kind {
                if (self.count as usize) < MAX_SPRINGS {
                    let i = self.count as usize;
                    self.boxes[i] = Rect::new(e.x, e.y, if e.w == 0 { 16 } else { e.w as i16 }, if e.h == 0 { 16 } else { e.h as i16 });
                    self.power[i] = spring.power.clamp(Speed::ONE, Speed::from_num(12));
                    self.count += 1;
                }
            }
        }
    }

    /// Throws `player` up when he stands on a spring.
    pub fn bounce(&self, player: &mut Player) {
        if !player.body.on_ground() {
            return;
        }
        let r = player.body.rect();
        for i in 0..self.count as usize {
            if self.boxes[i].overlaps(&r) {
                player.vy = -self.power[i];
                return;
            }
        }
    }
}
