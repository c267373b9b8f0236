//! `hash mod n`: servers numbered in list order, owner = hash(key) mod n.

use super::{About, Context, Holds, Placement, Scheme};
use crate::keys::Key;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::settings::Settings;

pub struct Modulo;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Modulo,
    title: "hash mod n",
    uses_weights: false,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    "The key's hash divided by the number of servers; the remainder picks one. Nothing to store and one division per lookup, but changing n reshuffles almost every key.".to_string()
}

impl Scheme for Modulo {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, _context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(ModuloPlacement {
            pool: pool.to_vec(),
            divisor: FastMod::new(pool.len() as u32),
        })
    }
}

struct ModuloPlacement {
    pool: Vec<ServerId>,
    divisor: FastMod,
}

impl Placement for ModuloPlacement {
    fn owner(&self, key: Key) -> ServerId {
        self.pool[self.divisor.remainder(key.hash) as usize]
    }

    fn holds(&self) -> Holds {
        Holds::Names(self.pool.len())
    }
}

/// Owner under `hash mod n`, numbering `pool` in list order.
pub fn modulo_owner(key_hash: u32, pool: &[ServerId]) -> ServerId {
    pool[key_hash as usize % pool.len()]
}

/// `a mod n` for a fixed n by two multiplications instead of a division
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019);
/// exact for every u32 `a`.
#[derive(Clone, Copy, Debug)]
pub struct FastMod {
    magic: u64,
    divisor: u32,
}

impl FastMod {
    /// `divisor` must not be 0.
    pub fn new(divisor: u32) -> FastMod {
        // For a divisor of 1 the magic wraps to 0, and every remainder is 0.
        FastMod {
            magic: (u64::MAX / u64::from(divisor)).wrapping_add(1),
            divisor,
        }
    }

    pub fn remainder(self, a: u32) -> u32 {
        let low = self.magic.wrapping_mul(u64::from(a));
        // The top 64 bits of low × divisor, from two 32-bit halves: wasm has
        // no 128-bit multiply, and this needs none.
        let divisor = u64::from(self.divisor);
        let high_part = (low >> 32) * divisor;
        let low_part = ((low & 0xFFFF_FFFF) * divisor) >> 32;
        ((high_part + low_part) >> 32) as u32
    }
}

/// Keys whose `hash mod n` server differs between two pools.
pub fn modulo_moved(key_hashes: &[u32], before: &[ServerId], after: &[ServerId]) -> usize {
    let (n_before, n_after) = (
        FastMod::new(before.len() as u32),
        FastMod::new(after.len() as u32),
    );
    key_hashes
        .iter()
        .filter(|&&h| {
            before[n_before.remainder(h) as usize] != after[n_after.remainder(h) as usize]
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_remainder_is_exact() {
        let mut a = 0x9E37_79B9u32;
        for divisor in 1..=60u32 {
            let fast = FastMod::new(divisor);
            for extra in [0u32, 1, divisor - 1, divisor, u32::MAX, u32::MAX - 1] {
                assert_eq!(fast.remainder(extra), extra % divisor);
            }
            for _ in 0..2000 {
                a = a.wrapping_mul(0x0100_0193) ^ (a >> 15);
                assert_eq!(fast.remainder(a), a % divisor, "{a} mod {divisor}");
            }
        }
    }
}
