//! Numbers in the reader's language. Every interface writes its decimals through [`decimal`], so
//! the coach, the review and the tables of the command line agree on "61.2" and "61,2".

use crate::{Messages, tr};

/// `value` rounded to `places` decimals, with the language's decimal separator (the message
/// `decimal-point`) and no grouping of thousands: "1234.5" in English, "1234,5" in Portuguese.
/// Tables line up their columns by width, and a grouped "1,234" would read as a decimal in the
/// other language.
pub fn decimal(m: &Messages, value: f64, places: usize) -> String {
    format!("{value:.places$}").replace('.', &tr!(m, "decimal-point"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    #[test]
    fn english_writes_a_point() {
        let en = Lang::En.messages();
        assert_eq!(decimal(en, 1234.5, 1), "1234.5");
        assert_eq!(decimal(en, 61.234, 1), "61.2");
        assert_eq!(decimal(en, 2.5, 2), "2.50");
        assert_eq!(decimal(en, 9.22549, 4), "9.2255");
        assert_eq!(decimal(en, -0.126, 2), "-0.13");
        assert_eq!(decimal(en, 1234.5, 0), "1234");
        assert_eq!(decimal(en, 1234567.0, 0), "1234567");
    }

    #[test]
    fn portuguese_writes_a_comma() {
        let pt = Lang::PtBr.messages();
        assert_eq!(decimal(pt, 1234.5, 1), "1234,5");
        assert_eq!(decimal(pt, 61.234, 1), "61,2");
        assert_eq!(decimal(pt, 2.5, 2), "2,50");
        assert_eq!(decimal(pt, 9.22549, 4), "9,2255");
        assert_eq!(decimal(pt, -0.126, 2), "-0,13");
        assert_eq!(decimal(pt, 1234.5, 0), "1234");
        assert_eq!(decimal(pt, 1234567.0, 0), "1234567");
    }
}
