//! What the server reads back of a stored game record: its players and result (the turns are
//! skipped over).

use serde::Deserialize;

use crate::state::FinishedGame;

/// What a summary reads of a stored record: the players' names and the result; the turns are
/// skipped over.
#[derive(Deserialize)]
struct RecordSummary {
    players: Vec<PlayerName>,
    result: Option<ResultSummary>,
}

#[derive(Deserialize)]
struct PlayerName {
    name: String,
}

#[derive(Deserialize)]
struct ResultSummary {
    scores: Vec<u16>,
    winners: Vec<usize>,
}

/// The finished game a stored record tells of.
pub(crate) fn summary(number: u32, record: &str) -> Option<FinishedGame> {
    let record: RecordSummary = serde_json::from_str(record).ok()?;
    let result = record.result?;
    Some(FinishedGame {
        number,
        winners: result.winners,
        scores: result.scores,
        names: record.players.into_iter().map(|p| p.name).collect(),
        rating_changes: Vec::new(),
        claimed: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_summarised_as_the_room_lists_it() {
        let record = r#"{"format":"martian-dice-record","version":1,
            "rules":{"dice":13,"target":10,"bonus":"one-of-each","end":"complete-round","tie":"roll-off"},
            "players":[{"name":"Ana"},{"name":"defensive","bot":"defensive"}],
            "turns":[{"seat":0,"round":1,"transcript":"RRRHHHHHHHHHH/H stop","score":10}],
            "result":{"scores":[10,10],"winners":[1]}}"#;
        let game = summary(7, record).unwrap();
        assert_eq!(game.number, 7);
        assert_eq!(game.names, ["Ana", "defensive"]);
        assert_eq!((game.scores, game.winners), (vec![10, 10], vec![1]));
        // Unfinished or unreadable: none.
        assert!(
            summary(
                1,
                &record.replace(
                    r#""result":{"scores":[10,10],"winners":[1]}"#,
                    r#""result":null"#
                )
            )
            .is_none()
        );
        assert!(summary(1, "{").is_none());
    }
}
