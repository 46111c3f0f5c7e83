//! Inviting a friend who is online to one's room: a notice on every connection their account has
//! open (on any process of a cluster), with the room's code to join it.
//!
//! Only the players one follows can be invited, a few a minute; one who blocks the inviter is
//! answered as if offline, so that a block is never told.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use martian_protocol::ServerMessage;
use martian_protocol::names::skeleton;

use crate::players::{Account, AccountError, Players};
use crate::rooms::Rooms;
use crate::rooms::chat::Bucket;

/// Invites an account may send at once…
pub const INVITE_BURST: u32 = 5;
/// …then one every this long.
pub const INVITE_EVERY: Duration = Duration::from_secs(12);

/// Paces each account's invites.
#[derive(Debug, Default)]
pub struct InviteLimits(Mutex<HashMap<i64, Bucket>>);

impl InviteLimits {
    fn take(&self, account: i64) -> Result<(), Duration> {
        let mut buckets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            // Full buckets forget nothing worth keeping.
            buckets.retain(|_, bucket| bucket.peek(INVITE_BURST, INVITE_EVERY).is_err());
        }
        buckets
            .entry(account)
            .or_insert_with(|| Bucket::full(INVITE_BURST))
            .take(INVITE_BURST, INVITE_EVERY)
    }
}

impl Players {
    /// Invites `name` to the room with code `code` (a room this process runs).
    pub async fn invite(
        &self,
        rooms: &Rooms,
        account: &Account,
        name: &str,
        code: &str,
    ) -> Result<(), AccountError> {
        self.invites
            .take(account.id)
            .map_err(AccountError::TooManyInvites)?;
        let friend = self.find(name).await?;
        if friend.id == account.id {
            return Err(AccountError::NoSuchPlayer);
        }
        let follows = self.accounts.follows(account.id).await?;
        if !follows
            .iter()
            .any(|followed| skeleton(followed) == friend.key)
        {
            return Err(AccountError::NotFollowing);
        }
        let code = code.trim().to_ascii_uppercase();
        if rooms.registry.find_code(&code).is_none() {
            // In a cluster the room may run on another process.
            let elsewhere = match self.shared {
                Some(_) => crate::meeting::codes::find_stored(&rooms.store, &code).await?,
                None => None,
            };
            if elsewhere.is_none() {
                return Err(AccountError::NoSuchRoom);
            }
        }
        let blocked_by_friend = self.accounts.blocks(friend.id).await?;
        if blocked_by_friend
            .iter()
            .any(|blocked| skeleton(blocked) == skeleton(&account.name))
        {
            return Err(AccountError::NotOnline);
        }
        let invited = ServerMessage::Invited {
            from: &account.name,
            code: &code,
        }
        .to_json()
        .into();
        if !self.tell_everywhere(&friend.name, &invited).await? {
            return Err(AccountError::NotOnline);
        }
        self.metrics.account_change("invited");
        Ok(())
    }
}
