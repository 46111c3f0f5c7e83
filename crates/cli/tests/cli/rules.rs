//! `martian-dice rules` as a player runs it.

use crate::util::{stdout, without_locale};

/// The binary with no locale but `env`.
fn martian_dice(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    without_locale()
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

#[test]
fn english_by_default_and_portuguese_on_request() {
    let en = martian_dice(&["rules"], &[]);
    assert!(en.status.success());
    assert!(stdout(&en).starts_with("MARTIAN DICE — THE RULES"));
    let pt = martian_dice(&["rules", "--lang", "pt-BR"], &[]);
    assert!(stdout(&pt).starts_with("MARTIAN DICE — AS REGRAS"));
    for word in [
        "Tanque",
        "Raios da Morte",
        "Humano",
        "Vaca",
        "Galinha",
        "rodada",
        "turno",
    ] {
        assert!(
            stdout(&pt).contains(word),
            "the Portuguese rules use '{word}'"
        );
    }
}

#[test]
fn the_environment_chooses_the_language_and_lang_overrides_it() {
    let from_env = martian_dice(&["rules"], &[("LANG", "pt_BR.UTF-8")]);
    assert!(stdout(&from_env).starts_with("MARTIAN DICE — AS REGRAS"));
    let lc_all_wins = martian_dice(
        &["rules"],
        &[("LANG", "pt_BR.UTF-8"), ("LC_ALL", "en_US.UTF-8")],
    );
    assert!(stdout(&lc_all_wins).starts_with("MARTIAN DICE — THE RULES"));
    let flag_wins = martian_dice(&["rules", "--lang", "en"], &[("LANG", "pt_BR.UTF-8")]);
    assert!(stdout(&flag_wins).starts_with("MARTIAN DICE — THE RULES"));
}

#[test]
fn an_unknown_language_is_a_usage_error() {
    let output = martian_dice(&["rules", "--lang", "xx"], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown language 'xx'"));
}

#[test]
fn the_example_turn_in_each_language_is_legal_and_scores_what_the_text_says() {
    for (lang, marker) in [
        ("en", "transcript notation: "),
        ("pt-BR", "transcrição do programa: "),
    ] {
        let text = stdout(&martian_dice(&["rules", "--lang", lang], &[]));
        let transcript = text
            .lines()
            .find_map(|line| line.split_once(marker).map(|(_, t)| t.trim().to_string()))
            .unwrap_or_else(|| panic!("no example transcript in the {lang} rules"));
        let output = martian_dice(&["turn", &transcript, "--json"], &[]);
        assert!(
            output.status.success(),
            "{lang}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(report["score"], 10, "{lang}");
        assert_eq!(report["ended_by"], "no-dice", "{lang}");
    }
}
