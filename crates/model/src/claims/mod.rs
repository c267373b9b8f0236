//! The "claims held" table: one list, `ALL`, of every claim the page judges.
//! Each verdict comes from a measurement on the current settings by a rule
//! stated beside it. A claim is one of two kinds: a *check* of an invariant
//! the algorithm guarantees (it says "no" only if the code is wrong), or a
//! *finding* about this configuration, which says "no" somewhere the reader
//! can reach, and names one such address so a test can go there.
//!
//! Adding a claim is a function in its family's file and one entry here.

pub mod clients;
pub mod failures;
pub mod ring;
pub mod schemes;
pub mod systems;
pub mod weights;

use super::placements::PlacementId;
use super::ring::ServerId;
use super::schemes::{self as placement, Context, Scheme, SchemeResult};
use super::snapshot::Snapshot;

/// A claim's verdict on the current settings: it holds, it does not, or
/// its statement is not about these settings (at 1 point per server, "many
/// points even the load out" would compare the setting with itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Held {
    #[serde(rename = "yes")]
    Yes,
    #[serde(rename = "no")]
    No,
    #[serde(rename = "n/a")]
    NotApplicable,
}

crate::read_back_enum!(Held {
    "yes" => Yes,
    "no" => No,
    "n/a" => NotApplicable,
});

impl Held {
    /// `data-held` on the page, and the report's word.
    pub fn id(self) -> &'static str {
        match self {
            Held::Yes => "yes",
            Held::No => "no",
            Held::NotApplicable => "n/a",
        }
    }

    pub fn from_id(id: &str) -> Option<Held> {
        [Held::Yes, Held::No, Held::NotApplicable]
            .into_iter()
            .find(|held| held.id() == id)
    }
}

impl From<bool> for Held {
    fn from(held: bool) -> Held {
        if held {
            Held::Yes
        } else {
            Held::No
        }
    }
}

/// What a claim's function says: the words, and the verdict by its rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The claim in plain words.
    pub statement: String,
    /// How the verdict is decided.
    pub rule: String,
    pub held: Held,
    /// The measurement behind the verdict, with its numbers.
    pub evidence: String,
}

impl Verdict {
    /// A verdict judged beyond the noise: it stands aside, saying why, where
    /// too few keys can tell (`applies` false); else it holds or not, with
    /// `figures` as its evidence either way.
    pub fn beyond_noise(
        statement: String,
        rule: String,
        figures: String,
        applies: bool,
        held: bool,
    ) -> Verdict {
        let (held, evidence) = if applies {
            (held.into(), format!("{figures}; {}.", yes_no(held)))
        } else {
            (
                Held::NotApplicable,
                format!("{figures}. Too few keys to tell: it does not apply here."),
            )
        };
        Verdict {
            statement,
            rule,
            held,
            evidence,
        }
    }
}

/// One judged row of the table.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Claim {
    /// Stable identifier, used as `data-claim` on the page.
    pub id: &'static str,
    pub kind: Kind,
    pub statement: String,
    pub rule: String,
    pub held: Held,
    pub evidence: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// An invariant the algorithm guarantees: "no" would mean a bug.
    Check,
    /// True or false of this configuration.
    Finding,
}

crate::read_back_enum!(Kind {
    "check" => Check,
    "finding" => Finding,
});

impl Kind {
    /// `data-kind` on the page (DEFINITIONS §14).
    pub fn id(self) -> &'static str {
        match self {
            Kind::Check => "check",
            Kind::Finding => "finding",
        }
    }
}

/// Which part of the page a claim is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Ring,
    Schemes,
    Failures,
    Weights,
    Clients,
    Systems,
}

/// How a claim is judged, which also says what must be measured first.
#[derive(Clone, Copy)]
pub enum Judge {
    /// From the snapshot alone, in one piece.
    Snapshot(fn(&Snapshot) -> Verdict),
    /// From the snapshot and the schemes measured on it, once measured: the
    /// ids it reads (a worker measures only those before the claims), and
    /// the judge, which finds each by id.
    Schemes(
        &'static [PlacementId],
        fn(&Snapshot, &[SchemeResult]) -> Verdict,
    ),
}

/// Each scheme a claim asks for, measured again, in the order asked.
fn measure_again(snapshot: &Snapshot, asked: Vec<Remeasure>) -> Vec<SchemeResult> {
    asked.iter().map(|again| again.measure(snapshot)).collect()
}

/// A scheme to measure again, with these weights, on this change.
pub struct Remeasure {
    pub scheme: &'static dyn Scheme,
    pub weights: Vec<u32>,
    /// The pool before the change and after it.
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
}

impl Remeasure {
    /// On the snapshot's own change, with other weights.
    pub fn weighted(snapshot: &Snapshot, scheme: &'static dyn Scheme, weights: Vec<u32>) -> Self {
        Remeasure {
            scheme,
            weights,
            before: snapshot.before.clone(),
            after: snapshot.after.clone(),
        }
    }

    /// With the snapshot's weights, on another change.
    pub fn on_change(
        snapshot: &Snapshot,
        scheme: &'static dyn Scheme,
        before: &[ServerId],
        after: &[ServerId],
    ) -> Self {
        Remeasure {
            scheme,
            weights: snapshot.weights.clone(),
            before: before.to_vec(),
            after: after.to_vec(),
        }
    }

    /// The snapshot's scheme context with these weights. The snapshot's
    /// rings were built with its own weights, so they serve only those (and
    /// only their own pools, which the context matches by itself).
    pub fn context<'a>(&'a self, snapshot: &'a Snapshot) -> Context<'a> {
        let mut context = snapshot.scheme_context();
        if self.weights != snapshot.weights {
            context.built_rings.clear();
        }
        context.weights = &self.weights;
        context
    }

    pub fn measure(&self, snapshot: &Snapshot) -> SchemeResult {
        placement::measure(
            self.scheme,
            &self.context(snapshot),
            &snapshot.keys,
            &self.before,
            &self.after,
        )
    }
}

/// One claim of the table.
pub struct ClaimDef {
    pub id: &'static str,
    pub family: Family,
    pub kind: Kind,
    pub judge: Judge,
    /// For a finding, an address (a query string) at which it says "no";
    /// none for a check.
    pub refuted_at: Option<&'static str>,
    /// An address at which it does not apply ("n/a"), if there is one.
    pub not_applicable_at: Option<&'static str>,
}

impl ClaimDef {
    /// Attach this entry's id and kind to a verdict.
    pub fn claim(&self, verdict: Verdict) -> Claim {
        Claim {
            id: self.id,
            kind: self.kind,
            statement: verdict.statement,
            rule: verdict.rule,
            held: verdict.held,
            evidence: verdict.evidence,
        }
    }

    pub fn judge(&self, snapshot: &Snapshot, schemes: &[SchemeResult]) -> Claim {
        let mut claim = self.claim(match self.judge {
            Judge::Snapshot(judge) => judge(snapshot),
            Judge::Schemes(_, judge) => judge(snapshot, schemes),
        });
        if snapshot.reweights() && KEPT_POINTS.contains(&self.id) {
            claim.held = Held::NotApplicable;
            claim.evidence = "A server that stays changes weight in this deploy, so its points change and keys move between servers that stay by design: this claim is about servers whose points stay, so it does not apply here.".into();
        }
        Claim {
            kind: self.kind_for(snapshot),
            ..claim
        }
    }

    /// What the ring's checks guarantee is the page's ring: with a client's
    /// ring in use (`use=`), whose staying servers' points can follow the
    /// pool, each is a finding about that client, except that the two
    /// routes of the moved count must agree on any ring.
    fn kind_for(&self, snapshot: &Snapshot) -> Kind {
        let client = snapshot.settings.in_use.is_client();
        if client && self.family == Ring && self.id != "routes-agree" {
            Kind::Finding
        } else {
            self.kind
        }
    }

    /// The ids of the schemes this claim reads (none: judged alone).
    pub fn schemes_read(&self) -> &'static [PlacementId] {
        match self.judge {
            Judge::Snapshot(_) => &[],
            Judge::Schemes(read, _) => read,
        }
    }
}

/// Claims that no key moves between servers that stay, which a deploy that
/// reweights a staying server moves by design (DEFINITIONS §20).
const KEPT_POINTS: [&str; 4] = [
    "clients-keep",
    "rendezvous-names",
    "envoy-between",
    "rings-keep",
];

/// Whether any claim reads the scheme `id`: what must be measured before
/// the claims.
pub fn read_by_claims(id: PlacementId) -> bool {
    ALL.iter().any(|def| def.schemes_read().contains(&id))
}

const fn check(id: &'static str, family: Family, judge: Judge) -> ClaimDef {
    ClaimDef {
        id,
        family,
        kind: Kind::Check,
        judge,
        refuted_at: None,
        not_applicable_at: None,
    }
}

const fn finding(
    id: &'static str,
    family: Family,
    judge: Judge,
    refuted_at: &'static str,
) -> ClaimDef {
    ClaimDef {
        id,
        family,
        kind: Kind::Finding,
        judge,
        refuted_at: Some(refuted_at),
        not_applicable_at: None,
    }
}

impl ClaimDef {
    /// The same claim, with an address where it does not apply.
    const fn not_applicable_at(self, address: &'static str) -> ClaimDef {
        ClaimDef {
            not_applicable_at: Some(address),
            ..self
        }
    }
}

use Family::{Clients, Failures, Ring, Schemes, Systems, Weights};
use Judge::Snapshot as Alone;

/// Nineteen machines at 200 points: a pool large enough that Maglev's
/// rebuilt table hands more than 1 in 20 changed rows between staying servers.
const NINETEEN: &str =
    "servers=m01,m02,m03,m04,m05,m06,m07,m08,m09,m10,m11,m12,m13,m14,m15,m16,m17,m18&add=m19";

/// A newcomer of the pool's average weight (a:3 and b:1, then c:2): every
/// staying server keeps its share of ketama's digests, so none of its points.
const KETAMA_AVERAGE_WEIGHT: &str = "servers=a,b&add=c&weights=a:3,c:2";
/// Key names whose plain FNV-1a hashes clump differently from key-{i}'s.
const FNV_SAME_PILE: &str = "keyname=%2Fimg%2F%7Bi%7D.jpg";
/// 32 hosts joined by a 33rd: ceil(1024 / 32) = ceil(1024 / 33) = 32, so
/// every Envoy host keeps its entries.
const ENVOY_SAME_SHARE: &str = "servers=h01,h02,h03,h04,h05,h06,h07,h08,h09,h10,h11,h12,h13,h14,h15,h16,h17,h18,h19,h20,h21,h22,h23,h24,h25,h26,h27,h28,h29,h30,h31,h32&add=h33";
/// Keys whose number comes before a long suffix: each varying digit is
/// mixed by every byte after it.
const TWEMPROXY_MIXED: &str = "keyname=%7Bi%7D-abcdefghij";
/// A pool on which groupcache's 50 points happen to fall more evenly than
/// ketama's 160.
const KETAMA_LOSES: &str = "servers=web1,web2,web3";

/// 24 servers and a newcomer at 100 points: too few points per server for
/// a failed server's to be followed by every survivor.
const TWENTY_FOUR_AT_100: &str = "servers=s01,s02,s03,s04,s05,s06,s07,s08,s09,s10,s11,s12,s13,s14,s15,s16,s17,s18,s19,s20,s21,s22,s23,s24&points=100&keys=10000";

/// Every claim's id, in table order: plain data, so a page that names the
/// claims needs none of their judging code.
pub const IDS: [&str; ALL.len()] = {
    let mut ids = [""; ALL.len()];
    let mut index = 0;
    while index < ids.len() {
        ids[index] = ALL[index].id;
        index += 1;
    }
    ids
};

pub const ALL: &[ClaimDef] = &[
    finding("even-share", Ring, Alone(ring::even_share), "points=1"),
    check("routes-agree", Ring, Alone(ring::routes_agree)),
    check("monotone", Ring, Alone(ring::monotone)),
    finding(
        "modulo",
        Ring,
        Alone(ring::modulo_moves_more),
        // One point each: charlie's arc is most of the ring.
        "remove=charlie&points=1",
    ),
    check(
        "leave-exact",
        Ring,
        Judge::Snapshot(|s| ring::leave_claim(s, &ring::removals(s))),
    ),
    finding(
        "points-fair",
        Ring,
        Alone(ring::points_even_out_load),
        "points=2",
    )
    .not_applicable_at("points=1"),
    check("one-owner", Ring, Alone(ring::one_owner_each)),
    finding(
        "entries-cost",
        Ring,
        Alone(ring::fairness_costs_entries),
        "points=2&hash=fnv1a",
    )
    .not_applicable_at("points=1"),
    finding(
        "hash-scatter",
        Ring,
        Alone(ring::hash_must_scatter),
        "servers=a,b",
    ),
    // What jump guarantees, judged beyond the noise: a check, which stands
    // aside where there are too few keys to tell.
    check(
        "jump-ends",
        Schemes,
        Judge::Schemes(&[PlacementId::Jump], |s, r| {
            schemes::jump_ends_only(s, r, &measure_again(s, schemes::jump_ends_needs(s, r)))
        }),
    )
    .not_applicable_at("keys=10"),
    finding(
        "maglev-near",
        Schemes,
        Judge::Schemes(&[PlacementId::Maglev], schemes::maglev_nearly_monotone),
        NINETEEN,
    ),
    finding(
        "bounded-cap",
        Schemes,
        Judge::Schemes(
            &[PlacementId::Ring, PlacementId::Bounded],
            schemes::bounded_caps_load,
        ),
        "add=zz&points=1&eps=2",
    ),
    check(
        "rendezvous-names",
        Schemes,
        Judge::Schemes(
            &[PlacementId::Rendezvous],
            schemes::rendezvous_without_table,
        ),
    ),
    finding(
        "failover-spread",
        Failures,
        Alone(failures::failover_spreads),
        TWENTY_FOUR_AT_100,
    )
    .not_applicable_at("keys=50"),
    finding(
        "replicas-cover",
        Failures,
        Alone(failures::replicas_cover_failure),
        "replicas=1",
    ),
    finding(
        "sqrt-rule",
        Failures,
        Alone(failures::square_root_rule),
        "hash=fnv1a&remove=alpha",
    ),
    finding(
        "weights-followed",
        Weights,
        Alone(weights::keys_follow_weights),
        "points=1&weights=alpha:3",
    )
    .not_applicable_at("keys=50"),
    // A check judged beyond the noise, as jump-ends is.
    check("hot-key-floor", Weights, Alone(weights::hot_key_is_a_floor))
        .not_applicable_at("keys=10"),
    finding(
        "bounded-requests",
        Weights,
        Alone(weights::bounded_evens_keys_not_requests),
        "eps=2",
    ),
    check(
        "clients-keep",
        Clients,
        Judge::Schemes(&[PlacementId::Ketama, PlacementId::Groupcache], |s, r| {
            clients::clients_keep_staying_servers(
                s,
                r,
                &measure_again(s, clients::keep_needs(s, r)),
            )
        }),
    ),
    finding(
        "ketama-weights",
        Clients,
        Judge::Schemes(&[PlacementId::Ketama], |s, r| {
            clients::weighted_ketama_shifts(s, r, &measure_again(s, clients::weighted_needs(s, r)))
        }),
        KETAMA_AVERAGE_WEIGHT,
    )
    .not_applicable_at("keys=10"),
    finding(
        "fnv-names",
        Clients,
        Alone(clients::fnv_pile_up_whatever_the_names),
        FNV_SAME_PILE,
    ),
    finding(
        "ketama-evener",
        Clients,
        Alone(clients::ketama_evener_than_groupcache),
        KETAMA_LOSES,
    ),
    finding(
        "haproxy-position",
        Systems,
        Judge::Schemes(&[PlacementId::Haproxy], |s, r| {
            systems::haproxy_position_matters(
                s,
                r,
                &measure_again(s, systems::position_needs(s, r)),
            )
        }),
        "remove=delta",
    ),
    finding(
        "envoy-between",
        Systems,
        Judge::Schemes(
            &[PlacementId::EnvoyRing, PlacementId::Nginx],
            systems::envoy_moves_between_nginx_does_not,
        ),
        ENVOY_SAME_SHARE,
    ),
    finding(
        "twemproxy-lumps",
        Systems,
        Judge::Schemes(
            &[PlacementId::Twemproxy, PlacementId::Ketama],
            systems::twemproxy_lumpier_than_ketama,
        ),
        TWEMPROXY_MIXED,
    ),
    check(
        "rings-keep",
        Systems,
        Judge::Schemes(
            &[PlacementId::Nginx, PlacementId::Ketama],
            systems::rings_move_only_the_changed_servers_keys,
        ),
    ),
];

/// Judge every claim for a snapshot, measuring the schemes if any claim needs them.
pub fn evaluate(snapshot: &Snapshot) -> Vec<Claim> {
    let schemes = if ALL.iter().any(|def| !def.schemes_read().is_empty()) {
        snapshot.measure_every()
    } else {
        Vec::new()
    };
    evaluate_with(snapshot, &schemes)
}

/// Judge every claim, with the schemes already measured.
pub fn evaluate_with(snapshot: &Snapshot, schemes: &[SchemeResult]) -> Vec<Claim> {
    ALL.iter().map(|def| def.judge(snapshot, schemes)).collect()
}

/// Judge one family's claims, in table order (tests look at one at a time).
pub fn evaluate_family(
    snapshot: &Snapshot,
    schemes: &[SchemeResult],
    family: Family,
) -> Vec<Claim> {
    ALL.iter()
        .filter(|def| def.family == family)
        .map(|def| def.judge(snapshot, schemes))
        .collect()
}

/// The placement `id` among those measured.
pub(crate) fn result(results: &[SchemeResult], id: PlacementId) -> Option<&SchemeResult> {
    results.iter().find(|result| result.id == id)
}

/// A claim whose measurement is missing (its placements or `needs` were
/// not run) says so rather than guess; `ClaimDef::judge` and the page
/// always run them.
pub(crate) fn unmeasured() -> Verdict {
    Verdict {
        statement: "A measurement this claim needs is missing.".into(),
        rule: "Judged only from measurements.".into(),
        held: Held::No,
        evidence: "The measurement this claim needs did not run.".into(),
    }
}

/// The changed server's fair share of the keys, as a fraction: its weight
/// over the total weight of the pool that holds it (after a join, before a
/// leave); 1 ÷ (n + 1) for a join at equal weights. For a deploy, the share
/// of the weight that changes hands (`Snapshot::even_share`).
pub(crate) fn changed_share(s: &Snapshot) -> f64 {
    let Some(changed) = s.changed else {
        return s.changed_weight_share();
    };
    let pool = if s.is_join() { &s.after } else { &s.before };
    let weight = |id: ServerId| f64::from(s.weights[usize::from(id)]);
    weight(changed) / pool.iter().map(|&id| weight(id)).sum::<f64>()
}

/// A claim written for one server joining or leaving, judged on a deploy
/// (DEFINITIONS §20): it does not apply, and says where the deploy is measured.
pub(crate) fn for_one_change(statement: impl Into<String>, rule: impl Into<String>) -> Verdict {
    Verdict {
        statement: statement.into(),
        rule: rule.into(),
        held: Held::NotApplicable,
        evidence: "It is about one server joining or leaving, and this change is a deploy of several at once, so it does not apply here; the moved and systems panels measure the deploy itself.".into(),
    }
}

/// Whether every server has the same weight.
pub(crate) fn equal_weights(s: &Snapshot) -> bool {
    s.weights.iter().all(|&w| w == s.weights[0])
}

pub(crate) fn yes_no(held: bool) -> &'static str {
    if held {
        "so it holds"
    } else {
        "so it does not hold"
    }
}
