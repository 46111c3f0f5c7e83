//! Every message exists in both languages with the same variables, and every message the code
//! or the web page uses is defined.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use martian_i18n::Lang;

/// Message id → the variables its value and attributes use.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source).expect("the file parses");
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(message) = entry {
            let mut variables = BTreeSet::new();
            if let Some(pattern) = &message.value {
                collect_pattern(pattern, &mut variables);
            }
            for attribute in &message.attributes {
                collect_pattern(&attribute.value, &mut variables);
            }
            out.insert(message.id.name.to_string(), variables);
        }
    }
    out
}

fn collect_pattern(pattern: &ast::Pattern<&str>, variables: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            collect_expression(expression, variables);
        }
    }
}

fn collect_expression(expression: &ast::Expression<&str>, variables: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            collect_inline(selector, variables);
            for variant in variants {
                collect_pattern(&variant.value, variables);
            }
        }
        ast::Expression::Inline(inline) => collect_inline(inline, variables),
    }
}

fn collect_inline(inline: &ast::InlineExpression<&str>, variables: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            variables.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => {
            collect_expression(expression, variables)
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                collect_inline(argument, variables);
            }
        }
        _ => {}
    }
}

#[test]
fn both_languages_have_the_same_messages_with_the_same_variables() {
    let english = messages(Lang::En.ftl_source());
    let portuguese = messages(Lang::PtBr.ftl_source());
    let only_en: Vec<_> = english
        .keys()
        .filter(|k| !portuguese.contains_key(*k))
        .collect();
    let only_pt: Vec<_> = portuguese
        .keys()
        .filter(|k| !english.contains_key(*k))
        .collect();
    assert!(only_en.is_empty(), "missing in pt-BR.ftl: {only_en:?}");
    assert!(only_pt.is_empty(), "missing in en.ftl: {only_pt:?}");
    for (id, variables) in &english {
        assert_eq!(
            variables, &portuguese[id],
            "message {id} uses different variables in the two languages"
        );
    }
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            // The i18n crate's own tests name example ids; its sources (the shared vocabulary)
            // are scanned like any other.
            let i18n_tests = name == "tests" && dir.ends_with("i18n");
            if !matches!(name, "target" | "node_modules" | "snapshots") && !i18n_tests {
                source_files(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".js") || name.ends_with(".html") {
            out.push(path);
        }
    }
}

#[test]
fn every_message_used_in_the_code_is_defined() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    source_files(&crates, &mut files);
    // Rust: tr!(messages, "id" …) and messages.text("id", …); JavaScript and HTML: t("id" …)
    // and data-i18n="id".
    let patterns = [
        // `\b`: not the tail of include_str!( …, "--lang".
        regex::Regex::new(r#"\btr!\(\s*[^,]+,\s*"([a-z0-9-]+)""#).unwrap(),
        regex::Regex::new(r#"\.text\(\s*"([a-z0-9-]+)""#).unwrap(),
        regex::Regex::new(r#"\bt\(\s*['"]([a-z0-9-]+)['"]"#).unwrap(),
        regex::Regex::new(r#"data-i18n="([a-z0-9-]+)""#).unwrap(),
    ];
    let english = messages(Lang::En.ftl_source());
    let mut used = 0;
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for pattern in &patterns {
            for capture in pattern.captures_iter(&text) {
                let id = &capture[1];
                if id == "no-such-message" {
                    continue; // the test of the missing-message fallback
                }
                used += 1;
                if !english.contains_key(id) {
                    missing.push(format!("{}: {id}", file.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "messages used but not defined: {missing:#?}"
    );
    assert!(
        used > 0,
        "the scan found no message in use: the patterns are wrong"
    );
}
