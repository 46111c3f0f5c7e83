#!/usr/bin/env node
// The page's import graph: reads the page's ES modules (crates/server/assets: app.js, i18n.js,
// fluent.js, js/*.js), follows their `import … from "./x.js"`, `export … from "./x.js"`,
// `import "./x.js"` and `import("./x.js")`, and prints the files per folder, the largest files and
// every circle (a strongly connected component of the graph: modules that import one another,
// directly or through others). Node only, no npm package.
//
//   node scripts/js-imports.mjs            # the report
//   node scripts/js-imports.mjs --check    # the report; exits 1 on a circle, an import that
//                                          # names no file of the page or a name it does not export
//   node scripts/js-imports.mjs --root DIR --top N
//
// An absolute specifier ("/js/state.js") is read as the server serves it: from the assets' root.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const USAGE = "usage: node scripts/js-imports.mjs [--check] [--root DIR] [--top N]";

function usage(problem) {
  console.error(`js-imports: ${problem}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const here = dirname(fileURLToPath(import.meta.url));
  const options = { check: false, root: resolve(here, "..", "crates", "server", "assets"), top: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--check") options.check = true;
    else if (arg === "--root" || arg === "--top") {
      const value = argv[i + 1];
      if (value === undefined) usage(`${arg} needs a value`);
      i += 1;
      if (arg === "--root") options.root = resolve(value);
      else {
        if (!/^[0-9]+$/.test(value)) usage(`--top takes a whole number, not "${value}"`);
        options.top = Number(value);
      }
    } else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else usage(`unknown argument "${arg}"`);
  }
  if (!existsSync(options.root) || !statSync(options.root).isDirectory()) usage(`no folder ${options.root}`);
  return options;
}

// Every .js file under `root`, as paths relative to it with "/" between folders.
function jsFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith(".js")) out.push(relative(root, path).split(sep).join("/"));
    }
  };
  walk(root);
  return out.sort();
}

// The text without its comment lines (a line that starts with `//`, a block that starts a line),
// so that an import quoted in a comment is not taken for one.
function withoutComments(text) {
  return text.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, "").replace(/^[ \t]*\/\/.*$/gm, "");
}

// Lines of code: not blank, not a comment.
function codeLines(text) {
  let inBlock = false;
  let count = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes("*/")) {
        inBlock = false;
        if (line.slice(line.indexOf("*/") + 2).trim()) count += 1;
      }
      continue;
    }
    if (!line || line.startsWith("//")) continue;
    if (line.startsWith("/*")) {
      if (!line.includes("*/")) inBlock = true;
      else if (line.slice(line.indexOf("*/") + 2).trim()) count += 1;
      continue;
    }
    count += 1;
  }
  return count;
}

// The names in braces of an import or export clause (`{ a, b as c }`): [name in the other module,
// name here].
function braceNames(clause) {
  const inside = /\{([^}]*)\}/.exec(clause);
  if (!inside) return [];
  return inside[1]
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [theirs, ours] = part.split(/\s+as\s+/);
      return [theirs.trim(), (ours || theirs).trim()];
    });
}

// What a module exports by name (declarations and export lists).
function exportedNames(text) {
  const code = withoutComments(text);
  const names = new Set();
  for (const m of code.matchAll(/^[ \t]*export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  for (const m of code.matchAll(/^[ \t]*export\s*(\{[^}]*\})/gm)) for (const [, ours] of braceNames(m[1])) names.add(ours);
  if (/^[ \t]*export\s+default\b/m.test(code)) names.add("default");
  return names;
}

// The specifiers a module imports: static (import/export … from, bare import) and dynamic with a
// literal; a dynamic import of a computed name is returned apart, as it cannot be followed. `named`
// lists the static imports' names in braces, with their specifier.
function specifiers(text) {
  const code = withoutComments(text);
  const found = [];
  const computed = [];
  const named = [];
  for (const m of code.matchAll(/^[ \t]*(?:import|export)\s+(?:([^;'"`]*?)\s*\bfrom\s*)?["']([^"']+)["']/gm)) {
    found.push(m[2]);
    if (m[1]) for (const [theirs] of braceNames(m[1])) named.push({ name: theirs, spec: m[2] });
  }
  for (const m of code.matchAll(/(?<![.\w$])import\s*\(\s*([^)]*)\)/g)) {
    const literal = /^["'`]([^"'`$]+)["'`]$/.exec(m[1].trim());
    if (literal) found.push(literal[1]);
    else computed.push(m[1].trim());
  }
  return { found, computed, named };
}

function resolveSpecifier(root, from, spec) {
  if (spec.startsWith("./") || spec.startsWith("../")) return relative(root, resolve(root, dirname(from), spec)).split(sep).join("/");
  if (spec.startsWith("/")) return spec.slice(1);
  return null;
}

// Tarjan's strongly connected components; the circles are those of more than one module, or of
// one that imports itself.
function circles(nodes, edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v).has(v)) out.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const root = options.root;
  const files = jsFiles(root);
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, new Set()]));
  const sizes = [];
  const problems = [];
  let imports = 0;
  const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), "utf8")]));
  const exports = new Map(files.map((f) => [f, exportedNames(texts.get(f))]));
  for (const file of files) {
    const text = texts.get(file);
    sizes.push({ file, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0), code: codeLines(text) });
    const { found, computed, named } = specifiers(text);
    for (const spec of found) {
      const target = resolveSpecifier(root, file, spec);
      if (target === null) continue; // a bare name: no file of the page
      if (!known.has(target)) {
        problems.push(`${file}: imports "${spec}", which is no file of the page`);
        continue;
      }
      imports += 1;
      edges.get(file).add(target);
    }
    for (const { name, spec } of named) {
      const target = resolveSpecifier(root, file, spec);
      if (target !== null && known.has(target) && !exports.get(target).has(name)) {
        problems.push(`${file}: imports ${name} from "${spec}", which does not export it`);
      }
    }
    for (const expr of computed) problems.push(`${file}: import(${expr}) names its module at run time: not followed`);
  }

  const shown = relative(process.cwd(), root) || ".";
  console.log(`page modules under ${shown}: ${files.length} files, ${imports} imports between them`);
  console.log("\nfiles per folder:");
  const folders = new Map();
  for (const f of files) {
    const folder = f.includes("/") ? f.slice(0, f.lastIndexOf("/")) : ".";
    folders.set(folder, (folders.get(folder) || 0) + 1);
  }
  for (const [folder, n] of [...folders].sort()) console.log(`  ${String(n).padStart(4)}  ${folder}`);

  console.log(`\nlargest files (lines, code lines without blank and comment lines):`);
  sizes.sort((a, b) => b.code - a.code || a.file.localeCompare(b.file));
  for (const s of sizes.slice(0, options.top)) console.log(`  ${String(s.lines).padStart(5)} ${String(s.code).padStart(5)}  ${s.file}`);

  const found = circles(files, edges);
  console.log(`\ncircles: ${found.length ? found.length : "none"}`);
  found.forEach((component, i) => {
    const members = new Set(component);
    console.log(`  ${i + 1}. ${component.length} modules: ${component.join(" ")}`);
    for (const f of component) {
      const inside = [...edges.get(f)].filter((t) => members.has(t)).sort();
      console.log(`       ${f} -> ${inside.join(", ")}`);
    }
  });
  if (problems.length) {
    console.log(`\nimports not followed or broken: ${problems.length}`);
    for (const p of problems) console.log(`  ${p}`);
  }
  const broken = problems.filter((p) => !p.includes("at run time"));
  if (options.check && (found.length || broken.length)) {
    console.error(`js-imports: ${found.length} circle(s) among the page's modules${broken.length ? `, ${broken.length} broken import(s)` : ""}`);
    process.exit(1);
  }
}

main();
