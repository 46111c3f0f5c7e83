//! What the operator does to accounts (`martian-dice accounts`): list, show, create, rename,
//! disable and delete, on the database the server uses, while it runs.

use martian_store::accounts::{AccountData, AccountRow, Accounts, NewAccount};

use crate::players::passwords::Hasher;
use crate::players::{AccountError, claimable, secrets};

/// Opens the accounts of `db` (a SQLite file or a PostgreSQL URL).
pub async fn open(db: &str) -> Result<Accounts, AccountError> {
    Ok(Accounts::open_beside_server(db).await?)
}

/// Every account.
pub async fn list(accounts: &Accounts) -> Result<Vec<AccountRow>, AccountError> {
    Ok(accounts.list().await?)
}

async fn find(accounts: &Accounts, name: &str) -> Result<AccountRow, AccountError> {
    accounts
        .by_key(&martian_protocol::names::skeleton(name))
        .await?
        .ok_or(AccountError::NoSuchPlayer)
}

/// One account, whole (no secret: hashes are left out by the caller).
pub async fn show(accounts: &Accounts, name: &str) -> Result<AccountData, AccountError> {
    let row = find(accounts, name).await?;
    accounts
        .data(row.id)
        .await?
        .ok_or(AccountError::NoSuchPlayer)
}

/// Creates an account (whatever `--signups` says); its recovery codes.
pub async fn create(
    accounts: &Accounts,
    name: &str,
    password: &str,
) -> Result<(AccountRow, Vec<String>), AccountError> {
    let (name, key) = claimable(name)?;
    super::check_password(password)?;
    let hash = Hasher::new(1).hash(password.to_string()).await?;
    let codes = secrets::recovery_codes();
    let new = NewAccount {
        name,
        key,
        password: hash,
        recovery: codes.iter().map(|c| secrets::digest(c)).collect(),
        avatar: String::new(),
        created_ms: martian_store::now_ms(),
    };
    let row = accounts.create(new).await?.ok_or(AccountError::NameTaken)?;
    Ok((row, codes))
}

/// Renames `old` to `new` (compared as names are: taken by another account, refused).
pub async fn rename(accounts: &Accounts, old: &str, new: &str) -> Result<AccountRow, AccountError> {
    let row = find(accounts, old).await?;
    let (name, key) = claimable(new)?;
    if !accounts.rename(row.id, &name, &key).await? {
        return Err(AccountError::NameTaken);
    }
    find(accounts, &name).await
}

/// Disables (or enables again) an account: a disabled one cannot sign in, its sessions end and
/// its profile is hidden; its name stays taken.
pub async fn disable(accounts: &Accounts, name: &str, disabled: bool) -> Result<(), AccountError> {
    let row = find(accounts, name).await?;
    Ok(accounts.set_disabled(row.id, disabled).await?)
}

/// Deletes an account and everything of it.
pub async fn delete(accounts: &Accounts, name: &str) -> Result<(), AccountError> {
    let row = find(accounts, name).await?;
    accounts.delete(row.id).await?;
    Ok(())
}

/// Voids the rated game `number` of room `room` and recomputes every rating from the rated
/// results kept without it.
pub async fn void_game(accounts: &Accounts, room: &str, number: u32) -> Result<(), AccountError> {
    if accounts.ratings().void(room, number).await? {
        Ok(())
    } else {
        Err(AccountError::NoSuchRatedGame)
    }
}
