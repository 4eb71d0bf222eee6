//! The JSON of the types that serialize with the `serde` feature: what the
//! reports of the `cgtk` CLI print.
#![cfg(feature = "serde")]

use cgt::budget::Limit;
use cgt::search::ProofStats;
use cgt::Rational;

#[test]
fn a_limit_is_its_name() {
    for limit in [Limit::Nodes, Limit::Time, Limit::Interrupt, Limit::Memory] {
        let json = serde_json::to_string(&limit).unwrap();
        assert_eq!(json, format!("\"{}\"", limit.name()));
    }
}

#[test]
fn a_rational_is_its_text() {
    assert_eq!(
        serde_json::to_string(&Rational::new(-3, 4)).unwrap(),
        r#""-3/4""#
    );
    assert_eq!(
        serde_json::to_string(&Rational::integer(2)).unwrap(),
        r#""2""#
    );
}

#[test]
fn proof_stats_keys_are_in_alphabetical_order() {
    let stats = ProofStats {
        depth: 1,
        evaluated_leaves: 2,
        no_move_leaves: 3,
        nodes: 4,
        searched_leaves: 5,
    };
    assert_eq!(
        serde_json::to_string(&stats).unwrap(),
        r#"{"depth":1,"evaluated_leaves":2,"no_move_leaves":3,"nodes":4,"searched_leaves":5}"#
    );
}
