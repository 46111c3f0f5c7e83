//! What deleting an account does to the games its seats played: they stay for the others who
//! played them, and the seat's name in each stored record and room becomes [`DELETED_PLAYER`].

use serde_json::Value;

/// The name a deleted account's seats take in the games they played.
pub const DELETED_PLAYER: &str = "deleted player";

/// `record` (a game record's JSON) with seat `seat`'s name replaced; `None` when it has no such
/// seat or does not read as a record.
pub(crate) fn record_without_name(record: &str, seat: usize) -> Option<String> {
    let mut json: Value = serde_json::from_str(record).ok()?;
    let player = json.get_mut("players")?.get_mut(seat)?;
    *player.get_mut("name")? = Value::from(DELETED_PLAYER);
    Some(json.to_string())
}

/// `state` (a room's stored state) with seat `seat`'s name replaced in its seats and in the
/// summaries of its finished games; `None` when it has no such seat.
pub(crate) fn state_without_name(state: &str, seat: usize) -> Option<String> {
    let mut json: Value = serde_json::from_str(state).ok()?;
    let person = json.get_mut("seats")?.get_mut(seat)?;
    *person.get_mut("name")? = Value::from(DELETED_PLAYER);
    if let Some(person) = person.as_object_mut() {
        person.remove("claimed");
    }
    if let Some(finished) = json.get_mut("finished").and_then(Value::as_array_mut) {
        for game in finished {
            if let Some(name) = game.get_mut("names").and_then(|names| names.get_mut(seat)) {
                *name = Value::from(DELETED_PLAYER);
            }
        }
    }
    Some(json.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_seat_s_name_changes() {
        let record = r#"{"players":[{"name":"Ana"},{"name":"hard","bot":"hard"}],"turns":[]}"#;
        let forgotten: Value =
            serde_json::from_str(&record_without_name(record, 0).unwrap()).unwrap();
        assert_eq!(forgotten["players"][0]["name"], DELETED_PLAYER);
        assert_eq!(forgotten["players"][1]["name"], "hard");
        assert_eq!(record_without_name(record, 2), None);
        assert_eq!(record_without_name("not json", 0), None);

        let state = r#"{"seats":[{"name":"Bo"},{"name":"Ana","claimed":true}],
            "finished":[{"number":1,"names":["Bo","Ana"]}]}"#;
        let forgotten: Value =
            serde_json::from_str(&state_without_name(state, 1).unwrap()).unwrap();
        assert_eq!(forgotten["seats"][1]["name"], DELETED_PLAYER);
        assert_eq!(forgotten["seats"][1].get("claimed"), None);
        assert_eq!(
            forgotten["finished"][0]["names"],
            serde_json::json!(["Bo", DELETED_PLAYER])
        );
        assert_eq!(forgotten["seats"][0]["name"], "Bo");
    }
}
