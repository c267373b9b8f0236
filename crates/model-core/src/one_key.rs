//! Any one key (DEFINITIONS §13): a key the reader types, its position and its
//! owner before and after the change under every scheme.

use super::schemes::slots;
use crate::placements;
use crate::snapshot::Snapshot;

/// At most this many characters in the box.
pub const MAX_KEY_CHARS: usize = 200;

/// Check the typed key; the error is a sentence for the reader.
pub fn check(text: &str) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > MAX_KEY_CHARS {
        return Err(format!(
            "A key can have at most {MAX_KEY_CHARS} characters; this one has {chars}."
        ));
    }
    Ok(())
}

/// Where one scheme sends the key.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct KeyOwners {
    pub scheme: crate::placement_id::PlacementId,
    /// The scheme's own position for the key, where it hashes the name
    /// itself (every deployed system, slots' slot); None where it uses the
    /// ring's. Sent as text: Envoy's are 64-bit, past what JSON numbers hold.
    #[serde(serialize_with = "as_text")]
    pub own_position: Option<u64>,
    pub before: String,
    pub after: String,
}

fn as_text<S: serde::Serializer>(position: &Option<u64>, to: S) -> Result<S::Ok, S::Error> {
    match position {
        Some(position) => to.serialize_str(&position.to_string()),
        None => to.serialize_none(),
    }
}

impl KeyOwners {
    pub fn moved(&self) -> bool {
        self.before != self.after
    }
}

/// The key's position on the ring drawn and its owners under every scheme.
pub fn owners(snapshot: &Snapshot, text: &str) -> (u32, Vec<KeyOwners>) {
    let name = text.as_bytes();
    // The textbook schemes read the key where the ring in use puts it
    // (DEFINITIONS §18): the menu's hash, or a client's own.
    let hash = snapshot.key_position(name);
    let (context_before, context_after) = snapshot.side_contexts();
    let rows = placements::every()
        .map(|scheme| {
            let (before, after) = scheme.place_sides(
                (&context_before, &snapshot.before),
                (&context_after, &snapshot.after),
            );
            let own_position = match before.by_own_hash() {
                Some(own) => Some((own.key_hash().hash)(name)),
                None if scheme.id() == crate::placement_id::PlacementId::Slots => {
                    Some(u64::from(slots::name_slot(name)))
                }
                None => None,
            };
            KeyOwners {
                scheme: scheme.id(),
                own_position,
                before: snapshot.name(before.owner_of_name(name, hash)).to_string(),
                after: snapshot.name(after.owner_of_name(name, hash)).to_string(),
            }
        })
        .collect();
    (snapshot.key_position(name), rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn a_key_of_the_page_has_the_owners_the_page_measured() {
        let snapshot = Snapshot::measure(&Settings::default()).unwrap();
        let index = 17;
        let name = snapshot
            .settings
            .key_names()
            .name(snapshot.keys.key(index).number);
        let (position, rows) = owners(&snapshot, &name);
        assert_eq!(position, snapshot.keys.hashes[index]);
        let ring = rows
            .iter()
            .find(|r| r.scheme == crate::placement_id::PlacementId::Ring)
            .unwrap();
        assert_eq!(ring.before, snapshot.name(snapshot.owners_before[index]));
        assert_eq!(ring.after, snapshot.name(snapshot.owners_after[index]));
        assert_eq!(rows.len(), placements::every().count());
        assert!(check(&"x".repeat(200)).is_ok() && check(&"x".repeat(201)).is_err());
    }
}
