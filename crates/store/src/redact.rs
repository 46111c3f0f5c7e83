//! Database addresses as they may be shown: a PostgreSQL URL can hold the password, and no log
//! line or message ever does.

/// `text` (a database file or URL) with every password in it replaced by `***`: the one in a
/// URL's user part (`postgres://user:PASSWORD@host/db`), and the value of `password=` in a
/// URL's query or in a `key=value` connection string. Whatever cannot be told apart is hidden
/// too: everything between the scheme and the last `@` after the user name's colon.
pub fn redact_url(text: &str) -> String {
    let mut shown = text.to_string();
    if let Some(scheme_end) = shown.find("://") {
        let start = scheme_end + 3;
        if let Some(at) = shown[start..].rfind('@') {
            let user_part = &shown[start..start + at];
            if let Some(colon) = user_part.find(':') {
                shown.replace_range(start + colon + 1..start + at, "***");
            }
        }
    }
    let mut from = 0;
    while let Some(found) = shown[from..].to_ascii_lowercase().find("password=") {
        let value_start = from + found + "password=".len();
        let rest = &shown[value_start..];
        let value_len = match rest.strip_prefix('\'') {
            // A quoted value ends at its closing quote (`\'` inside it is a quote).
            Some(quoted) => {
                let mut escaped = false;
                let end = quoted
                    .char_indices()
                    .find(|&(_, c)| {
                        let closes = c == '\'' && !escaped;
                        escaped = c == '\\' && !escaped;
                        closes
                    })
                    .map_or(quoted.len(), |(i, _)| i + 1);
                end + 1
            }
            None => rest
                .find(|c: char| c.is_whitespace() || c == '&' || c == '#')
                .unwrap_or(rest.len()),
        };
        shown.replace_range(value_start..value_start + value_len, "***");
        from = value_start + 3;
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::redact_url;

    #[test]
    fn passwords_are_hidden_and_nothing_else() {
        for (given, shown) in [
            (
                "postgres://martian:S3cret@db.internal/martian_dice",
                "postgres://martian:***@db.internal/martian_dice",
            ),
            (
                "postgresql://martian:p%40ss@10.0.0.5:5432/dice?sslmode=disable",
                "postgresql://martian:***@10.0.0.5:5432/dice?sslmode=disable",
            ),
            // An unencoded '@' or '/' in the password: all of it is hidden still.
            (
                "postgres://martian:a@b/c@db/x",
                "postgres://martian:***@db/x",
            ),
            (
                "postgres://martian@db/x?password=S3cret&sslmode=disable",
                "postgres://martian@db/x?password=***&sslmode=disable",
            ),
            (
                "host=db user=martian password=S3cret dbname=x",
                "host=db user=martian password=*** dbname=x",
            ),
            (
                "host=db PASSWORD='it\\'s secret' dbname=x",
                "host=db PASSWORD=*** dbname=x",
            ),
            ("postgres://martian@db/x", "postgres://martian@db/x"),
            (
                "/var/lib/martian-dice/server.db",
                "/var/lib/martian-dice/server.db",
            ),
        ] {
            assert_eq!(redact_url(given), shown, "{given}");
        }
    }
}
