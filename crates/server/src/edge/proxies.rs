//! Reverse proxies whose word on the client's address is taken (`--trusted-proxy`): behind one,
//! every connection comes from the proxy, and only its X-Real-IP (else the last X-Forwarded-For
//! entry) says who the client is. Given as addresses or CIDR ranges.

use std::net::IpAddr;

use axum::http::HeaderMap;
pub use ipnet::IpNet;

/// Reads one `--trusted-proxy` value: an address (`127.0.0.1`, `::1`) or a range in CIDR
/// notation (`10.0.0.0/8`), spaces around it ignored (`"127.0.0.1, 10.0.0.9"` in the variable).
pub fn parse_proxy(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("an empty entry: give an address (127.0.0.1) or a range (10.0.0.0/8)".into());
    }
    if let Ok(addr) = text.parse::<IpAddr>() {
        return Ok(IpNet::from(canonical(addr)));
    }
    text.parse::<IpNet>()
        .map_err(|_| format!("'{text}' is neither an address (127.0.0.1) nor a range (10.0.0.0/8)"))
}

/// An IPv4 address seen through an IPv6 socket is the IPv4 address.
pub fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// Whether `peer` is one of the `trusted` proxies.
pub fn trusts(trusted: &[IpNet], peer: IpAddr) -> bool {
    trusted.iter().any(|net| net.contains(&peer))
}

/// The client's address: the connection's peer, unless the peer is a trusted proxy that says
/// whom it speaks for (X-Real-IP, else the last X-Forwarded-For entry, which the proxy itself
/// added). A header from anyone else is ignored: clients could write anything there.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    if !trusts(trusted, peer) {
        return peer;
    }
    let real = headers
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let forwarded = || {
        headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
            .and_then(|v| v.trim().parse().ok())
    };
    real.or_else(forwarded).map_or(peer, canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let proxy: IpAddr = [127, 0, 0, 1].into();
        let client: IpAddr = [203, 0, 113, 5].into();
        let trusted = [IpNet::from(proxy)];
        let real = headers(&[("x-real-ip", "203.0.113.5")]);
        assert_eq!(client_addr(proxy, &real, &trusted), client);
        // The last X-Forwarded-For entry is the one the proxy added; earlier ones are the
        // client's own words.
        let chain = headers(&[("x-forwarded-for", "198.51.100.7, 203.0.113.5")]);
        assert_eq!(client_addr(proxy, &chain, &trusted), client);
        // Anyone else's headers are ignored.
        let stranger: IpAddr = [192, 0, 2, 9].into();
        assert_eq!(client_addr(stranger, &real, &trusted), stranger);
        assert_eq!(client_addr(proxy, &real, &[]), proxy);
        // Garbage is ignored.
        let junk = headers(&[("x-real-ip", "not an address")]);
        assert_eq!(client_addr(proxy, &junk, &trusted), proxy);
        // An IPv4 client named in IPv6 form is the IPv4 client.
        let mapped = headers(&[("x-real-ip", "::ffff:203.0.113.5")]);
        assert_eq!(client_addr(proxy, &mapped, &trusted), client);
    }

    #[test]
    fn proxies_are_addresses_or_ranges_with_spaces_around_them() {
        let one = parse_proxy(" 127.0.0.9 ").unwrap();
        assert!(one.contains(&IpAddr::from([127, 0, 0, 9])));
        assert!(!one.contains(&IpAddr::from([127, 0, 0, 1])));
        let range = parse_proxy("10.0.0.0/8").unwrap();
        assert!(range.contains(&IpAddr::from([10, 200, 3, 4])));
        assert!(!range.contains(&IpAddr::from([11, 0, 0, 1])));
        let v6 = parse_proxy("fd00::/8").unwrap();
        assert!(v6.contains(&"fd12::1".parse::<IpAddr>().unwrap()));
        // An IPv4 proxy given in IPv6 form matches the IPv4 peer the server sees.
        let mapped = parse_proxy("::ffff:192.0.2.1").unwrap();
        assert!(trusts(&[mapped], IpAddr::from([192, 0, 2, 1])));
        let trusted = [range, one];
        assert!(trusts(&trusted, IpAddr::from([10, 0, 0, 1])));
        assert!(!trusts(&trusted, IpAddr::from([192, 168, 0, 1])));
        for bad in ["", "  ", "localhost", "10.0.0.0/33", "10.0.0.0/", "1.2.3"] {
            let error = parse_proxy(bad).unwrap_err();
            assert!(
                error.contains("address") || error.contains("empty"),
                "{bad}: {error}"
            );
        }
    }
}
