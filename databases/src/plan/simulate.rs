//! A discrete-event simulation of a plan on `P` workers (the thesis, §§II
//! and IV): each shard takes `overhead + cost * seconds_per_unit` seconds;
//! a shard starts when its dependencies are finished and a worker is free,
//! the largest ready shard first (as [`super::run_local`] does). The events
//! are shard completions, kept in a priority queue.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use super::{Plan, RunReport};

/// Time per shard: `overhead + cost * seconds_per_unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Seconds per unit of cost (per position valued).
    pub seconds_per_unit: f64,
    /// Seconds per shard whatever its cost (start-up, reading, writing).
    pub overhead: f64,
}

impl Calibration {
    /// The least-squares fit of `seconds = overhead + cost *
    /// seconds_per_unit` over the shards a run built (overhead clamped at
    /// 0); `None` if the run built fewer than two shards of different cost.
    pub fn fit(plan: &Plan, run: &RunReport) -> Option<Calibration> {
        let pts: Vec<(f64, f64)> = run
            .timings
            .iter()
            .map(|t| (plan.shards[t.shard].cost as f64, t.end - t.start))
            .collect();
        let n = pts.len() as f64;
        let (sx, sy) = pts
            .iter()
            .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
        let (mx, my) = (sx / n, sy / n);
        let sxx: f64 = pts.iter().map(|&(x, _)| (x - mx) * (x - mx)).sum();
        let sxy: f64 = pts.iter().map(|&(x, y)| (x - mx) * (y - my)).sum();
        if pts.len() < 2 || sxx <= 0.0 {
            return None;
        }
        let slope = (sxy / sxx).max(0.0);
        let overhead = (my - slope * mx).max(0.0);
        Some(Calibration {
            seconds_per_unit: slope,
            overhead,
        })
    }

    /// The simulated time of a shard of this cost.
    pub fn seconds(&self, cost: u64) -> f64 {
        self.overhead + cost as f64 * self.seconds_per_unit
    }
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    /// Workers (`usize::MAX`: as many as ever useful).
    pub workers: usize,
    /// Time from start to the last shard's end.
    pub makespan: f64,
    /// Busy workers over time: `(t, n)` means `n` busy from `t` to the
    /// next step.
    pub busy: Vec<(f64, usize)>,
    /// The most workers busy at once.
    pub max_busy: usize,
    /// Mean busy workers over the makespan.
    pub mean_busy: f64,
    /// Total work (sum of shard times).
    pub work: f64,
}

#[derive(PartialEq)]
struct Event(f64, usize);
impl Eq for Event {}
impl PartialOrd for Event {
    fn partial_cmp(&self, other: &Event) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Event {
    fn cmp(&self, other: &Event) -> Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

/// Simulates `plan` (checked) on `workers` workers (`usize::MAX` for no
/// limit), each shard taking the calibration's time for its cost.
pub fn simulate(plan: &Plan, workers: usize, cal: &Calibration) -> SimReport {
    let seconds: Vec<f64> = plan.shards.iter().map(|s| cal.seconds(s.cost)).collect();
    simulate_durations(plan, workers, &seconds)
}

/// Simulates `plan` (checked) on `workers` workers (`usize::MAX` for no
/// limit), shard `i` taking `seconds[i]` (one per shard): durations
/// measured or assumed shard by shard, as a search plan's are, whose
/// shards' times do not follow their costs. The order is still the
/// runner's: gathers (cost 0) first, then the largest cost first.
///
/// # Panics
/// If `seconds` does not have one duration per shard.
pub fn simulate_durations(plan: &Plan, workers: usize, seconds: &[f64]) -> SimReport {
    assert_eq!(seconds.len(), plan.shards.len(), "one duration per shard");
    let n = plan.shards.len();
    let at = plan.indices();
    let mut waiting: Vec<usize> = plan.shards.iter().map(|s| s.deps.len()).collect();
    let mut dependents = vec![Vec::new(); n];
    for (i, s) in plan.shards.iter().enumerate() {
        for d in &s.deps {
            dependents[at[d.as_str()]].push(i);
        }
    }
    let mut ready: BinaryHeap<super::ReadyKey> = (0..n)
        .filter(|&i| waiting[i] == 0)
        .map(|i| plan.ready_key(i))
        .collect();
    let mut running: BinaryHeap<Reverse<Event>> = BinaryHeap::new();
    let mut now = 0.0f64;
    let mut busy = Vec::new();
    let mut max_busy = 0;
    let mut area = 0.0;
    let mut work = 0.0;
    loop {
        while running.len() < workers {
            let Some((_, _, Reverse(i))) = ready.pop() else {
                break;
            };
            let t = seconds[i];
            work += t;
            running.push(Reverse(Event(now + t, i)));
        }
        max_busy = max_busy.max(running.len());
        if busy.last().map(|&(_, b)| b) != Some(running.len()) {
            busy.push((now, running.len()));
        }
        let Some(Reverse(Event(t, i))) = running.pop() else {
            break;
        };
        area += (t - now) * (running.len() + 1) as f64;
        now = t;
        for &j in &dependents[i] {
            waiting[j] -= 1;
            if waiting[j] == 0 {
                ready.push(plan.ready_key(j));
            }
        }
        // Finish every shard ending at the same time before starting more.
        while running.peek().is_some_and(|r| r.0 .0 <= now) {
            let Some(Reverse(Event(_, k))) = running.pop() else {
                break;
            };
            for &j in &dependents[k] {
                waiting[j] -= 1;
                if waiting[j] == 0 {
                    ready.push(plan.ready_key(j));
                }
            }
        }
    }
    SimReport {
        workers,
        makespan: now,
        busy,
        max_busy,
        mean_busy: if now > 0.0 { area / now } else { 0.0 },
        work,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Shard, ShardKind, PLAN_FORMAT, PLAN_VERSION};

    fn chain_and_fan() -> Plan {
        // a -> {b, c, d} -> e ; costs 1, 2, 3, 4, 1.
        let mk = |id: &str, deps: &[&str], cost| Shard {
            id: id.into(),
            kind: ShardKind::DotsTable {
                board: "1x1".into(),
                counts: vec![0, 0, 0, 0],
                part: 0,
                parts: 1,
            },
            deps: deps.iter().map(|d| d.to_string()).collect(),
            cost,
        };
        Plan {
            format: PLAN_FORMAT.into(),
            version: PLAN_VERSION,
            name: "test".into(),
            dir: "/nonexistent".into(),
            shards: vec![
                mk("a", &[], 1),
                mk("b", &["a"], 2),
                mk("c", &["a"], 3),
                mk("d", &["a"], 4),
                mk("e", &["b", "c", "d"], 1),
            ],
        }
    }

    #[test]
    fn ready_shards_start_gathers_first_then_the_largest_cost() {
        // Costs 1, 2, 3, 4, 1, and a shard of cost 0 added last.
        let mut plan = chain_and_fan();
        let mut gather = plan.shards[0].clone();
        gather.id = "g".into();
        gather.cost = 0;
        plan.shards.push(gather);
        let mut ready: BinaryHeap<super::super::ReadyKey> =
            (0..plan.shards.len()).map(|i| plan.ready_key(i)).collect();
        let order: Vec<usize> =
            std::iter::from_fn(|| ready.pop().map(|(_, _, Reverse(i))| i)).collect();
        // g, then d, c, b, then a and e (cost 1) in plan order.
        assert_eq!(order, [5, 3, 2, 1, 0, 4]);
    }

    #[test]
    fn makespans_by_hand() {
        let plan = chain_and_fan();
        let cal = Calibration {
            seconds_per_unit: 1.0,
            overhead: 0.0,
        };
        // One worker: the sum of the costs.
        assert_eq!(simulate(&plan, 1, &cal).makespan, 11.0);
        // Unlimited: the critical path a, d, e.
        let r = simulate(&plan, usize::MAX, &cal);
        assert_eq!(r.makespan, 6.0);
        assert_eq!(r.max_busy, 3);
        // Two workers, largest first: d (1..5) and c (1..4), then b (4..6),
        // then e (6..7).
        let r = simulate(&plan, 2, &cal);
        assert_eq!(r.makespan, 7.0);
        assert!((r.mean_busy - 11.0 / 7.0).abs() < 1e-9);
    }

    #[test]
    fn durations_by_hand() {
        // The same plan with times that do not follow the costs: a 1, b 5,
        // c 1, d 1, e 1.
        let plan = chain_and_fan();
        let t = [1.0, 5.0, 1.0, 1.0, 1.0];
        assert_eq!(simulate_durations(&plan, 1, &t).makespan, 9.0);
        // Unlimited: the critical path a, b, e.
        assert_eq!(simulate_durations(&plan, usize::MAX, &t).makespan, 7.0);
        // Two workers, largest cost first: d (1..2) and c (1..2), then b
        // (2..7), then e (7..8).
        assert_eq!(simulate_durations(&plan, 2, &t).makespan, 8.0);
    }
}
