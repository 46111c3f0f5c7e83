//! How many decimals a figure needs: the one rule every interface shows values by (the coach,
//! `advise`, the review, the trainer, the line mode, the terminal and, through the server, the
//! page). Figures that stand side by side are shown with one number of decimals, the fewest that
//! tells apart the values that differ: never "1 point" and "1 point" for 1.33 and 0.50. The
//! writing itself (a decimal point or comma) is the reader's language's business
//! (`martian_i18n::decimal`).

/// The most decimals ever shown: values closer than that are the same to anyone reading.
pub const MAX_PLACES: usize = 9;

/// Whether two values differ by more than rounding noise: by more than a billionth of their size
/// (at least of 1). Exact solutions agree to about 1e-12; the solver treats closer values as ties.
pub fn differ(a: f64, b: f64) -> bool {
    (a - b).abs() > 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The fewest decimals, at least `min` and at most [`MAX_PLACES`], with which every two of
/// `values` that [`differ`] are written differently.
///
/// ```
/// use martian_solver::figures::distinct_places;
/// assert_eq!(distinct_places(&[1.3333, 0.75], 0), 1);
/// assert_eq!(distinct_places(&[86.40, 83.83], 0), 0);
/// assert_eq!(distinct_places(&[64.3212, 64.3249], 1), 3);
/// assert_eq!(distinct_places(&[2.0, 2.0], 2), 2);
/// ```
pub fn distinct_places(values: &[f64], min: usize) -> usize {
    let min = min.min(MAX_PLACES);
    (min..=MAX_PLACES)
        .find(|&places| {
            values.iter().enumerate().all(|(i, &a)| {
                values[i + 1..]
                    .iter()
                    .all(|&b| !differ(a, b) || rounded(a, places) != rounded(b, places))
            })
        })
        .unwrap_or(MAX_PLACES)
}

/// [`distinct_places`], and also enough that a value that is not 0 is not written as 0 ("0.04",
/// not "0.0").
///
/// ```
/// use martian_solver::figures::shown_places;
/// assert_eq!(shown_places(&[1.62, 0.04], 1), 2);
/// assert_eq!(shown_places(&[1.62, 0.0], 1), 1);
/// ```
pub fn shown_places(values: &[f64], min: usize) -> usize {
    let mut places = distinct_places(values, min);
    while places < MAX_PLACES
        && values
            .iter()
            .any(|&v| v.abs() > 1e-9 && rounded(v, places) == rounded(0.0, places))
    {
        // More decimals can bring together figures that one fewer told apart ("0.1" and "0.0"
        // for 0.051 and 0.048 are "0.05" and "0.05"): they must stay apart.
        places = distinct_places(values, places + 1);
    }
    places
}

/// The decimals for probabilities shown as percentages (`100 × p`): [`distinct_places`], and
/// also enough that a chance is never written "0%" or "100%" unless it is exactly that.
///
/// ```
/// use martian_solver::figures::percent_places;
/// assert_eq!(percent_places(&[0.31, 0.08], 0), 0);
/// assert_eq!(percent_places(&[0.0012], 0), 1, "0.1%, not 0%");
/// assert_eq!(percent_places(&[0.9996], 1), 2, "99.96%, not 100.0%");
/// assert_eq!(percent_places(&[0.0, 1.0], 0), 0);
/// ```
pub fn percent_places(probabilities: &[f64], min: usize) -> usize {
    let percents: Vec<f64> = probabilities.iter().map(|p| 100.0 * p).collect();
    let mut places = distinct_places(&percents, min);
    while places < MAX_PLACES
        && percents.iter().any(|&p| {
            let shown = rounded(p, places);
            (p > 1e-9 && shown == rounded(0.0, places))
                || (p < 100.0 - 1e-9 && shown == rounded(100.0, places))
        })
    {
        // Figures told apart must stay apart with the decimals added.
        places = distinct_places(&percents, places + 1);
    }
    places
}

/// `value` written with `places` decimals (a point), as the figures are compared.
fn rounded(value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    // "-0.0" and "0.0" are the same figure.
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_that_differ_are_told_apart() {
        assert_eq!(distinct_places(&[1.333, 0.75], 0), 1);
        // 0.5 rounds to even ("0"), apart from "1" already; shown_places keeps it off "0".
        assert_eq!(distinct_places(&[1.333, 0.5], 0), 0);
        assert_eq!(shown_places(&[1.333, 0.5], 0), 1);
        assert_eq!(
            distinct_places(&[0.5, 1.333], 2),
            2,
            "never fewer than asked"
        );
        assert_eq!(distinct_places(&[0.2501, 0.2499], 0), 1);
        assert_eq!(distinct_places(&[0.2451, 0.2449], 0), 2);
        assert_eq!(
            distinct_places(&[1.0, 1.0 + 1e-13], 0),
            0,
            "rounding noise is a tie"
        );
        assert_eq!(distinct_places(&[], 1), 1);
        // Issue 40: 0.0508% and 0.0484% are "0.1%" and "0.0%" with one decimal, "0.05%" and
        // "0.05%" with the two that keep 0.0484% off "0.0%": three tell them apart.
        assert_eq!(percent_places(&[0.000_508, 0.000_484], 1), 3);
        assert_eq!(shown_places(&[0.0508, 0.0484], 1), 3);
        assert_eq!(distinct_places(&[3.0], 4), 4);
        let close = [0.123_456_789_1, 0.123_456_787_1];
        assert_eq!(distinct_places(&close, 0), 9);
    }

    #[test]
    fn negative_zero_is_zero() {
        assert_eq!(rounded(-0.0001, 1), "0.0");
        assert_eq!(rounded(-0.1, 1), "-0.1");
    }

    #[test]
    fn chances_are_never_written_as_none_or_certain() {
        assert_eq!(percent_places(&[0.004], 0), 1);
        assert_eq!(percent_places(&[0.00004], 0), 3);
        assert_eq!(percent_places(&[0.5], 1), 1);
        assert_eq!(percent_places(&[0.864, 0.8383], 1), 1);
    }
}
