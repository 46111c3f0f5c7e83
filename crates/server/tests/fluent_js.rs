//! The page formats the program's messages with its own small Fluent formatter
//! (`assets/fluent.js`). This test formats every message of both languages with the Rust
//! formatter (fluent-bundle, through martian-i18n) over many arguments — every value of every
//! selector, numbers 0, 1, 2, 5, 21 and 1.5 for plurals, text and numbers for plain
//! placeables, and no arguments at all — writes them to a JSON file and has node check that
//! the page's formatter gives the same text for each (`js-tests/fluent.test.mjs`).
//! Needs `node` (18 or later) on the PATH.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use fluent_syntax::ast;
use martian_i18n::{Arg, Lang};
use serde_json::{Value, json};

const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// What a message does with one variable: the selector keys it is compared with, and whether
/// it is shown as it is.
#[derive(Default)]
struct Use {
    names: BTreeSet<String>,
    numbers: BTreeSet<String>,
    plural: bool,
    shown: bool,
}

fn walk_pattern(pattern: &ast::Pattern<&str>, uses: &mut BTreeMap<String, Use>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            walk_expression(expression, uses);
        }
    }
}

fn walk_expression(expression: &ast::Expression<&str>, uses: &mut BTreeMap<String, Use>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                let entry = uses.entry(id.name.to_string()).or_default();
                for variant in variants {
                    match &variant.key {
                        ast::VariantKey::Identifier { name } => {
                            entry.plural |= PLURAL_CATEGORIES.contains(name);
                            entry.names.insert(name.to_string());
                        }
                        ast::VariantKey::NumberLiteral { value } => {
                            entry.numbers.insert(value.to_string());
                        }
                    }
                }
            } else {
                walk_inline(selector, uses);
            }
            for variant in variants {
                walk_pattern(&variant.value, uses);
            }
        }
        ast::Expression::Inline(inline) => walk_inline(inline, uses),
    }
}

fn walk_inline(inline: &ast::InlineExpression<&str>, uses: &mut BTreeMap<String, Use>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            uses.entry(id.name.to_string()).or_default().shown = true;
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, uses),
        _ => {}
    }
}

/// Every message of a language with what it does with its variables, following message
/// references (a referenced message sees the caller's variables).
fn messages(source: &str) -> BTreeMap<String, BTreeMap<String, Use>> {
    let resource = fluent_syntax::parser::parse(source).expect("the file parses");
    let mut patterns = BTreeMap::new();
    for entry in &resource.body {
        if let ast::Entry::Message(message) = entry
            && let Some(value) = &message.value
        {
            patterns.insert(message.id.name, value);
        }
    }
    let mut out = BTreeMap::new();
    for (id, pattern) in &patterns {
        let mut uses = BTreeMap::new();
        let mut queue = vec![*pattern];
        let mut seen = BTreeSet::new();
        while let Some(pattern) = queue.pop() {
            walk_pattern(pattern, &mut uses);
            for reference in references(pattern) {
                if seen.insert(reference)
                    && let Some(next) = patterns.get(reference)
                {
                    queue.push(next);
                }
            }
        }
        out.insert(id.to_string(), uses);
    }
    out
}

fn references<'s>(pattern: &ast::Pattern<&'s str>) -> Vec<&'s str> {
    fn inline<'s>(inline: &ast::InlineExpression<&'s str>, out: &mut Vec<&'s str>) {
        match inline {
            ast::InlineExpression::MessageReference { id, .. } => out.push(id.name),
            ast::InlineExpression::Placeable { expression } => expression_refs(expression, out),
            _ => {}
        }
    }
    fn expression_refs<'s>(expression: &ast::Expression<&'s str>, out: &mut Vec<&'s str>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                for variant in variants {
                    out.extend(references(&variant.value));
                }
            }
            ast::Expression::Inline(i) => inline(i, out),
        }
    }
    let mut out = Vec::new();
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_refs(expression, &mut out);
        }
    }
    out
}

#[derive(Clone)]
enum Sample {
    Text(String),
    Number(f64),
}

impl Sample {
    fn arg(&self) -> Arg<'static> {
        match self {
            Sample::Text(text) => Arg::from(text.clone()),
            Sample::Number(n) => Arg::from(*n),
        }
    }
    fn json(&self) -> Value {
        match self {
            Sample::Text(text) => json!(text),
            Sample::Number(n) => json!(n),
        }
    }
}

/// The values worth trying for one variable.
fn samples(name: &str, usage: &Use) -> Vec<Sample> {
    let mut out: Vec<Sample> = usage
        .names
        .iter()
        .filter(|key| !PLURAL_CATEGORIES.contains(&key.as_str()) || !usage.plural)
        .map(|key| Sample::Text(key.clone()))
        .collect();
    if usage.plural || !usage.numbers.is_empty() {
        let mut numbers: Vec<f64> = vec![0.0, 1.0, 2.0, 5.0, 21.0, 1.5];
        for key in &usage.numbers {
            let n: f64 = key.parse().expect("a number key");
            if !numbers.contains(&n) {
                numbers.push(n);
            }
        }
        out.extend(numbers.into_iter().map(Sample::Number));
    } else if usage.shown {
        out.push(Sample::Number(1234.0));
    }
    // A value no key names (the default variant), or text for a plain placeable.
    out.push(Sample::Text(format!("«{name}»")));
    out
}

/// Argument sets: every combination when there are few, else each variable through its
/// values with the others at their first.
fn argument_sets(uses: &BTreeMap<String, Use>) -> Vec<Vec<(String, Sample)>> {
    let columns: Vec<(String, Vec<Sample>)> = uses
        .iter()
        .map(|(name, usage)| (name.clone(), samples(name, usage)))
        .collect();
    let combinations: usize = columns.iter().map(|(_, values)| values.len()).product();
    let mut sets = vec![Vec::new()]; // no arguments at all: every variable missing
    if combinations <= 400 {
        let mut product: Vec<Vec<(String, Sample)>> = vec![Vec::new()];
        for (name, values) in &columns {
            product = product
                .into_iter()
                .flat_map(|set| {
                    values.iter().map(move |value| {
                        let mut set = set.clone();
                        set.push((name.clone(), value.clone()));
                        set
                    })
                })
                .collect();
        }
        sets.extend(product);
    } else {
        let base: Vec<(String, Sample)> = columns
            .iter()
            .map(|(name, values)| (name.clone(), values[0].clone()))
            .collect();
        for (i, (_, values)) in columns.iter().enumerate() {
            for value in values {
                let mut set = base.clone();
                set[i].1 = value.clone();
                sets.push(set);
            }
        }
    }
    sets
}

#[test]
fn the_page_formats_every_message_as_the_program_does() {
    let mut cases = Vec::new();
    for lang in Lang::ALL {
        let messages_of_lang = lang.messages();
        for (id, uses) in messages(lang.ftl_source()) {
            for set in argument_sets(&uses) {
                let args: Vec<(&str, Arg<'_>)> = set
                    .iter()
                    .map(|(name, value)| (name.as_str(), value.arg()))
                    .collect();
                let expected = messages_of_lang.text(&id, &args);
                let json_args: serde_json::Map<String, Value> = set
                    .iter()
                    .map(|(name, value)| (name.clone(), value.json()))
                    .collect();
                cases.push(json!({
                    "lang": lang.tag(),
                    "id": id,
                    "args": json_args,
                    "expected": expected,
                }));
            }
        }
    }
    assert!(cases.len() > 1000, "only {} cases", cases.len());
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fluent-cases.json");
    std::fs::write(&file, serde_json::to_string(&cases).unwrap()).unwrap();

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("js-tests/fluent.test.mjs");
    let output = Command::new("node")
        .arg("--test")
        .arg(&script)
        .env("FLUENT_CASES", &file)
        .output()
        .expect("node runs (the page's formatter is tested in node: install nodejs)");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        report.contains("# pass 6") && report.contains("# skipped 0"),
        "every node test ran and passed:\n{report}"
    );
}
