//! `martian-dice backup`: a consistent copy of the server's database, taken while it serves.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The server's SQLite database (as given to `serve --db`).
    #[arg(long, env = "MARTIAN_DICE_DB", value_name = "FILE")]
    db: PathBuf,
    /// Where to write the copy (a new file: an existing one is not overwritten).
    #[arg(value_name = "OUT")]
    out: PathBuf,
}

pub fn run(args: BackupArgs) -> anyhow::Result<()> {
    martian_server::backup(&args.db, &args.out)?;
    crate::output::emit(&format!(
        "backed up {} to {}: start a server on the copy with --db {}\n",
        args.db.display(),
        args.out.display(),
        args.out.display()
    ))
}
