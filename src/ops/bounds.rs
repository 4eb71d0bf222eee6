//! The range of every numeric option, defined once: the CLI's value parsers
//! use these constants and [`check`] applies them to options that arrive
//! another way (a web request, a Python call).

use std::fmt::Display;
use std::ops::RangeInclusive;

use super::bad_input;

pub use cgt::search::bounds::{MAX_SECONDS, TABLE_MIB, THREADS};

/// `value` if it lies in `range`, else bad input naming `what` and the range
/// in words (`--threads: 65 out of range (1 to 64)`).
pub fn check<T: PartialOrd + Display + Copy>(
    what: &str,
    value: T,
    range: &RangeInclusive<T>,
) -> anyhow::Result<T> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(bad_input(what, out_of_range(value, range)))
    }
}

/// `65 out of range (1 to 64)`.
fn out_of_range<T: Display>(value: T, range: &RangeInclusive<T>) -> String {
    format!(
        "{value} out of range ({} to {})",
        range.start(),
        range.end()
    )
}

/// A parser of a number in `range`, for a command-line option (clap takes
/// it as a value parser): the error says so in words (`65 out of range (1
/// to 64)`).
pub fn parser<T>(
    range: RangeInclusive<T>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + Display + Copy + Send + Sync + 'static,
{
    move |text| {
        let value: T = text.trim().parse().map_err(|_| {
            format!(
                "{text:?} is not a number from {} to {}",
                range.start(),
                range.end()
            )
        })?;
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(out_of_range(value, &range))
        }
    }
}

/// A parser of a count of at least 1 with no upper bound (a node limit):
/// the error says so in words (`0 out of range (at least 1)`).
pub fn at_least_one(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("0 out of range (at least 1)".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a whole number of at least 1")),
    }
}

/// `value` if it is more than 0 and at most `max` (a rate, a number of
/// seconds), else bad input naming `what` and the range in words.
pub fn check_above_zero(what: &str, value: f64, max: f64) -> anyhow::Result<f64> {
    in_above_zero(value, max).map_err(|e| bad_input(what, e))
}

/// A parser of a number more than 0 and at most `max`, for a command-line
/// option.
pub fn above_zero(max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |text| {
        let value: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a number"))?;
        in_above_zero(value, max)
    }
}

fn in_above_zero(value: f64, max: f64) -> Result<f64, String> {
    if value > 0.0 && value <= max {
        Ok(value)
    } else {
        Err(format!("{value} out of range (more than 0, at most {max})"))
    }
}

/// A number of seconds, more than 0 and at most [`MAX_SECONDS`].
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    above_zero(MAX_SECONDS)(text).map(std::time::Duration::from_secs_f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::BadInput;
    use std::time::Duration;

    #[test]
    fn above_zero_in_words() {
        assert_eq!(above_zero(2.0)("2"), Ok(2.0));
        assert_eq!(
            above_zero(2.0)("0"),
            Err("0 out of range (more than 0, at most 2)".to_owned())
        );
        assert_eq!(
            check_above_zero("--rate", 3.0, 2.0)
                .unwrap_err()
                .to_string(),
            "--rate: 3 out of range (more than 0, at most 2)"
        );
    }

    #[test]
    fn seconds_in_range_only() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["0", "-1", "1e300", "inf", "NaN", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parser_accepts_the_range_only() {
        let threads = parser(THREADS);
        assert_eq!(threads("64"), Ok(64));
        assert_eq!(threads("65"), Err("65 out of range (1 to 64)".to_owned()));
        assert!(threads("x").is_err());
        assert_eq!(
            parser(0.0..=10.0)("11"),
            Err("11 out of range (0 to 10)".to_owned())
        );
    }

    #[test]
    fn at_least_one_refuses_zero_in_words() {
        assert_eq!(at_least_one("1"), Ok(1));
        assert_eq!(
            at_least_one("0"),
            Err("0 out of range (at least 1)".to_owned())
        );
        assert!(at_least_one("-1").is_err());
    }

    #[test]
    fn check_names_the_option_and_range() {
        assert_eq!(check("--threads", 64, &THREADS).unwrap(), 64);
        let err = check("--threads", 65, &THREADS).unwrap_err();
        assert!(err.is::<BadInput>());
        assert_eq!(err.to_string(), "--threads: 65 out of range (1 to 64)");
    }
}
