//! The language players read: `--lang`, else the environment, else English; the line-mode game,
//! `turn`, `replay`, `solve` and `advise` in Brazilian Portuguese through the real binary, with
//! machine output (`--json`) unchanged.
//!
//! The Portuguese games are compared with insta snapshots kept in `snapshots/` beside this file.
//! After a deliberate change of wording, review the new transcripts with `cargo insta test -p
//! martian-dice --test cli --review` (or run with `INSTA_UPDATE=always` and read the difference
//! before committing it). A missing or different snapshot fails the test.

use std::process::Output;

use serde_json::Value;

use crate::util::{run_with_input, scratch, stderr, stdout, without_locale};

/// The binary with a clean locale environment plus `env`, fed `input`.
fn martian_dice(args: &[&str], env: &[(&str, &str)], input: &str) -> Output {
    run_with_input(without_locale().args(args).envs(env.iter().copied()), input)
}

/// The lines on which the Portuguese line mode waits for an answer.
fn is_portuguese_prompt(line: &str) -> bool {
    line.contains(", qual tipo você pega? (")
        || line.ends_with(" (l)?")
        || line.ends_with("(como 2T3RHVG):")
        || line.ends_with(" e digite o que eles mostram:")
}

/// The game's output with each answer written after the prompt that read it, as `> answer`:
/// the transcript a person would see at a terminal.
fn with_answers(output: &str, answers: &[&str]) -> String {
    let mut answers = answers.iter();
    let mut text = String::new();
    // Said only when the solution is not cached yet, which depends on the tests run before.
    let working = martian_i18n::Lang::PtBr
        .messages()
        .text("plain-coach-working", &[]);
    for line in output.lines().filter(|line| *line != working) {
        text.push_str(line);
        text.push('\n');
        if is_portuguese_prompt(line) {
            let answer = answers
                .next()
                .unwrap_or_else(|| panic!("a prompt with no answer left:\n{text}"));
            text.push_str(&format!("> {answer}\n"));
        }
    }
    assert_eq!(answers.next(), None, "answers left over:\n{text}");
    text
}

/// Ana and Bia to 12 points with the dice of seed 145, answered in both languages' words and
/// letters, with a request for help, a word the game does not know, a tank and the score table.
const SEEDED_ANSWERS: &[&str] = &[
    "?",
    "xyz",
    "t",
    "placar",
    "vaca",
    "r",
    "r",
    "parar",
    "r",
    "l",
    "galinhas",
    "r",
    "h",
    "parar",
    "r",
    "l",
    "galinhas",
    "r",
    "v",
    "raios da morte",
    "r",
    "r",
    "lançar",
    "h",
    "p",
    "raios da morte",
    "r",
    "r",
    "lançar",
    "r",
    "p",
    "raios da morte",
    "r",
    "r",
    "parar",
    "r",
    "l",
    "galinhas",
    "s",
    "g",
    "lançar",
    "r",
    "l",
    "humanos",
    "s",
];

#[test]
fn a_seeded_game_in_portuguese_reads_as_the_snapshot() {
    let args = [
        "--lang",
        "pt-BR",
        "play",
        "--plain",
        "--players",
        "Ana,Bia",
        "--seed",
        "145",
        "--target",
        "12",
    ];
    let output = martian_dice(&args, &[], &(SEEDED_ANSWERS.join("\n") + "\n"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Esta é a rodada final"), "{text}");
    assert!(text.contains("\nPlacar final:\n"), "{text}");
    insta::assert_snapshot!("plain_pt_br_seeded", with_answers(&text, SEEDED_ANSWERS));
}

/// A scorekeeper game with physical dice: every sentence the dice can force, exactly.
const SCOREKEEPER_ANSWERS: &[&str] = &[
    "2T3RHVG",  // Ana: 8 dice of 13, refused
    "XYZ",      // not faces
    "ajuda",    // help for rolls
    "13T",      // only tanks: the turn ends, scoring 0
    "4R3H3V3G", // Bia
    "",
    "p", // stop before taking: refused
    "g",
    "h", // a take at the decision: refused
    "l",
    "4R3H2VG",
    "galinha", // already taken
    "humanos",
    "lançar",
    "4R3V",
    "vaca",
    "placar",
    "p",    // 9 earthlings + 3 bonus
    "R12H", // Ana
    "t",    // no tank was rolled: tanks are never taken
    "g",    // no chicken was rolled
    "h",
    "l",
    "V",
    "vaca",  // every die set aside: 13 points, the target
    "12R1H", // Bia, in the final round
    "pegar humano",
    "parar", // 13 each: roll-off
    "RRHHVV",
    "RRTTTT", // still tied
    "RHHHHH",
    "3R3H", // Bia wins
];

#[test]
fn a_scorekeeper_game_in_portuguese_reads_as_the_snapshot() {
    let record = scratch("scorekeeper").join("mesa.json");
    let args = [
        "play",
        "--plain",
        "--manual-dice",
        "--players",
        "Ana,Bia",
        "--target",
        "13",
        "--record",
        record.to_str().unwrap(),
    ];
    let output = martian_dice(
        &args,
        &[("LANG", "pt_BR.UTF-8")],
        &(SCOREKEEPER_ANSWERS.join("\n") + "\n"),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output).replace(record.to_str().unwrap(), "mesa.json");
    for sentence in [
        "Nenhum tipo pode ser pego deste lançamento: o turno acabou.",
        "Todos os dados estão separados: o turno acabou.",
        "Bia marca 12 (9 terráqueos + 3 de bônus) neste turno, 12 pontos no total.",
        "Ana e Bia estão empatados com 13 pontos: desempate! Cada um lança 6 dados; quem tirar mais raios da morte vence.",
        "Bia vence com 13 pontos!",
    ] {
        assert!(text.contains(sentence), "missing {sentence:?} in\n{text}");
    }
    insta::assert_snapshot!(
        "plain_pt_br_scorekeeper",
        with_answers(&text, SCOREKEEPER_ANSWERS)
    );

    // The record is the same whatever the language: neutral letters, English keys.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(
        saved["turns"][1]["transcript"],
        "RRRRHHHCCCKKK/K RRRRHHHCCK/H RRRRCCC/C stop"
    );
    assert_eq!(saved["result"]["winners"], serde_json::json!([1]));

    // The listing of that record, in Portuguese.
    let listing = martian_dice(
        &["replay", "--plain", record.to_str().unwrap()],
        &[("LANG", "pt_BR.UTF-8")],
        "",
    );
    assert!(listing.status.success(), "{}", stderr(&listing));
    let listing = stdout(&listing);
    for line in [
        "Regras: 13 dados, alvo 13, bônus por um de cada, rodada completa, desempate.",
        "Lugar 0: Ana",
        "Rodada 1:",
        "  Ana: TTTTTTTTTTTTT — marca 0 (os tanques superam os raios da morte), nenhum tipo podia ser pego do último lançamento; 0 pontos no total.",
        "  Totais depois da rodada 2: Ana 13, Bia 13.",
        "Desempate entre Ana e Bia, empatados com 13 pontos:",
        "  Rodada de desempate 1: Ana RRHHVV (2 raios da morte), Bia TTTTRR (2 raios da morte).",
        // The reader's letters and words, as the full screen shows them.
        "  Bia: RRRRHHHVVVGGG/G RRRRHHHVVG/H RRRRVVV/V parar — marca 12 (9 terráqueos + 3 de bônus), o jogador parou; 12 pontos no total.",
        "Bia vence com 13 pontos!",
    ] {
        assert!(
            listing.lines().any(|l| l == line),
            "missing {line:?} in\n{listing}"
        );
    }
}

/// `turn` in one language, with `extra` arguments.
fn turn(lang: &str, extra: &[&str]) -> Output {
    let args: Vec<&str> = ["--lang", lang, "turn"]
        .iter()
        .chain(extra)
        .copied()
        .collect();
    martian_dice(&args, &[], "")
}

#[test]
fn turn_reads_v_and_g_as_c_and_k_in_either_language() {
    let pairs = [
        (
            "TTRRRHHVGGGVV/G TRRRHHVV/R HHVV/H VV/V",
            "TTRRRHHCKKKCC/K TRRRHHCC/R HHCC/H CC/C",
        ),
        ("2t3r2h3v3g/g trrrhhvv", "2T3R2H3C3K/K TRRRHHCC"),
        (
            "RRRRRHHHVVGGG/R TTHHHVVG/H VVG/V G",
            "RRRRRHHHCCKKK/R TTHHHCCK/H CCK/C K",
        ),
    ];
    for lang in ["en", "pt-BR"] {
        for (portuguese, neutral) in pairs {
            let a = turn(lang, &[portuguese]);
            let b = turn(lang, &[neutral]);
            assert!(a.status.success(), "{portuguese}: {}", stderr(&a));
            assert_eq!(stdout(&a), stdout(&b), "{lang}: {portuguese}");
            let a = turn(lang, &[portuguese, "--json"]);
            let b = turn(lang, &[neutral, "--json"]);
            assert_eq!(stdout(&a), stdout(&b), "{lang}: {portuguese} --json");
        }
    }
    let pt = stdout(&turn("pt-BR", &[pairs[0].0]));
    assert!(
        pt.ends_with("O turno acabou (todos os dados foram separados): vale 10 (7 terráqueos + 3 de bônus).\n"),
        "{pt}"
    );
    let choosing = stdout(&turn("pt-BR", &[pairs[1].0]));
    assert!(
        choosing.contains("O lançamento TRRRHHVV aguarda uma escolha: pegue R (3 raios da morte), H (2 humanos) ou V (2 vacas)."),
        "{choosing}"
    );
}

#[test]
fn turn_errors_are_in_portuguese_for_people_and_in_english_for_json() {
    let transcript = "TTRRRHHVGGGVV/G TRRRHHVG/G";
    let output = turn("pt-BR", &[transcript]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "martian-dice: passo 2: as galinhas já foram pegas neste turno\n"
    );
    let output = turn("pt-BR", &[transcript, "--json"]);
    assert_eq!(output.status.code(), Some(2));
    let error: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        error["error"],
        "step 2: chickens were already taken this turn"
    );
    assert_eq!(error["step"], 2);
    let output = turn("pt-BR", &["TTX"]);
    assert_eq!(
        stderr(&output),
        "martian-dice: passo 1: lançamento inválido 'TTX': 'X' não é uma letra de face (T, R, H, V, G; ou C, K)\n"
    );
}

#[test]
fn one_die_is_counted_in_the_singular_in_portuguese() {
    let output = turn("pt-BR", &["TTTTTTTTTTTRH/R HH/H"]);
    assert_eq!(
        stderr(&output),
        "martian-dice: passo 2: 2 dados foram lançados, mas há 1 disponível\n"
    );
    let output = turn("pt-BR", &["RRRRRRRRRRRRH/H R/R"]);
    assert_eq!(
        stderr(&output),
        "martian-dice: passo 2: 1 dado foi lançado, mas há 12 disponíveis\n"
    );
}

#[test]
fn the_environment_chooses_the_language_and_lang_overrides_it() {
    let play = |args: &[&str], env: &[(&str, &str)]| {
        let all: Vec<&str> = args
            .iter()
            .copied()
            .chain(["play", "--plain", "--seed", "1"])
            .collect();
        stdout(&martian_dice(&all, env, "q\n"))
    };
    let english = "Martian Dice: 13 dice, target 25";
    let portuguese = "Martian Dice: 13 dados, alvo 25";
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 10] = [
        (&[], &[], english),
        // MARTIAN_DICE_LANG, the variable of --lang, beats the locale; --lang beats it.
        (&[], &[("MARTIAN_DICE_LANG", "pt-BR")], portuguese),
        (
            &[],
            &[("MARTIAN_DICE_LANG", "en"), ("LC_ALL", "pt_BR.UTF-8")],
            english,
        ),
        (
            &["--lang", "en"],
            &[("MARTIAN_DICE_LANG", "pt-BR")],
            english,
        ),
        (&[], &[("LANG", "pt_BR.UTF-8")], portuguese),
        (&[], &[("LANG", "pt_BR.UTF-8"), ("LC_ALL", "C")], english),
        (
            &[],
            &[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "pt_BR")],
            portuguese,
        ),
        (&["--lang", "en"], &[("LANG", "pt_BR.UTF-8")], english),
        (
            &["--lang", "pt-BR"],
            &[("LC_ALL", "en_US.UTF-8")],
            portuguese,
        ),
        (&["--lang", "pt"], &[], portuguese),
    ];
    for (args, env, start) in cases {
        let text = play(args, env);
        assert!(text.starts_with(start), "{args:?} {env:?}:\n{text}");
    }
    // Without a subcommand too, and for `turn`.
    let text = stdout(&martian_dice(&[], &[("LANG", "pt_BR.UTF-8")], ""));
    assert!(
        text.contains("Jogadores, na ordem da mesa: Jogador 1."),
        "{text}"
    );
    assert!(
        text.ends_with(
            "A entrada acabou: a partida fica inacabada.\n\
             A partida não foi salva: jogue com --record ARQUIVO para guardar um registro.\n"
        ),
        "{text}"
    );
    let report = stdout(&martian_dice(
        &["turn", "13T"],
        &[("LANG", "pt_BR.UTF-8")],
        "",
    ));
    assert!(
        report.starts_with("Transcrição: TTTTTTTTTTTTT\n"),
        "{report}"
    );
    let report = stdout(&martian_dice(
        &["turn", "13T", "--lang", "en"],
        &[("LANG", "pt_BR.UTF-8")],
        "",
    ));
    assert!(
        report.starts_with("Transcript: TTTTTTTTTTTTT\n"),
        "{report}"
    );
    // An unknown language is a usage error naming the choices.
    let output = martian_dice(&["--lang", "fr", "rules"], &[], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("use en or pt-BR"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn replay_errors_are_in_portuguese_for_people_and_in_english_for_json() {
    let dir = scratch("replay-errors");
    let record = dir.join("bad.json");
    std::fs::write(
        &record,
        r#"{"format":"martian-dice-record","version":1,"rules":{"dice":13,"target":25,"bonus":"one-of-each","end":"complete-round","tie":"roll-off"},"players":[{"name":"Ana"}],"turns":[{"seat":0,"round":1,"transcript":"TTRRRHHCKKKCC/K TRRRHHCK/K","score":0}]}"#,
    )
    .unwrap();
    let path = record.to_str().unwrap();
    let output = martian_dice(&["--lang", "pt-BR", "replay", "--plain", path], &[], "");
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert_eq!(
        stderr(&output),
        "martian-dice: turno 1: passo 2: as galinhas já foram pegas neste turno\n"
    );
    let output = martian_dice(&["--lang", "pt-BR", "replay", "--json", path], &[], "");
    let error: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        error["error"],
        "turn 1: step 2: chickens were already taken this turn"
    );
    let missing = dir.join("nada.json");
    let output = martian_dice(
        &["--lang", "pt-BR", "replay", missing.to_str().unwrap()],
        &[],
        "",
    );
    assert!(
        stderr(&output).starts_with(&format!(
            "martian-dice: não é possível ler {}: ",
            missing.display()
        )),
        "{}",
        stderr(&output)
    );
}

#[test]
fn mistakes_in_the_player_list_are_explained_in_the_language() {
    for (players, message) in [
        (
            "Ana,,Bob",
            "martian-dice: --players: o jogador 2 não tem nome\n",
        ),
        (
            "Ana,ana",
            "martian-dice: --players: dois jogadores se chamam ana\n",
        ),
        (
            "9",
            "martian-dice: --players: uma partida tem de 1 a 8 jogadores, não 9\n",
        ),
    ] {
        let output = martian_dice(
            &["play", "--plain", "--players", players],
            &[("LANG", "pt_BR.UTF-8")],
            "",
        );
        assert_eq!(output.status.code(), Some(2), "{players}");
        assert_eq!(stderr(&output), message);
        assert!(output.stdout.is_empty());
    }
    let output = martian_dice(
        &[
            "--lang",
            "pt-BR",
            "play",
            "--plain",
            "--players",
            "Ana,bot:nobody",
        ],
        &[],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("martian-dice: bot desconhecido 'nobody'; bots conhecidos: "),
        "{}",
        stderr(&output)
    );
}

#[test]
fn solve_and_advise_speak_portuguese_with_decimal_commas() {
    let solved = martian_dice(&["solve", "turn", "--lang", "pt-BR"], &[], "");
    assert!(solved.status.success(), "{}", stderr(&solved));
    let text = stdout(&solved);
    assert!(text.starts_with("Regras: 13 dados, alvo 25, "), "{text}");
    assert!(
        text.contains("Pontuação esperada do turno, jogando para maximizá-la: 3,1104 pontos."),
        "{text}"
    );
    assert!(text.contains("Pontuação final do turno:"), "{text}");
    assert!(text.contains("   0   26,95%  "), "{text}");
    assert!(
        !text.contains("Expected") && !text.contains("26.95"),
        "{text}"
    );

    let transcript = "8R5C/C RRRRHHHH";
    let english = martian_dice(&["advise", transcript], &[], "");
    assert!(stdout(&english).contains("  take the humans           9.2255  <- best\n"));
    let expected = "\
Regras: 13 dados, alvo 25, bônus por um de cada, rodada completa, desempate.
Opções (pontuação final esperada do turno):
  pegar os raios da morte     7,3031
  pegar os humanos            9,2255  <- melhor
Melhor opção: pegar os humanos.
Por quê? Pegue 4 humanos: são 4 pontos a mais agora do que pegando os 4 raios da morte, e o que \
os lançamentos seguintes somariam não compensa; o turno faz cerca de 9,2 pontos em média, contra \
7,3.
";
    let by_flag = martian_dice(&["advise", transcript, "--lang", "pt-BR"], &[], "");
    assert_eq!(stdout(&by_flag), expected);
    let by_locale = martian_dice(&["advise", transcript], &[("LANG", "pt_BR.UTF-8")], "");
    assert_eq!(stdout(&by_locale), expected);

    // Machine output and its errors stay English.
    let json = martian_dice(
        &["advise", transcript, "--json"],
        &[("LANG", "pt_BR.UTF-8")],
        "",
    );
    let value: Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(value["best"], "H");
    let bad = martian_dice(
        &["advise", "--scores", "x", "--json"],
        &[("LANG", "pt_BR.UTF-8")],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("--scores must be banked totals"),
        "{}",
        stderr(&bad)
    );
    let bad = martian_dice(&["advise", "--scores", "x"], &[("LANG", "pt_BR.UTF-8")], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("'x' não serve"), "{}", stderr(&bad));
}

#[test]
fn the_arena_table_speaks_portuguese() {
    let args = [
        "arena",
        "--games",
        "40",
        "--seed",
        "7",
        "--bots",
        "greedy,greedy",
    ];
    let english = martian_dice(&args, &[], "");
    assert!(english.status.success(), "{}", stderr(&english));
    let english = stdout(&english);
    assert!(english.starts_with("40 games, rules: 13 dice"), "{english}");
    assert!(english.contains("bot       wins  win rate"), "{english}");

    let portuguese = martian_dice(&args, &[("LANG", "pt_BR.UTF-8")], "");
    assert!(portuguese.status.success(), "{}", stderr(&portuguese));
    let text = stdout(&portuguese);
    assert!(
        text.starts_with("40 partidas, regras: 13 dados, alvo 25, "),
        "{text}"
    );
    assert!(text.contains("semente 7 (repita com --seed 7)"), "{text}");
    assert!(
        text.contains("taxa de vitória") && text.contains("lugar 2"),
        "{text}"
    );
    assert!(text.contains("As partidas duram em média "), "{text}");
    // The same games in either language: every English percentage, with a decimal comma.
    let percents = |t: &str| -> Vec<String> {
        t.split_whitespace()
            .filter(|w| w.ends_with('%') && w.len() > 1)
            .map(|w| w.replace(',', "."))
            .collect()
    };
    let english_percents: Vec<String> = percents(&english)
        .into_iter()
        .filter(|w| w != "95%")
        .collect();
    let portuguese_percents: Vec<String> =
        percents(&text).into_iter().filter(|w| w != "95%").collect();
    assert!(!english_percents.is_empty());
    assert_eq!(english_percents, portuguese_percents);
    assert!(
        text.split_whitespace()
            .filter(|w| w.ends_with('%') && w.len() > 3)
            .all(|w| w.contains(',') && !w.contains('.')),
        "{text}"
    );
}
