//! The page's files and the messages it formats are served by the server, built into the binary.

mod common;

use common::{http_get, server};
use martian_i18n::Lang;

#[tokio::test]
async fn the_page_its_formatter_and_both_languages_messages_are_served() {
    let running = server(|_| {}).await;
    let addr = running.addr();
    for lang in Lang::ALL {
        let (status, body) = http_get(addr, &format!("/i18n/{}.ftl", lang.tag())).await;
        assert_eq!(status, 200, "{lang}");
        assert!(
            body.ends_with(lang.ftl_source()),
            "{lang}: the served file is the program's"
        );
    }
    for (path, needle) in [
        ("/", "data-i18n=\"web-title\""),
        ("/app.js", "loadLanguages"),
        ("/i18n.js", "export function t("),
        ("/fluent.js", "export class FluentBundle"),
        ("/js/game.js", "export function renderGame"),
        ("/js/net.js", "export function send("),
    ] {
        let (status, body) = http_get(addr, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(needle), "{path}");
    }
    let (status, _) = http_get(addr, "/i18n/fr.ftl").await;
    assert_eq!(status, 404);
    let (status, _) = http_get(addr, "/js/nothing.js").await;
    assert_eq!(status, 404);
}

/// The page's modules import one another without a circle, and every name they import is one
/// their module exports (`scripts/js-imports.mjs --check`, in node).
#[test]
fn the_page_modules_import_one_another_without_a_circle() {
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/js-imports.mjs");
    let output = std::process::Command::new("node")
        .arg(&script)
        .arg("--check")
        .output()
        .expect("node runs (the page's import graph is checked in node: install nodejs)");
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("circles: none"), "{report}");
}

/// Runs `scripts/modules.py ARGS` (python3) and returns its report, failing with it when the
/// check fails.
fn modules_check(args: &[&str]) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = std::process::Command::new("python3")
        .arg(root.join("scripts/modules.py"))
        .args(args)
        .arg("--check")
        .current_dir(&root)
        .output()
        .expect("python3 runs (the crates' module graph is measured in python3: install python3)");
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    report
}

/// The server's folders import downwards only, in the order its crate docs give (`src/lib.rs`):
/// no circle between them and no arrow from a lower layer up; nor between the files of the
/// crates split off it (the store, the protocol).
#[test]
fn the_server_s_folders_import_only_downwards() {
    let report = modules_check(&[
        "crates/server",
        "--layers",
        "server,edge,players,cluster,meeting,rooms,solving,state",
    ]);
    assert!(report.contains("## Arrows up"), "{report}");
    modules_check(&["crates/store"]);
    modules_check(&["crates/protocol"]);
}

/// No source file of any crate has more than 1,000 lines of code besides its tests.
#[test]
fn no_source_file_has_more_than_a_thousand_lines_of_code() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for entry in std::fs::read_dir(&crates).unwrap() {
        let path = entry.unwrap().path();
        if path.join("src").is_dir() {
            let name = format!("crates/{}", path.file_name().unwrap().to_string_lossy());
            modules_check(&[&name, "--sizes-only"]);
            checked += 1;
        }
    }
    assert!(
        checked >= 10,
        "only {checked} crates found in {}",
        crates.display()
    );
}
