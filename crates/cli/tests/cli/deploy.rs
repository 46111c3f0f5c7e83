//! The files of `deploy/` as a host installs them, whole: nginx accepts each site with its TLS
//! settings (`nginx -t`, a self-signed certificate in place of the host's). How they serve is
//! tested where they run: nginx.conf in serve_process.rs (a whole game through it), the cluster's
//! in serve_cluster.rs, the units and the Debian package in package.rs.

use martian_testkit::nginx;

use crate::util::scratch;

#[test]
fn nginx_accepts_the_shipped_sites_with_their_tls_settings() {
    for name in ["nginx.conf", "nginx-cluster.conf"] {
        let site = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../deploy")
                .join(name),
        )
        .unwrap();
        // TLS 1.2 and 1.3 only, and HSTS on every answer.
        assert!(
            site.contains("    ssl_protocols TLSv1.2 TLSv1.3;\n"),
            "{name}"
        );
        assert!(
            site.contains(
                "    add_header Strict-Transport-Security \"max-age=63072000\" always;\n"
            ),
            "{name}"
        );
        // No answer names nginx's version: every server block says so.
        assert_eq!(
            site.matches("\n    server_tokens off;").count(),
            site.matches("\nserver {").count(),
            "{name}"
        );
        let dir = scratch(name);
        if let Err(complaint) = nginx::check_as_shipped(&dir, name) {
            panic!("nginx -t rejects deploy/{name}: {complaint}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
