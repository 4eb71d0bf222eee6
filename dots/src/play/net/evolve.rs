//! The genetic algorithm of Weaver & Bossomaier 1998, §3.4–3.5: the three
//! fitness schemes and the breeding of the next population.

use crate::play::{Grid, Rng};

use super::games::{two_game_match, Mover};
use super::{Genome, Heuristic, Network};

/// The fitness bonus every member gets, so that a population's total
/// fitness is never zero (§3.4, footnote 1).
pub const FITNESS_BONUS: f64 = 1e-6;

/// Matches each member plays in direct evolution (§3.4).
pub const DIRECT_MATCHES: usize = 10;

/// The share of the next population the best member takes under linear
/// scaling (§3.4: 10 %), so that it expects `0.1 · n` copies.
pub const SCALING_SHARE: f64 = 0.1;

/// A fitness scheme (§3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Ten two-game matches against a heuristic player: 1 point for winning
    /// both games, ½ for one; Goldberg's linear scaling.
    Direct(Heuristic),
    /// Every pair of members plays one two-game match: 1 point for the
    /// winner, ½ each for a draw; no scaling.
    RoundRobin,
    /// A quarter of the population are antigens; each meets a third of the
    /// population (33 of 100) as antibodies in two-game matches; 33 points
    /// per antigen are shared among the antibodies that beat it, 4 shares
    /// for two wins and 1 for one; no scaling (implicit fitness sharing).
    Antibody,
}

impl Scheme {
    /// Games per generation for a population of `n`: 20·n direct, n·(n−1)
    /// round-robin, 2·⌊n/4⌋·⌊n/3⌋ antibody/antigen (2,000, 9,900 and 1,650
    /// for 100, as in §5.1).
    pub fn games_per_generation(self, n: usize) -> usize {
        match self {
            Scheme::Direct(_) => 2 * DIRECT_MATCHES * n,
            Scheme::RoundRobin => n * n.saturating_sub(1),
            Scheme::Antibody => {
                let (antigens, antibodies) = antibody_counts(n);
                2 * antigens * antibodies
            }
        }
    }
}

/// Antigens (a quarter) and antibodies per antigen (a third, at most the
/// other members) in a population of `n`.
fn antibody_counts(n: usize) -> (usize, usize) {
    ((n / 4).max(1), (n / 3).clamp(1, n.saturating_sub(1).max(1)))
}

/// One generation's matches: who plays whom. The matches are independent
/// and may be played in any order; their results are combined in this
/// order.
pub(crate) struct Pairing {
    /// `(a, b)` members, or `(a, usize::MAX)` for the heuristic.
    pub(crate) matches: Vec<(usize, usize)>,
}

/// The matches of a generation of `n` members (`rng` chooses antigens and
/// antibodies).
pub(crate) fn pairing(scheme: Scheme, n: usize, rng: &mut Rng) -> Pairing {
    let matches = match scheme {
        Scheme::Direct(_) => (0..n)
            .flat_map(|i| std::iter::repeat_n((i, usize::MAX), DIRECT_MATCHES))
            .collect(),
        Scheme::RoundRobin => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect(),
        Scheme::Antibody => {
            let (antigens, antibodies) = antibody_counts(n);
            let mut order: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut order);
            let mut m = Vec::with_capacity(antigens * antibodies);
            for &antigen in &order[..antigens] {
                let mut others: Vec<usize> = (0..n).filter(|&i| i != antigen).collect();
                rng.shuffle(&mut others);
                m.extend(others[..antibodies].iter().map(|&ab| (ab, antigen)));
            }
            m
        }
    };
    Pairing { matches }
}

/// Plays match `(a, b)` of a pairing.
pub(crate) fn play_match(
    grid: &Grid,
    scheme: Scheme,
    nets: &[Network],
    (a, b): (usize, usize),
    rng: &mut Rng,
) -> f64 {
    let other = match scheme {
        Scheme::Direct(h) => Mover::Heuristic(h),
        _ => Mover::Net(&nets[b]),
    };
    two_game_match(grid, Mover::Net(&nets[a]), other, rng)
}

/// Raw fitness (bonus included) from the matches and `a`'s games won in
/// each, in the pairing's order.
pub(crate) fn fitness(scheme: Scheme, n: usize, pairing: &Pairing, won: &[f64]) -> Vec<f64> {
    let mut f = vec![FITNESS_BONUS; n];
    match scheme {
        Scheme::Direct(_) => {
            for (&(a, _), &w) in pairing.matches.iter().zip(won) {
                f[a] += w / 2.0;
            }
        }
        Scheme::RoundRobin => {
            for (&(a, b), &w) in pairing.matches.iter().zip(won) {
                let (pa, pb) = match w.total_cmp(&1.0) {
                    std::cmp::Ordering::Greater => (1.0, 0.0),
                    std::cmp::Ordering::Equal => (0.5, 0.5),
                    std::cmp::Ordering::Less => (0.0, 1.0),
                };
                f[a] += pa;
                f[b] += pb;
            }
        }
        Scheme::Antibody => {
            // Matches come grouped by antigen, in the pairing's order.
            let (_, antibodies) = antibody_counts(n);
            for (group, wins) in pairing
                .matches
                .chunks(antibodies)
                .zip(won.chunks(antibodies))
            {
                let shares: Vec<f64> = wins
                    .iter()
                    .map(|&w| {
                        if w >= 2.0 {
                            4.0
                        } else if w >= 1.0 {
                            1.0
                        } else {
                            0.0
                        }
                    })
                    .collect();
                let total: f64 = shares.iter().sum();
                if total > 0.0 {
                    let points = antibodies as f64;
                    for (&(ab, _), s) in group.iter().zip(&shares) {
                        f[ab] += points * s / total;
                    }
                }
            }
        }
    }
    f
}

/// Goldberg's linear scaling (Goldberg 1989, pp. 76–79): `f' = a·f + b`
/// with the mean kept and the best scaled to `multiple` times the mean;
/// where that would make the worst negative, the worst is scaled to 0
/// instead. All equal: unchanged.
pub fn scale_linear(f: &[f64], multiple: f64) -> Vec<f64> {
    let n = f.len() as f64;
    let avg = f.iter().sum::<f64>() / n;
    let max = f.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = f.iter().copied().fold(f64::INFINITY, f64::min);
    let (a, b) = if max - avg <= avg * 1e-12 {
        (1.0, 0.0)
    } else if min > (multiple * avg - max) / (multiple - 1.0) {
        let d = max - avg;
        ((multiple - 1.0) * avg / d, avg * (max - multiple * avg) / d)
    } else {
        let d = avg - min;
        (avg / d, -min * avg / d)
    };
    f.iter().map(|&x| (a * x + b).max(0.0)).collect()
}

/// The next population (§3.5): the fittest member unchanged (single
/// elitism), then pairs of parents chosen in proportion to fitness, crossed
/// at one point with probability `crossover` and mutated bit by bit with
/// probability `mutation`.
pub fn next_generation(
    pop: &[Genome],
    fitness: &[f64],
    crossover: f64,
    mutation: f64,
    rng: &mut Rng,
) -> Vec<Genome> {
    let n = pop.len();
    let mut elite = 0;
    for i in 1..n {
        if fitness[i] > fitness[elite] {
            elite = i;
        }
    }
    let mut cumulative = Vec::with_capacity(n);
    let mut total = 0.0;
    for &f in fitness {
        total += f.max(0.0);
        cumulative.push(total);
    }
    let select = |rng: &mut Rng| {
        let x = rng.unit() * total;
        cumulative.partition_point(|&c| c <= x).min(n - 1)
    };
    let mut next = Vec::with_capacity(n);
    next.push(pop[elite].clone());
    while next.len() < n {
        let mut a = pop[select(rng)].clone();
        let mut b = pop[select(rng)].clone();
        let bits = a.len_bits();
        if rng.unit() < crossover && bits > 1 {
            let point = 1 + rng.below(bits as u32 - 1) as usize;
            a.cross(&mut b, point);
        }
        a.mutate(mutation, rng);
        b.mutate(mutation, rng);
        next.push(a);
        if next.len() < n {
            next.push(b);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_per_generation_match_the_paper() {
        // Weaver & Bossomaier 1998, §5.1: 9,900 round-robin, 1,650 with
        // implicit fitness sharing, 2,000 direct.
        assert_eq!(Scheme::RoundRobin.games_per_generation(100), 9_900);
        assert_eq!(Scheme::Antibody.games_per_generation(100), 1_650);
        assert_eq!(
            Scheme::Direct(Heuristic::Random).games_per_generation(100),
            2_000
        );
        let mut rng = Rng::new(1);
        for s in [Scheme::RoundRobin, Scheme::Antibody] {
            let p = pairing(s, 100, &mut rng);
            assert_eq!(2 * p.matches.len(), s.games_per_generation(100));
            assert!(p.matches.iter().all(|&(a, b)| a != b && a < 100 && b < 100));
        }
    }

    #[test]
    fn linear_scaling_keeps_the_mean_and_gives_the_best_its_multiple() {
        // A narrow spread: the best becomes 1.5 times the mean.
        let f: Vec<f64> = (0..100).map(|i| 5.0 + f64::from(i % 3) * 0.01).collect();
        let s = scale_linear(&f, 1.5);
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        assert!((mean(&s) - mean(&f)).abs() < 1e-9);
        let max = s.iter().copied().fold(0.0, f64::max);
        assert!((max - 1.5 * mean(&f)).abs() < 1e-9);
        // A wide spread: the worst goes to 0, the mean is kept.
        let f = [0.5, 1.0, 9.0];
        let s = scale_linear(&f, 10.0);
        assert!(s[0].abs() < 1e-12 && (mean(&s) - mean(&f)).abs() < 1e-9);
    }

    #[test]
    fn antibody_points_are_shared_four_to_one() {
        // One antigen (member 0) of a population of 4 meets one antibody:
        // counts from antibody_counts(4) = (1, 1).
        let p = Pairing {
            matches: vec![(1, 0)],
        };
        let f = fitness(Scheme::Antibody, 4, &p, &[2.0]);
        assert!((f[1] - 1.0 - FITNESS_BONUS).abs() < 1e-12);
        // Three antibodies of 9 members ((2, 3)): two wins, one win, none.
        let p = Pairing {
            matches: vec![(1, 0), (2, 0), (3, 0), (5, 4), (6, 4), (7, 4)],
        };
        let f = fitness(Scheme::Antibody, 9, &p, &[2.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
        let b = FITNESS_BONUS;
        assert!((f[1] - b - 3.0 * 4.0 / 5.0).abs() < 1e-12);
        assert!((f[2] - b - 3.0 / 5.0).abs() < 1e-12);
        assert!((f[3] - b).abs() < 1e-12);
        assert!((f[7] - b - 3.0).abs() < 1e-12);
    }

    #[test]
    fn elite_survives_unchanged() {
        let grid = Grid::new(2, 2).unwrap();
        let shape = super::super::Shape::for_grid(&grid);
        let mut rng = Rng::new(9);
        let pop: Vec<Genome> = (0..10).map(|_| Genome::random(shape, &mut rng)).collect();
        let mut f = vec![1.0; 10];
        f[7] = 5.0;
        let next = next_generation(&pop, &f, 0.6, 0.5, &mut rng);
        assert_eq!(next.len(), 10);
        assert_eq!(next[0], pop[7]);
        assert!(next[1..].iter().all(|g| !pop.contains(g)));
    }
}
