//! Plans: JSON round trip, typed errors for bad plan files, Slurm scripts
//! whose dependencies are the plan's.

use std::path::Path;

use databases::dots::Split;
use databases::plan::{self, Plan, PlanError, SlurmMode, SlurmOptions};
use dots::Board;

fn small_plan() -> Plan {
    plan::dots_table_plan(
        Board::new(2, 2).unwrap(),
        Path::new("/tmp/t22"),
        Split::default(),
    )
    .unwrap()
}

fn write_and_read(text: &str, name: &str) -> Result<Plan, PlanError> {
    let path = std::env::temp_dir().join(format!("cgtk-plan-{name}-{}.json", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let r = Plan::read(&path);
    std::fs::remove_file(&path).unwrap();
    r
}

#[test]
fn plans_round_trip_through_json() {
    let p = small_plan();
    assert_eq!(write_and_read(&p.to_json(), "round").unwrap(), p);
    // Every dependency of the 2x2 table's shard a_b_c_d has one more line in
    // one region (up to the symmetry that stores it): one more line in all.
    let lines = |id: &str| -> u32 {
        id.rsplit('-')
            .next()
            .unwrap()
            .split('_')
            .map(|c| c.parse::<u32>().unwrap())
            .sum()
    };
    for s in &p.shards {
        for d in &s.deps {
            assert_eq!(lines(d), lines(&s.id) + 1);
        }
    }
    assert_eq!(p.levels().iter().max(), Some(&12));
}

#[test]
fn bad_plan_files_give_typed_errors() {
    assert!(matches!(
        write_and_read("{", "json"),
        Err(PlanError::Json { .. })
    ));
    let mut p = small_plan();
    p.version = 9;
    assert!(matches!(
        write_and_read(&p.to_json(), "version"),
        Err(PlanError::Version { .. })
    ));
    let mut p = small_plan();
    let dup = p.shards[0].clone();
    p.shards.push(dup);
    assert!(matches!(
        write_and_read(&p.to_json(), "dup"),
        Err(PlanError::DuplicateId { .. })
    ));
    let mut p = small_plan();
    p.shards[3].deps.push("nowhere".into());
    assert!(matches!(
        write_and_read(&p.to_json(), "dep"),
        Err(PlanError::UnknownDependency { .. })
    ));
    let mut p = small_plan();
    p.shards.swap(0, 1);
    assert!(matches!(
        write_and_read(&p.to_json(), "order"),
        Err(PlanError::Order { .. })
    ));
    let mut p = small_plan();
    p.shards[0].id = "a b;rm".into();
    assert!(matches!(
        write_and_read(&p.to_json(), "id"),
        Err(PlanError::BadId { .. })
    ));
    assert!(matches!(
        Plan::read(Path::new("/nonexistent/plan.json")),
        Err(PlanError::Io { .. })
    ));
    // Counts that name no stored shard.
    let mut p = small_plan();
    p.shards[0].kind = plan::ShardKind::DotsTable {
        board: "2x2".into(),
        counts: vec![9, 0, 0, 0],
        part: 0,
        parts: 1,
    };
    assert!(matches!(
        plan::Executor::new(&p),
        Err(PlanError::BadShard { .. })
    ));
}

#[test]
fn slurm_scripts_chain_jobs_as_the_plan_says() {
    let p = small_plan();
    let script = plan::slurm_script(&p, Path::new("/tmp/plan.json"), &SlurmOptions::default());
    assert!(script.contains("--kill-on-invalid-dep=yes"));
    let jobs: Vec<&str> = script.lines().filter(|l| l.starts_with('j')).collect();
    assert_eq!(jobs.len(), p.shards.len());
    for (i, (line, s)) in jobs.iter().zip(&p.shards).enumerate() {
        assert!(line.starts_with(&format!("j{i}=")));
        assert!(line.contains(&format!("--job-name={} ", s.id)));
        for d in &s.deps {
            let j = p.position(d).unwrap();
            assert!(line.contains(&format!("$j{j}")), "{line}");
        }
        assert_eq!(line.contains("--dependency=afterok:"), !s.deps.is_empty());
    }
    let arrays = plan::slurm_script(
        &p,
        Path::new("/tmp/plan.json"),
        &SlurmOptions {
            mode: SlurmMode::ArrayPerLevel,
            ..SlurmOptions::default()
        },
    );
    let levels = p.levels();
    let top = *levels.iter().max().unwrap();
    for l in 0..=top {
        let n = p.level_members(l).len();
        assert!(arrays.contains(&format!("--array=0-{} --job-name=level{l} ", n - 1)));
    }
}
