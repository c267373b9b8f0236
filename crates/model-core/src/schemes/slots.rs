//! Fixed hash slots, as in Redis Cluster: a key's slot is CRC16 of its name
//! mod 16,384, and each server owns ranges of slots. A change hands whole
//! slots from server to server; keys never move otherwise.

use super::{About, Context, Holds, Placement, Scheme};
use crate::keyname::KeyNames;
use crate::keys::Key;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::settings::Settings;

pub const SLOT_COUNT: usize = 16_384;

pub struct Slots;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Slots,
    title: "Hash slots (Redis Cluster)",
    uses_weights: false,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    format!(
        "CRC16 of the key's name picks one of {} slots, and each server owns ranges of slots. A change hands over whole slots, as few as the even targets allow, so only their keys move. Redis Cluster works this way.",
        crate::format::thousands(SLOT_COUNT as u64)
    )
}

impl Scheme for Slots {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(SlotPlacement {
            slots: initial_layout(pool),
            names: context.settings.key_names(),
        })
    }

    fn place_sides(
        &self,
        (context, before): (&Context, &[ServerId]),
        (_, after): (&Context, &[ServerId]),
    ) -> (Box<dyn Placement>, Box<dyn Placement>) {
        let first = initial_layout(before);
        let second = hand_over(&first, before, after);
        let names = context.settings.key_names();
        (
            Box::new(SlotPlacement {
                slots: first,
                names: names.clone(),
            }),
            Box::new(SlotPlacement {
                slots: second,
                names,
            }),
        )
    }
}

struct SlotPlacement {
    slots: Vec<ServerId>,
    /// How keys are named: the slot comes from the name's bytes.
    names: KeyNames,
}

impl Placement for SlotPlacement {
    fn owner(&self, key: Key) -> ServerId {
        let slot = self.names.with_name(key.number, name_slot);
        self.slots[usize::from(slot)]
    }

    fn owner_of_name(&self, name: &[u8], _hash: u32) -> ServerId {
        self.slots[usize::from(name_slot(name))]
    }

    fn holds(&self) -> Holds {
        Holds::Slots(self.slots.len())
    }

    fn table(&self) -> Option<&[ServerId]> {
        Some(&self.slots)
    }
}

/// The slot of a key with this name.
pub fn name_slot(name: &[u8]) -> u16 {
    crc16(name) % SLOT_COUNT as u16
}

/// CRC16-XMODEM (polynomial 0x1021, initial 0), bit by bit a byte at a time
/// through a table built at compile time.
const CRC_TABLE: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut crc = (byte as u16) << 8;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
            bit += 1;
        }
        table[byte] = crc;
        byte += 1;
    }
    table
};

pub fn crc16(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0u16, |crc, &byte| {
        (crc << 8) ^ CRC_TABLE[usize::from((crc >> 8) as u8 ^ byte)]
    })
}

/// Server i of n (list order) owns slots ⌊i·S/n⌋ … ⌊(i+1)·S/n⌋ − 1.
fn initial_layout(pool: &[ServerId]) -> Vec<ServerId> {
    let n = pool.len();
    (0..SLOT_COUNT)
        .map(|slot| {
            // The i with ⌊i·S/n⌋ ≤ slot < ⌊(i+1)·S/n⌋.
            let mut i = slot * n / SLOT_COUNT;
            while (i + 1) * SLOT_COUNT / n <= slot {
                i += 1;
            }
            pool[i]
        })
        .collect()
}

/// `total` split over `count` servers, the first ones one extra.
fn even_targets(total: usize, count: usize) -> Vec<usize> {
    (0..count)
        .map(|i| total / count + usize::from(i < total % count))
        .collect()
}

/// The layout after a change, moving as few slots as the targets allow.
/// A leave: the leaver's slots, ascending, fill the others' shortfalls in
/// list order.
fn leave(layout: &mut [ServerId], leaver: ServerId, members: &[ServerId]) {
    let targets = even_targets(SLOT_COUNT, members.len());
    let mut short: Vec<(ServerId, usize)> = members
        .iter()
        .zip(targets)
        .map(|(&server, target)| {
            let held = layout.iter().filter(|&&owner| owner == server).count();
            (server, target.saturating_sub(held))
        })
        .collect();
    let mut taker = 0;
    for slot in layout.iter_mut().filter(|owner| **owner == leaver) {
        while taker + 1 < short.len() && short[taker].1 == 0 {
            taker += 1;
        }
        *slot = short[taker].0;
        short[taker].1 = short[taker].1.saturating_sub(1);
    }
}

/// The layout after a change, moving as few slots as the targets allow
/// (DEFINITIONS §7, §20). With newcomers (a join, or a deploy): each newcomer's
/// target is ⌊S/m⌋, the servers that stay split the rest evenly in the
/// order after (the first ones one extra); the leavers' slots and each
/// staying server's highest slots above its target are freed, and the
/// freed slots, ascending, fill the shortfalls in the order after. Without
/// newcomers: the leaves one at a time in list order (several servers down
/// at once), and a reorder alone moves no slot.
fn hand_over(layout: &[ServerId], before: &[ServerId], after: &[ServerId]) -> Vec<ServerId> {
    let mut next = layout.to_vec();
    let is_new = |server: &ServerId| !before.contains(server);
    let newcomers = after.iter().filter(|s| is_new(s)).count();
    if newcomers == 0 {
        let mut members = before.to_vec();
        for &leaver in before.iter().filter(|server| !after.contains(server)) {
            members.retain(|&server| server != leaver);
            leave(&mut next, leaver, &members);
        }
        return next;
    }
    let newcomer_target = SLOT_COUNT / after.len();
    let mut staying_targets = even_targets(
        SLOT_COUNT - newcomer_target * newcomers,
        after.len() - newcomers,
    )
    .into_iter();
    let targets: Vec<usize> = after
        .iter()
        .map(|server| {
            if is_new(server) {
                newcomer_target
            } else {
                staying_targets.next().unwrap_or(0)
            }
        })
        .collect();
    // Each server keeps its lowest slots up to its target.
    let mut kept = vec![0usize; after.len()];
    let mut freed = Vec::new();
    for (slot, owner) in layout.iter().enumerate() {
        match after.iter().position(|server| server == owner) {
            Some(at) if kept[at] < targets[at] => kept[at] += 1,
            _ => freed.push(slot),
        }
    }
    let mut taker = 0;
    for slot in freed {
        while taker + 1 < after.len() && kept[taker] >= targets[taker] {
            taker += 1;
        }
        next[slot] = after[taker];
        kept[taker] += 1;
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc16_matches_the_redis_check_value() {
        assert_eq!(crc16(b"123456789"), 0x31C3);
        let names = KeyNames::default();
        assert_eq!(names.with_name(7, name_slot), crc16(b"key-7") % 16_384);
        assert_eq!(
            names.with_name(1_000_000_000, name_slot),
            crc16(b"key-1000000000") % 16_384
        );
    }

    #[test]
    fn layouts_split_every_slot() {
        let layout = initial_layout(&[0, 1, 2]);
        let count = |layout: &[ServerId], s| layout.iter().filter(|&&o| o == s).count();
        assert_eq!(
            (count(&layout, 0), count(&layout, 1), count(&layout, 2)),
            (5461, 5461, 5462)
        );
        let joined = hand_over(&layout, &[0, 1, 2], &[0, 1, 2, 3]);
        assert_eq!(count(&joined, 3), 4096);
        let left = hand_over(&layout, &[0, 1, 2], &[0, 2]);
        assert_eq!((count(&left, 0), count(&left, 2)), (8192, 8192));
    }
}
