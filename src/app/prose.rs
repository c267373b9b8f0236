//! The page's words: the header that frames it, and the honest limits and
//! sources at the end. Figures in them come from the model.

use leptos::prelude::*;

use super::state::Model;
use crate::model::format::{percent, thousands};

#[component]
pub fn Header() -> impl IntoView {
    let model = expect_context::<Model>();
    let headline = move || {
        model.snapshot.with(|m| {
            let s = &m.0;
            let verb = if s.is_join() { "joins" } else { "leaves" };
            format!(
                "Right now, as {} {verb}, the ring moves {} of {} keys ({}) while hash mod n would move {} ({}).",
                s.name(s.changed),
                thousands(s.moved_by_owner_diff as u64),
                thousands(s.key_count() as u64),
                percent(s.moved_by_owner_diff, s.key_count()),
                thousands(s.modulo_moved as u64),
                percent(s.modulo_moved, s.key_count()),
            )
        })
    };
    view! {
        <header class="masthead">
            <h1>"Consistent hashing, counted"</h1>
            <p class="intro">
                "A cache cluster has to decide which server keeps each key. Consistent hashing puts keys and servers on one circle so that adding or removing a server disturbs only the keys next to it. This page does not just say so: it hashes real keys in your browser and counts what happens. "
                <strong data-headline="">{headline}</strong>
            </p>
            <p class="intro">"Drag a slider or change a name and every number below is measured again."</p>
        </header>
    }
}

#[component]
pub fn LeavesOut() -> impl IntoView {
    view! {
        <section class="panel prose" id="leaves-out" aria-labelledby="leaves-out-title">
            <h2 id="leaves-out-title">"What this leaves out"</h2>
            <ul>
                <li>"Hot keys follow one fixed law here, 1/rank^s, and the ranks follow the key numbers. Real popularity shifts by the minute, and caches in front of the servers absorb much of it."</li>
                <li>"Weights are whole numbers of points. Real capacity is memory, CPU and network at once, and a server's weight is only a guess at it."</li>
                <li>"Data is counted, not copied: the cost panel turns moved keys into bytes and hours at one steady bandwidth, with no queueing, throttling or failure during the copy, and one copy per key although replicas multiply that work."</li>
                <li>"The rollout assumes routers switch evenly over its length. In practice membership spreads by gossip or a coordinator, in bursts, and a router can lag far behind."</li>
                <li>"The schemes panel compares eight ways of placing keys on one change at a time. Real systems also weigh how long a table takes to rebuild and how clients learn of a change, which it does not measure."</li>
            </ul>
            <h2>"Sources"</h2>
            <ul>
                <li>"David Karger, Eric Lehman, Tom Leighton, Rina Panigrahy, Matthew Levine and Daniel Lewin. Consistent hashing and random trees: distributed caching protocols for relieving hot spots on the World Wide Web. STOC 1997."</li>
                <li>"Giuseppe DeCandia and others. Dynamo: Amazon's highly available key-value store. SOSP 2007 (virtual nodes, preference lists)."</li>
                <li>"Glenn Fowler, Landon Curt Noll and Kiem-Phong Vo: the FNV hash. Austin Appleby: MurmurHash3 and its fmix32 and fmix64 finalizers."</li>
                <li>"David Thaler and Chinya Ravishankar. Using name-based mappings to increase hit rates. IEEE/ACM Transactions on Networking, 1998 (rendezvous hashing)."</li>
                <li>"John Lamping and Eric Veach. A fast, minimal memory, consistent hash algorithm. 2014 (jump hash)."</li>
                <li>"Daniel Eisenbud and others. Maglev: a fast and reliable software network load balancer. NSDI 2016."</li>
                <li>"Vahab Mirrokni, Mikkel Thorup and Morteza Zadimoghaddam. Consistent hashing with bounded loads. SODA 2018."</li>
                <li>"Ben Appleton and Michael O'Reilly. Multi-probe consistent hashing. 2015."</li>
                <li>"Redis Cluster specification: 16,384 hash slots keyed by CRC16."</li>
            </ul>
        </section>
    }
}
