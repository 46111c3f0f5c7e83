//! When two player names are the same name: when they look alike, not only when they are the
//! same characters. A room seats no two people whose names compare equal here, so that nobody
//! can sit as another's double (`Ana` beside `Аna` with a Cyrillic А, `Ａｎａ`, or `Ana` with an
//! invisible character), and accounts (issue 37) will compare names by the same [`skeleton`].
//!
//! The skeleton is Unicode's for confusable strings (UTS #39, `unicode-security`) of the name
//! first brought to a canonical form:
//!
//! 1. NFKC: compatibility forms become their plain letters (fullwidth `Ａ`, ligatures, superscripts);
//! 2. case folding (upper then lower case, so that `ß` and `SS` fold alike): names differ by their
//!    letters, never by their case;
//! 3. runs of white space become one space, and the ends are trimmed;
//! 4. the UTS #39 skeleton: default-ignorable characters removed (zero-width spaces and joiners,
//!    the soft hyphen U+00AD, the combining grapheme joiner U+034F, variation selectors, tag
//!    characters U+E0000–E007F…), then each character replaced by the prototype of the
//!    characters it is confusable with (Cyrillic `а` → Latin `a`, `rn` ← `m`, `0` → `O`);
//! 5. lower case again, since some prototypes are capitals (`O` for `0`).
//!
//! Accents are letters: `José` and `Jose` are two names (as `Ana` and `Aña` are), because
//! people's names differ by them and a combining accent is visible. What is compared is the
//! skeleton; what is shown and stored is the name as given (after [`crate::clean_name`]).

use unicode_normalization::UnicodeNormalization;

/// The form two names are compared by: equal skeletons mean look-alike names (see the module
/// comment). Empty for a name with nothing visible.
pub fn skeleton(name: &str) -> String {
    let compatible: String = name.nfkc().collect();
    let folded = compatible.to_uppercase().to_lowercase();
    let spaced = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    let confusable: String = unicode_security::skeleton(&spaced).collect();
    confusable.to_lowercase()
}

/// Whether `a` and `b` are the same name: equal skeletons.
pub fn same_name(a: &str, b: &str) -> bool {
    skeleton(a) == skeleton(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_of_a_name_are_that_name() {
        for double in [
            "Ana",
            "ana",
            "ANA",
            " Ana ",
            "Ana\u{200B}",
            "A\u{200B}na",
            "Ana\u{00AD}",
            "Ana\u{034F}",
            "A\u{200C}n\u{200D}a\u{2060}",
            "Ana\u{FE0F}",
            // Tag characters (an invisible "ABC" and the cancel tag).
            "Ana\u{E0041}\u{E0042}\u{E0043}\u{E007F}",
            // Fullwidth letters.
            "\u{FF21}\u{FF4E}\u{FF41}",
            // A Cyrillic А, then Cyrillic а twice.
            "\u{0410}na",
            "An\u{0430}",
            "\u{0410}n\u{0430}",
            // A Greek capital alpha.
            "\u{0391}na",
        ] {
            assert!(
                same_name(double, "Ana"),
                "{double:?}: {:?}",
                skeleton(double)
            );
        }
        assert_eq!(skeleton("Ana"), skeleton("Ａｎａ"));
        // Letters that look alike: digits and letters, `rn` and `m`.
        assert!(same_name("B0b", "Bob"));
        assert!(same_name("Mia", "rnia"));
        assert!(same_name("Ana  Bia", "Ana Bia"));
        assert!(same_name("Straße", "STRASSE"));
    }

    #[test]
    fn different_names_stay_different() {
        for (a, b) in [
            ("Ana", "Ann"),
            ("Ana", "Bia"),
            ("Ana", "Ana 2"),
            ("Ana Bia", "AnaBia"),
            // Accents are part of a name.
            ("José", "Jose"),
            ("Aña", "Ana"),
            ("Zoë", "Zoe"),
            ("王小明", "王小"),
            ("محمد", "احمد"),
            ("🐔 Chicken", "🐮 Chicken"),
        ] {
            assert!(!same_name(a, b), "{a:?} {b:?}: {:?}", skeleton(a));
        }
        // A precomposed accent and a combining one are the same letter.
        assert!(same_name("Jos\u{00E9}", "Jose\u{0301}"));
    }

    #[test]
    fn a_name_of_nothing_visible_has_an_empty_skeleton() {
        for blank in [
            "",
            "  ",
            "\u{200B}",
            "\u{00AD}\u{034F}",
            "\u{E0041}\u{E007F}",
        ] {
            assert_eq!(skeleton(blank), "", "{blank:?}");
        }
    }
}
