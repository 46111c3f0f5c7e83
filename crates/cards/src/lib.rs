//! Strategy cards for Martian Dice: a few numbered lines of plain advice a person can remember,
//! in English or Brazilian Portuguese, valued exactly against perfect play.
//!
//! ```
//! use martian_cards::{Card, CardLang};
//! let card: Card = "1. Take the death rays when the tanks lead.\n2. Stop when you have 6 points or more."
//!     .parse()
//!     .unwrap();
//! assert_eq!(card.len(), 2);
//! assert_eq!(
//!     card.to_text(CardLang::PtBr),
//!     "1. Pegue os raios da morte se os tanques estão na frente.\n2. Pare se você tem 6 pontos ou mais.\n"
//! );
//! ```

mod card;
mod lang;
mod parse;
mod search;
pub mod shipped;
mod value;

pub use card::{Advice, Bound, Card, CardPolicy, Condition, Group, Line, Source};
pub use lang::CardLang;
pub use parse::{Expected, Found as FoundInstead, MAX_NUMBER, ParseError, ParseErrorKind, join_or};
pub use search::{Budget, Family, Found, Slot, search, search_within};
pub use value::{CardValue, Chance, chance, play};
