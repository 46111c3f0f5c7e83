// A small Project Fluent formatter for the page: the same .ftl files the Rust program reads
// (served by the server at /i18n/<lang>.ftl), formatted as fluent-bundle formats them without
// isolation marks. It reads the Fluent 1.0 syntax: messages and terms, attributes, multiline
// values (dedented), `{ $var }`, string and number literals, message and term references,
// select expressions with nested variants, numeric keys such as `[0]` and plural categories
// (Intl.PluralRules of the bundle's language). Numbers print as the Rust formatter prints them
// (no grouping); pass decimals already formatted as text. A missing message formats as its id,
// a missing variable as `{$name}`, as in fluent-bundle; entries that do not parse are skipped
// and reported by addResource.

const IDENTIFIER = /[a-zA-Z][a-zA-Z0-9_-]*/y;
const NUMBER = /-?[0-9]+(\.[0-9]+)?/y;
const FUNCTION_NAME = /^[A-Z][A-Z0-9_-]*$/;
const MAX_PLACEABLES = 100;

class ParseError extends Error {}

// ------------------------------------------------------------------------------------- parser
class Parser {
  constructor(source) {
    this.src = source.replace(/\r\n/g, "\n");
    this.pos = 0;
  }

  get ch() {
    return this.src[this.pos];
  }

  fail(what) {
    const line = this.src.slice(0, this.pos).split("\n").length;
    throw new ParseError(`line ${line}: ${what}`);
  }

  expect(text) {
    if (!this.src.startsWith(text, this.pos)) this.fail(`expected '${text}'`);
    this.pos += text.length;
  }

  skipInline() {
    while (this.ch === " ") this.pos += 1;
  }

  skipBlank() {
    while (this.ch === " " || this.ch === "\n") this.pos += 1;
  }

  match(pattern) {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.src);
    if (!found) return null;
    this.pos = pattern.lastIndex;
    return found[0];
  }

  identifier() {
    return this.match(IDENTIFIER) ?? this.fail("expected an identifier");
  }

  // Resource: entries, comments and blank lines; a broken entry is skipped up to the next line
  // that starts an entry.
  resource() {
    const messages = new Map();
    const terms = new Map();
    const errors = [];
    while (this.pos < this.src.length) {
      const c = this.ch;
      if (c === "\n" || c === " ") {
        this.pos += 1;
        continue;
      }
      if (c === "#") {
        this.skipLine();
        continue;
      }
      const start = this.pos;
      try {
        const isTerm = c === "-";
        if (isTerm) this.pos += 1;
        const entry = this.entry();
        if (isTerm) {
          if (entry.value === null) this.fail(`term -${entry.id} has no value`);
          terms.set(entry.id, entry);
        } else {
          messages.set(entry.id, entry);
        }
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        errors.push(error.message);
        this.pos = start;
        this.skipLine();
        while (this.pos < this.src.length && !/[a-zA-Z#-]/.test(this.ch)) this.skipLine();
      }
    }
    return { messages, terms, errors };
  }

  skipLine() {
    const end = this.src.indexOf("\n", this.pos);
    this.pos = end < 0 ? this.src.length : end + 1;
  }

  entry() {
    const id = this.identifier();
    this.skipInline();
    this.expect("=");
    const value = this.pattern();
    const attributes = new Map();
    for (;;) {
      const save = this.pos;
      this.skipBlank();
      if (this.ch !== ".") {
        this.pos = save;
        break;
      }
      this.pos += 1;
      const name = this.identifier();
      this.skipInline();
      this.expect("=");
      const attribute = this.pattern();
      if (attribute === null) this.fail(`attribute .${name} has no value`);
      attributes.set(name, attribute);
    }
    if (value === null && attributes.size === 0) this.fail(`${id} has no value`);
    if (this.pos < this.src.length && this.ch !== "\n") this.fail("unexpected text after the entry");
    return { id, value, attributes };
  }

  // After a line end: the blank lines and the indentation of the next line, if that line
  // continues the pattern (indented, and not starting with [, *, . or }). Otherwise null.
  continuation() {
    const save = this.pos;
    let newlines = 0;
    for (;;) {
      if (this.ch !== "\n") break;
      this.pos += 1;
      newlines += 1;
      const lineStart = this.pos;
      this.skipInline();
      if (this.ch === "\n") continue;
      const indent = this.pos - lineStart;
      const c = this.ch;
      if (indent > 0 && c !== undefined && !"[*.}".includes(c)) return { newlines, indent };
      break;
    }
    this.pos = save;
    return null;
  }

  // A pattern: text and placeables over one or more lines; null when empty.
  pattern() {
    this.skipInline();
    const parts = []; // {text} | {placeable} | {indent, newlines}
    for (;;) {
      const c = this.ch;
      if (c === undefined) break;
      if (c === "{") {
        parts.push({ placeable: this.placeable() });
      } else if (c === "}") {
        this.fail("unbalanced '}'");
      } else if (c === "\n") {
        const next = this.continuation();
        if (!next) break;
        parts.push(next);
      } else {
        const start = this.pos;
        while (this.pos < this.src.length && !"{}\n".includes(this.ch)) this.pos += 1;
        parts.push({ text: this.src.slice(start, this.pos) });
      }
    }
    return dedent(parts);
  }

  placeable() {
    this.expect("{");
    this.skipBlank();
    const selector = this.inlineExpression();
    this.skipBlank();
    let expression = selector;
    if (this.src.startsWith("->", this.pos)) {
      if (selector.type === "message" || (selector.type === "term" && !selector.attribute)) {
        this.fail("a message or term cannot be a selector");
      }
      this.pos += 2;
      expression = { type: "select", selector, variants: this.variants() };
      this.skipBlank();
    }
    this.expect("}");
    return expression;
  }

  variants() {
    const variants = [];
    let defaults = 0;
    for (;;) {
      this.skipBlank();
      const isDefault = this.ch === "*";
      if (isDefault) this.pos += 1;
      if (this.ch !== "[") {
        if (isDefault) this.fail("expected a variant key after '*'");
        break;
      }
      this.pos += 1;
      this.skipBlank();
      const number = this.match(NUMBER);
      const key = number !== null ? { number: Number(number) } : { name: this.identifier() };
      this.skipBlank();
      this.expect("]");
      const value = this.pattern() ?? [];
      variants.push({ key, value, isDefault });
      if (isDefault) defaults += 1;
    }
    if (defaults !== 1) this.fail("a select expression needs exactly one default variant");
    return variants;
  }

  inlineExpression() {
    const c = this.ch;
    if (c === "{") return this.placeable();
    if (c === '"') return { type: "string", value: this.stringLiteral() };
    if (c === "$") {
      this.pos += 1;
      return { type: "variable", name: this.identifier() };
    }
    const number = this.match(NUMBER);
    if (number !== null) return { type: "number", value: Number(number), source: number };
    if (c === "-") {
      this.pos += 1;
      const name = this.identifier();
      const attribute = this.attributeAccessor();
      this.skipBlank();
      const args = this.ch === "(" ? this.callArguments() : null;
      return { type: "term", name, attribute, args };
    }
    const name = this.identifier();
    this.skipBlank();
    if (this.ch === "(") {
      if (!FUNCTION_NAME.test(name)) this.fail(`${name} is not a function name`);
      return { type: "function", name, args: this.callArguments() };
    }
    return { type: "message", name, attribute: this.attributeAccessor() };
  }

  attributeAccessor() {
    if (this.ch !== ".") return null;
    this.pos += 1;
    return this.identifier();
  }

  callArguments() {
    this.expect("(");
    const positional = [];
    const named = new Map();
    for (;;) {
      this.skipBlank();
      if (this.ch === ")") break;
      const argument = this.inlineExpression();
      this.skipBlank();
      if (this.ch === ":") {
        if (argument.type !== "message" || argument.attribute) this.fail("expected an argument name");
        this.pos += 1;
        this.skipBlank();
        const value = this.inlineExpression();
        if (value.type !== "string" && value.type !== "number") this.fail("named arguments are literals");
        named.set(argument.name, value);
      } else {
        positional.push(argument);
      }
      this.skipBlank();
      if (this.ch !== ",") break;
      this.pos += 1;
    }
    this.expect(")");
    return { positional, named };
  }

  stringLiteral() {
    this.expect('"');
    let out = "";
    for (;;) {
      const c = this.ch;
      if (c === undefined || c === "\n") this.fail("unterminated string literal");
      this.pos += 1;
      if (c === '"') return out;
      if (c !== "\\") {
        out += c;
        continue;
      }
      const escaped = this.ch;
      this.pos += 1;
      if (escaped === "\\" || escaped === '"') out += escaped;
      else if (escaped === "u" || escaped === "U") {
        const length = escaped === "u" ? 4 : 6;
        const hex = this.src.slice(this.pos, this.pos + length);
        if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) this.fail("bad unicode escape");
        this.pos += length;
        const code = parseInt(hex, 16);
        out += code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
      } else this.fail(`unknown escape \\${escaped}`);
    }
  }
}

// Removes the common indentation of a pattern's continuation lines, drops the line break before
// a value that starts on the next line, and trims the trailing blanks at the end of the pattern.
function dedent(parts) {
  if (parts.length === 0) return null;
  const indents = parts.filter((p) => p.indent !== undefined).map((p) => p.indent);
  const common = indents.length ? Math.min(...indents) : 0;
  const elements = [];
  parts.forEach((part, index) => {
    let text;
    if (part.placeable) {
      elements.push(part.placeable);
      return;
    }
    if (part.indent !== undefined) {
      text = (index === 0 ? "" : "\n".repeat(part.newlines)) + " ".repeat(part.indent - common);
    } else {
      text = part.text;
    }
    const last = elements[elements.length - 1];
    if (typeof last === "string") elements[elements.length - 1] = last + text;
    else elements.push(text);
  });
  const end = elements.length - 1;
  if (typeof elements[end] === "string") {
    elements[end] = elements[end].replace(/[ \n]+$/, "");
    if (elements[end] === "") elements.pop();
  }
  return elements;
}

// ------------------------------------------------------------------------------------- bundle
const NONE = Symbol("none");

export class FluentBundle {
  constructor(locale) {
    this.locale = locale;
    this.messages = new Map();
    this.terms = new Map();
    this.pluralRules = new Intl.PluralRules(locale);
  }

  // Adds the entries of a source text (later entries win); returns the parse errors.
  addResource(source) {
    const { messages, terms, errors } = new Parser(source).resource();
    for (const [id, message] of messages) this.messages.set(id, message);
    for (const [id, term] of terms) this.terms.set(id, term);
    return errors;
  }

  hasMessage(id) {
    const message = this.messages.get(id);
    return Boolean(message && message.value);
  }

  // The message `id` with its arguments ({name: string or number}); its id when missing.
  format(id, args = {}) {
    const message = this.messages.get(id);
    if (!message || !message.value) return id;
    const scope = { args, active: new Set(), placeables: 0 };
    return this.pattern(message.value, scope);
  }

  pattern(elements, scope) {
    if (scope.active.has(elements)) return "{???}";
    scope.active.add(elements);
    let out = "";
    for (const element of elements) {
      if (typeof element === "string") {
        out += element;
        continue;
      }
      scope.placeables += 1;
      if (scope.placeables > MAX_PLACEABLES) {
        out += "{???}";
        break;
      }
      // A number literal prints as written ("1.50"), as in fluent-bundle.
      out += element.type === "number" ? element.source : this.display(this.expression(element, scope));
    }
    scope.active.delete(elements);
    return out;
  }

  display(value) {
    if (value && value.error) return `{${value.error}}`;
    return String(value);
  }

  expression(node, scope) {
    switch (node.type) {
      case "string":
        return node.value;
      case "number":
        return node.value;
      case "variable": {
        const value = Object.prototype.hasOwnProperty.call(scope.args, node.name) ? scope.args[node.name] : undefined;
        if (typeof value === "number" || typeof value === "string") return value;
        if (typeof value === "bigint") return Number(value);
        return { error: `$${node.name}`, none: NONE };
      }
      case "message": {
        const message = this.messages.get(node.name);
        const pattern = message && (node.attribute ? message.attributes.get(node.attribute) : message.value);
        if (!pattern) return { error: node.attribute ? `${node.name}.${node.attribute}` : node.name };
        return this.pattern(pattern, scope);
      }
      case "term": {
        const term = this.terms.get(node.name);
        const pattern = term && (node.attribute ? term.attributes.get(node.attribute) : term.value);
        if (!pattern) return { error: node.attribute ? `-${node.name}.${node.attribute}` : `-${node.name}` };
        const args = {};
        if (node.args) for (const [name, value] of node.args.named) args[name] = value.value;
        return this.pattern(pattern, { args, active: scope.active, placeables: scope.placeables });
      }
      case "function":
        return { error: `${node.name}()` };
      case "select": {
        const selector = this.expression(node.selector, scope);
        const chosen = node.variants.find((variant) => this.matches(selector, variant.key)) ?? node.variants.find((variant) => variant.isDefault);
        return this.pattern(chosen.value, scope);
      }
      default:
        return { error: "???" };
    }
  }

  matches(selector, key) {
    if (typeof selector === "number") {
      if (key.number !== undefined) return key.number === selector;
      return this.pluralRules.select(selector) === key.name;
    }
    if (typeof selector === "string") return key.name !== undefined && key.name === selector;
    return false;
  }
}
