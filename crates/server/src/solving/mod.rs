//! Solving: the coach's advice, the strategy cards' figures, the solver's tables computed in the
//! background, and the reviews of finished games.

pub(crate) mod cards;
pub(crate) mod challenge;
pub(crate) mod coach;
pub(crate) mod deciders;
pub(crate) mod reviews;
pub(crate) mod solutions;
pub(crate) mod summaries;
