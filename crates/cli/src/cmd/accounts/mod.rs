//! `martian-dice accounts`: the operator's hand on the players' accounts, on the database the
//! server uses (a SQLite file or a PostgreSQL URL), while it runs.

use std::io::BufRead;

use clap::{Args, Subcommand};
use martian_server::AccountError;

use crate::output::UsageError;

#[derive(Debug, Args)]
pub struct AccountsArgs {
    /// The server's database: the SQLite file `serve --db` uses, or its PostgreSQL URL.
    #[arg(
        long,
        global = true,
        env = "MARTIAN_DICE_DB",
        hide_env_values = true,
        value_name = "FILE|URL"
    )]
    db: Option<String>,
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Every account: name, since when, whether disabled.
    List,
    /// One account: its games, sessions, follows (never its password or codes).
    Show { name: String },
    /// Create an account (also with `serve --signups closed`): the password is read from the
    /// first line of standard input; the recovery codes are printed once.
    Create { name: String },
    /// Rename an account (refused if the new name, compared as names are, is another's).
    Rename { old: String, new: String },
    /// Disable an account: no sign-in, its sessions end, its profile hidden (--enable undoes).
    Disable {
        name: String,
        /// Enable it again instead.
        #[arg(long)]
        enable: bool,
    },
    /// Delete an account and everything of it: profile, sessions, follows, seats.
    Delete { name: String },
    /// Void a rated game (cheating, a fault): every rating is recomputed from the rated games
    /// kept without it.
    VoidGame {
        /// The room's id, as in its records.
        room: String,
        /// The game's number in the room.
        game: u32,
    },
}

fn date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// A refusal the operator caused (a name, a password) is a usage error (exit 2).
fn refused(error: AccountError) -> anyhow::Error {
    match error {
        // A file that is not there was named by the operator.
        AccountError::Store(martian_server::StoreError::File { what, error }) => {
            UsageError(format!("{what}: {error}")).into()
        }
        AccountError::Store(store) => store.into(),
        other => UsageError(other.to_string()).into(),
    }
}

pub fn run(args: AccountsArgs) -> anyhow::Result<()> {
    let Some(db) = args.db else {
        return Err(UsageError(
            "give the server's database: --db FILE (the SQLite file serve uses) or --db postgres://… (or MARTIAN_DICE_DB)".into(),
        )
        .into());
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let accounts = martian_server::operator::open(&db).await.map_err(refused)?;
        let mut out = String::new();
        match args.action {
            Action::List => {
                let rows = martian_server::operator::list(&accounts)
                    .await
                    .map_err(refused)?;
                for row in &rows {
                    let disabled = if row.disabled { "  (disabled)" } else { "" };
                    out += &format!("{}  since {}{disabled}\n", row.name, date(row.created_ms));
                }
                out += &format!("{} account(s)\n", rows.len());
            }
            Action::Show { name } => {
                let data = martian_server::operator::show(&accounts, &name)
                    .await
                    .map_err(refused)?;
                let a = &data.account;
                out += &format!("name: {}\n", a.name);
                out += &format!("since: {}\n", date(a.created_ms));
                out += &format!("disabled: {}\n", if a.disabled { "yes" } else { "no" });
                out += &format!("sessions: {}\n", data.sessions.len());
                out += &format!("recovery codes left: {}\n", data.recovery_left);
                out += &format!("seats claimed: {}\n", data.seats.len());
                out += &format!("follows: {}\n", data.follows.join(", "));
                out += &format!("blocks: {}\n", data.blocks.join(", "));
            }
            Action::Create { name } => {
                let mut password = String::new();
                std::io::stdin().lock().read_line(&mut password)?;
                let password = password.trim_end_matches(['\n', '\r']);
                let (row, codes) = martian_server::operator::create(&accounts, &name, password)
                    .await
                    .map_err(refused)?;
                out += &format!(
                    "created {}; its recovery codes (shown once, give them to the player):\n",
                    row.name
                );
                for code in codes {
                    out += &format!("  {code}\n");
                }
            }
            Action::Rename { old, new } => {
                let row = martian_server::operator::rename(&accounts, &old, &new)
                    .await
                    .map_err(refused)?;
                out += &format!("renamed {old} to {}\n", row.name);
            }
            Action::Disable { name, enable } => {
                martian_server::operator::disable(&accounts, &name, !enable)
                    .await
                    .map_err(refused)?;
                out += &format!(
                    "{name} is {}\n",
                    if enable {
                        "enabled"
                    } else {
                        "disabled: its sessions ended"
                    }
                );
            }
            Action::Delete { name } => {
                martian_server::operator::delete(&accounts, &name)
                    .await
                    .map_err(refused)?;
                out += &format!("deleted {name}\n");
            }
            Action::VoidGame { room, game } => {
                martian_server::operator::void_game(&accounts, &room, game)
                    .await
                    .map_err(refused)?;
                out += &format!(
                    "voided game {game} of room {room}: every rating recomputed without it\n"
                );
            }
        }
        crate::output::emit(&out)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_civil() {
        assert_eq!(super::date(0), "1970-01-01");
        assert_eq!(super::date(1_796_601_600_000), "2026-12-07");
        assert_eq!(super::date(951_782_400_000), "2000-02-29");
    }
}
