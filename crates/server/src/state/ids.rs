//! Unguessable identifiers: room ids and seat tokens are 128 bits from the operating system's
//! generator, written as 32 lowercase hex digits.

/// 128 random bits from the OS as 32 hex digits.
fn random_hex128() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random generator is available");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new room id.
pub fn random_room_id() -> String {
    random_hex128()
}

/// A new secret seat token.
pub fn random_token() -> String {
    random_hex128()
}

/// What is stored of a seat token: its SHA-256, in hex. Tokens are 128 random bits, so a plain
/// hash cannot be reversed by guessing.
pub fn token_hash(token: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new game seed.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random generator is available");
    u64::from_le_bytes(bytes)
}

/// The characters of new room codes: digits and capital letters without the look-alikes 0 and
/// O, 1, I and L, U (read as V), and the digits 2, 5 and 8 (read as Z, S and B).
pub const CODE_ALPHABET: &[u8; 27] = b"34679ABCDEFGHJKMNPQRSTVWXYZ";

/// How many characters a room code has.
pub const CODE_LEN: usize = 5;

/// The look-alikes read as a character of [`CODE_ALPHABET`]. Codes made before the digits 2, 5
/// and 8 were dropped hold them: read so, they are found typed either way.
const READ_AS: [(char, char); 4] = [('2', 'Z'), ('5', 'S'), ('8', 'B'), ('U', 'V')];

/// A new random room code ([`CODE_LEN`] characters of [`CODE_ALPHABET`]).
pub fn random_code() -> String {
    const N: u8 = CODE_ALPHABET.len() as u8;
    // The largest multiple of N in a byte: 243.
    const BELOW: u8 = (256 / CODE_ALPHABET.len() * CODE_ALPHABET.len()) as u8;
    let mut bytes = [0u8; CODE_LEN];
    // Rejection sampling keeps every character equally likely (256 is not a multiple of 27).
    let mut code = String::with_capacity(CODE_LEN);
    while code.len() < CODE_LEN {
        getrandom::fill(&mut bytes).expect("the operating system's random generator is available");
        for &b in &bytes {
            if b < BELOW && code.len() < CODE_LEN {
                code.push(CODE_ALPHABET[usize::from(b % N)] as char);
            }
        }
    }
    code
}

/// The form codes are compared by: capitals, each look-alike read as its character of
/// [`CODE_ALPHABET`] (an older room's `K7M2X` is `K7MZX`). Room codes are indexed by it.
pub fn code_key(code: &str) -> String {
    code.chars()
        .map(|c| {
            let c = c.to_ascii_uppercase();
            READ_AS
                .iter()
                .find(|(alike, _)| *alike == c)
                .map_or(c, |&(_, read)| read)
        })
        .collect()
}

/// Every way a room with the code whose key is `key` may have been stored: each Z, S and B
/// also as the digit an older code may hold.
pub fn code_spellings(key: &str) -> Vec<String> {
    let mut spellings = vec![String::new()];
    for c in key.chars() {
        let old = READ_AS
            .iter()
            .find(|&&(alike, read)| read == c && alike.is_ascii_digit())
            .map(|&(alike, _)| alike);
        let mut next = Vec::with_capacity(spellings.len() * 2);
        for spelling in spellings {
            if let Some(old) = old {
                next.push(format!("{spelling}{old}"));
            }
            next.push(format!("{spelling}{c}"));
        }
        spellings = next;
    }
    spellings.reverse();
    spellings
}

/// A code as people type it, read: case ignored, spaces, dashes and dots dropped, look-alikes
/// read as the alphabet's character. `None` when what remains is not a code's shape. The
/// answer is the code's key ([`code_key`]).
pub fn normalize_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '\t'))
        .collect();
    let code = code_key(&code);
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// Whether `id` has the shape of a room id (so that junk never reaches a lookup or a log).
pub fn is_room_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Compares secrets in time that does not depend on where they differ.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_bit_hex_and_distinct() {
        let a = random_room_id();
        let b = random_room_id();
        assert!(is_room_id(&a) && is_room_id(&b));
        assert_ne!(a, b);
        assert!(!is_room_id("../etc"));
        assert!(constant_time_eq(&a, &a.clone()));
        assert!(!constant_time_eq(&a, &b));
        assert!(!constant_time_eq("ab", "abc"));
        let hash = token_hash(&a);
        assert_eq!(hash.len(), 64);
        assert_eq!(hash, token_hash(&a));
        assert_ne!(hash, token_hash(&b));
        assert!(!hash.contains(&a));
        // The known SHA-256 of "abc".
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn codes_are_five_characters_without_look_alikes() {
        for look_alike in "01OILU258".bytes() {
            assert!(!CODE_ALPHABET.contains(&look_alike));
        }
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let code = random_code();
            assert_eq!(normalize_code(&code).as_deref(), Some(code.as_str()));
            seen.insert(code);
        }
        assert!(seen.len() > 195, "codes are random");
        assert_eq!(normalize_code(" k7m-px ").as_deref(), Some("K7MPX"));
        assert_eq!(normalize_code("k7m.p x").as_deref(), Some("K7MPX"));
        assert_eq!(normalize_code("K7MP"), None);
        assert_eq!(normalize_code("K7MPXX"), None);
        assert_eq!(normalize_code("K7MP0"), None, "0 is not in the alphabet");
        assert_eq!(normalize_code("KÉMPX"), None);
    }

    #[test]
    fn look_alikes_typed_or_stored_either_way_are_one_code() {
        // Typed with the digit, the letter is read; U is read as V.
        assert_eq!(normalize_code("k5-2b8").as_deref(), Some("KSZBB"));
        assert_eq!(normalize_code("u7mpx").as_deref(), Some("V7MPX"));
        // An older room's code, stored with the digits, has the key of its letters' spelling.
        assert_eq!(code_key("Q2S58"), "QZSSB");
        assert_eq!(normalize_code("qz5sb").as_deref(), Some("QZSSB"));
        assert_eq!(normalize_code("Q2S58").as_deref(), Some("QZSSB"));
        // Every stored spelling of a key (each of Z, S and B also as 2, 5 and 8), the letters
        // first; a code without them has one.
        assert_eq!(code_spellings("K7MPX"), ["K7MPX"]);
        assert_eq!(
            code_spellings("KZ7SX"),
            ["KZ7SX", "KZ75X", "K27SX", "K275X"]
        );
        let all = code_spellings("ZSBZS");
        assert_eq!(all.len(), 32);
        assert!(all.contains(&"25825".to_string()) && all.contains(&"Z5B2S".to_string()));
        assert!(all.iter().all(|spelling| code_key(spelling) == "ZSBZS"));
        // The character of every look-alike read is in the alphabet; the digits read are not.
        for (alike, read) in READ_AS {
            assert!(CODE_ALPHABET.contains(&(read as u8)));
            assert!(!CODE_ALPHABET.contains(&(alike as u8)));
        }
    }
}
