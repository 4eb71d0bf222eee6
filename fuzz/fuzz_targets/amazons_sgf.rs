#![no_main]

#[path = "../targets.rs"]
#[expect(dead_code, reason = "one target uses one body")]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::amazons_sgf(data));
