//! The template's own entity kind: coins. The class `coin` is declared in the level folder's
//! Tiled project (`levels/game.tiled-project`, member `value`: what a coin adds to the score,
//! 1 unless the object says otherwise); romtool turns every coin of the level into an
//! `EntityKind::Coin(CoinProperties { value })`. The player collects a coin by touching it.
//! Its picture is the sprite sheet `sprites/coin.png`, drawn by the sprite engine
//! (`megadrive::sprite_engine`, set up in `main.rs`).
//!
//! To add a kind of your own: declare its class (and its members) in Tiled's Custom Types
//! Editor, place objects of it in a level, and match on its `EntityKind` variant here or in a
//! module like this one. A class with a `string` member `sprite` naming a sheet of `sprites/`
//! (`spring` or `spring/idle`) is drawn by the sprite engine with no code of yours
//! (`levels::add_drawn_entities` in `main.rs`).

use crate::levels::{EntityKind, Level};
use megacollide_engine::body::Rect;

/// Most coins a level may place (extra ones are ignored).
pub const MAX_COINS: usize = 16;

/// The coins of a level, and the score.
pub struct Coins {
    /// Each coin's box, map pixels.
    boxes: [Rect; MAX_COINS],
    /// What each adds to the score.
    values: [u16; MAX_COINS],
    /// How many the level has.
    count: u8,
    /// Bit `i` set: coin `i` is collected.
    collected: u16,
    /// The sum of the values collected.
    pub score: u16,
}

impl Coins {
    /// No coins.
    pub const fn new() -> Coins {
        Coins { boxes: [Rect::new(0, 0, 0, 0); MAX_COINS], values: [0; MAX_COINS], count: 0, collected: 0, score: 0 }
    }

    /// Every coin of `level`, none collected.
    pub fn load(&mut self, level: &Level) {
        *self = Coins::new();
        for e in level.entities {
            // One arm per kind of the project: a kind you add to levels/game.tiled-project
            // shows up here as a missing arm (give it one, or `_ => {}` where it does nothing).
            match e.kind {
                EntityKind::Coin(coin) if (self.count as usize) < MAX_COINS => {
                    let w = if e.w == 0 { 16 } else { e.w as i16 };
                    let h = if e.h == 0 { 16 } else { e.h as i16 };
                    self.boxes[self.count as usize] = Rect::new(e.x, e.y, w, h);
                    self.values[self.count as usize] = coin.value.clamp(0, 999) as u16;
                    self.count += 1;
                }
                EntityKind::Coin(_) => {}
            }
        }
    }

    /// Collects the coins the player's box touches: bit `i` set for coin `i` collected now.
    pub fn collect(&mut self, player: Rect) -> u16 {
        let mut now = 0;
        for i in 0..self.count as usize {
            if self.collected & (1 << i) == 0 && self.boxes[i].overlaps(&player) {
                now |= 1 << i;
                self.score = self.score.saturating_add(self.values[i]);
            }
        }
        self.collected |= now;
        now
    }

    /// Every coin's box, in the level's order (coin `i` is the `i`-th).
    pub fn boxes(&self) -> &[Rect] {
        &self.boxes[..self.count as usize]
    }
}
