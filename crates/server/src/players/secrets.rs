//! The secrets of accounts: session tokens and recovery codes (random, stored only as their
//! SHA-256), and the session cookie that carries a token.

use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const COOKIE: &str = "md_session";

/// How long a session lasts without signing in again.
pub const SESSION_DAYS: i64 = 30;

/// Recovery codes given with an account.
pub const RECOVERY_CODES: usize = 10;

/// What a recovery code is written with: no look-alikes (0/O, 1/I/L, 5/S, 2/Z, 8/B, U/V).
const CODE_ALPHABET: &[u8] = b"ACDEFGHJKMNPQRTWXY34679";

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system's random generator is available");
    bytes
}

/// A new session token: 256 random bits, hex.
pub fn session_token() -> String {
    hex(&random_bytes::<32>())
}

/// The SHA-256 of a secret, hex: what is stored of tokens and recovery codes.
pub fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// New recovery codes, each `XXXX-XXXX-XXXX` (12 letters of 23: over 54 bits).
pub fn recovery_codes() -> Vec<String> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let letters: String = random_bytes::<12>()
                .iter()
                // 256 % 23 = 3: the first 3 letters are a shade likelier (1 in 86); fine for a
                // code that is one of 23^12.
                .map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char)
                .collect();
            format!("{}-{}-{}", &letters[..4], &letters[4..8], &letters[8..])
        })
        .collect()
}

/// A recovery code as typed, in the form it was given: upper case, no spaces, dashes put back.
pub fn normalize_recovery_code(typed: &str) -> String {
    let letters: String = typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if letters.len() != 12 {
        return letters;
    }
    format!("{}-{}-{}", &letters[..4], &letters[4..8], &letters[8..])
}

/// The session token a request's `Cookie` headers carry, if any.
pub fn token_of(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, token)| token.trim().to_string())
        .filter(|token| token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` value that gives the browser `token` (HttpOnly, SameSite=Lax, Secure over
/// https).
pub fn set_cookie(token: &str, secure: bool) -> String {
    let max_age = SESSION_DAYS * 24 * 3600;
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}")
}

/// The `Set-Cookie` value that takes the cookie away.
pub fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_codes_are_random_and_stored_only_as_digests() {
        let (a, b) = (session_token(), session_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(digest(&a).len(), 64);
        assert_ne!(digest(&a), a);
        let codes = recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        for code in &codes {
            assert_eq!(code.len(), 14, "{code}");
            assert_eq!(
                normalize_recovery_code(&code.to_lowercase().replace('-', " ")),
                *code
            );
        }
    }

    #[test]
    fn the_cookie_is_read_back_among_others_and_carries_its_flags() {
        let token = session_token();
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(
            axum::http::header::COOKIE,
            format!("theme=dark; {COOKIE}={token}; other=1")
                .parse()
                .unwrap(),
        );
        assert_eq!(token_of(&headers), Some(token.clone()));
        let set = set_cookie(&token, true);
        for flag in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"] {
            assert!(set.contains(flag), "{set}");
        }
        assert!(!set_cookie(&token, false).contains("Secure"));
        headers.insert(
            axum::http::header::COOKIE,
            "md_session=short".parse().unwrap(),
        );
        assert_eq!(token_of(&headers), None);
    }
}
