//! `martian-dice backup`: a consistent copy of the server's database, taken while it serves.

use std::path::PathBuf;

use clap::Args;

use crate::output::UsageError;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The server's SQLite database (as given to `serve --db`). A PostgreSQL database is backed
    /// up with PostgreSQL's own pg_dump.
    #[arg(
        long,
        env = "MARTIAN_DICE_DB",
        hide_env_values = true,
        value_name = "FILE"
    )]
    db: PathBuf,
    /// Where to write the copy (a new file: an existing one is not overwritten).
    #[arg(value_name = "OUT")]
    out: PathBuf,
}

pub fn run(args: BackupArgs) -> anyhow::Result<()> {
    let db = args.db.to_string_lossy();
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        // Never shown whole: the URL may hold the password.
        return Err(UsageError(format!(
            "backup copies a SQLite database; {} is PostgreSQL: back it up with pg_dump \
             (e.g. pg_dump --format=custom --file=martian_dice.dump, the password in PGPASSWORD \
             or ~/.pgpass, never on the command line)",
            martian_server::redact_url(&db)
        ))
        .into());
    }
    martian_server::backup(&args.db, &args.out)?;
    crate::output::emit(&format!(
        "backed up {} to {}: start a server on the copy with --db {}\n",
        args.db.display(),
        args.out.display(),
        args.out.display()
    ))
}
