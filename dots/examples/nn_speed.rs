use dots::play::net::*;
use dots::play::Grid;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let method = match args[1].as_str() {
        "direct0" => Method::Evolve(Scheme::Direct(Heuristic::Random)),
        "direct1" => Method::Evolve(Scheme::Direct(Heuristic::Level1)),
        "rr" => Method::Evolve(Scheme::RoundRobin),
        "ab" => Method::Evolve(Scheme::Antibody),
        _ => Method::Backprop,
    };
    let gens: usize = args[2].parse().unwrap();
    let mut c = TrainConfig::new(Grid::new(3, 3).unwrap(), method, gens, 1);
    c.threads = args[3].parse().unwrap();
    c.snapshots = args[4].parse().unwrap();
    if args.len() > 5 {
        c.mutation = args[5].parse().unwrap();
    }
    let t = Instant::now();
    let r = train(&c, &|_| {}).unwrap();
    for s in &r.snapshots {
        println!(
            "{} {} {:.3} {:.3} {:.3} {:.3}",
            s.generation, s.games, s.best[0], s.mean[0], s.best[1], s.mean[1]
        );
    }
    println!(
        "final {:?} games {} secs {:.1}",
        r.proficiency,
        r.games,
        t.elapsed().as_secs_f64()
    );
}
