// An exception a Python test expects: raised inside `with pytest.raises(E)`, `self.assertRaises(E)`,
// `contextlib.suppress(E)` … of the test's own code. debugpy's userUnhandled filter (raised in
// user code, caught in a library's) stops there, since the context manager's __exit__ that
// swallows it is a library's (debugpy issues #111, #1155): the stop is the test passing, not a
// failure. Told here by the frames' source (which `with` encloses each frame's line) and by the
// exception's type against the one the `with` names, evaluated in that frame. The test's own
// `try: … except E:` too: pydevd passes those after a continue, but not when a step reaches the
// test's return (pydevd_frame.py reports the exception there without its try/except check).
import type { StopLook } from "../types.ts";

/** A `with` item or an `except` clause that swallows an exception: the expression of the types it takes, and of the pattern its message must match. */
export interface Swallower {
  /** Python: the class or tuple of classes (`ValueError`, `(KeyError, IndexError)`). */
  types: string;
  /** Python: the pattern the message must match (`re.search`), when the item names one. */
  match?: string;
  /** The `with` (or `except`) line, for the log. */
  line: number;
}

/** A logical line of Python source: its first and last physical lines, its indentation, its text without comments. */
interface Logical {
  start: number;
  end: number;
  indent: number;
  text: string;
}

/** Splits source into logical lines: brackets, strings (triple-quoted too) and `\` continuations join physical lines. */
export function logicalLines(lines: readonly string[]): Logical[] {
  const out: Logical[] = [];
  let depth = 0;
  let quote = ""; // the open string's delimiter: ', ", ''' or """
  let text = "";
  let start = 0;
  let indent = 0;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (!text && !quote && depth === 0) {
      if (!line.trim() || line.trim().startsWith("#")) continue;
      start = n + 1;
      indent = line.length - line.trimStart().length;
    }
    let i = 0;
    let continued = false;
    while (i < line.length) {
      const c = line[i]!;
      if (quote) {
        if (c === "\\") {
          text += line.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (line.startsWith(quote, i)) {
          text += quote;
          i += quote.length;
          quote = "";
          continue;
        }
        text += c;
        i++;
        continue;
      }
      if (c === "#") break;
      if (c === "\\" && i === line.length - 1) {
        continued = true;
        break;
      }
      if (c === '"' || c === "'") {
        quote = line.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
        text += quote;
        i += quote.length;
        continue;
      }
      if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) depth = Math.max(0, depth - 1);
      text += c;
      i++;
    }
    // A one-quote string does not go on past its line (a syntax error): the line ends it.
    if (quote.length === 1) quote = "";
    if (quote || depth > 0 || continued) {
      text += quote ? "\n" : " ";
      continue;
    }
    out.push({ start, end: n + 1, indent, text: text.trim() });
    text = "";
  }
  return out;
}

/** Where `test` holds at bracket depth 0 outside strings, from `from`; -1 when it does not. */
function topLevel(s: string, test: (s: string, i: number) => boolean, from = 0): number {
  let depth = 0;
  let quote = "";
  for (let i = from; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (s.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = "";
      }
      continue;
    }
    if (c === '"' || c === "'") {
      quote = s.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      i += quote.length - 1;
      continue;
    }
    if (depth === 0 && test(s, i)) return i;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
  }
  return -1;
}

/** Splits on commas at depth 0. */
function splitTop(s: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = topLevel(s, (t, i) => t[i] === ",", from);
    if (at < 0) break;
    parts.push(s.slice(from, at));
    from = at + 1;
  }
  parts.push(s.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The index of the bracket closing the one at `open`, or -1. */
function closing(s: string, open: number): number {
  return topLevel(s, (t, i) => t[i] === ")", open + 1);
}

/** The context managers that swallow an exception of a given type; the callee's last name. */
const SWALLOWERS = new Set(["raises", "assertRaises", "assertRaisesRegex", "assertRaisesRegexp", "failUnlessRaises", "suppress"]);

/** A call's words: its positional arguments and its keyword ones; undefined with `*args`/`**kw` (not read). */
function callArgs(inside: string): { positional: string[]; keyword: Map<string, string> } | undefined {
  const positional: string[] = [];
  const keyword = new Map<string, string>();
  for (const a of splitTop(inside)) {
    if (a.startsWith("*")) return undefined;
    const k = /^([A-Za-z_]\w*)\s*=(?!=)/.exec(a);
    if (k) keyword.set(k[1]!, a.slice(k[0].length).trim());
    else positional.push(a);
  }
  return { positional, keyword };
}

/**
 * What a call of one of SWALLOWERS swallows. `callable`: its callable form (`self.assertRaises(E,
 * func, arg)`, `pytest.raises(E, func)`), which calls the function and catches; else the context
 * manager's form (no function given).
 */
function swallowerOfCall(name: string, inside: string, line: number, callable: boolean): Swallower | undefined {
  const args = callArgs(inside);
  if (!args) return undefined;
  const { positional, keyword } = args;
  if (name === "suppress") return !callable && positional.length ? { types: `(${positional.join(", ")},)`, line } : undefined;
  const types = positional[0] ?? keyword.get("expected_exception");
  if (!types) return undefined;
  const regex = name === "assertRaisesRegex" || name === "assertRaisesRegexp";
  const match = regex ? (positional[1] ?? keyword.get("expected_regex")) : name === "raises" ? keyword.get("match") : undefined;
  if (regex && !match) return undefined;
  // Positional words past the type (and the pattern) are the function and its arguments.
  if (positional.length > (regex ? 2 : 1) !== callable) return undefined;
  return { types, ...(match && match !== "None" ? { match } : {}), line };
}

/** What one `with` item swallows: `pytest.raises(E, match=…)`, `self.assertRaisesRegex(E, regex)`, `suppress(E1, E2)`. */
export function swallowerOf(item: string, line: number): Swallower | undefined {
  // `X as name`: the target goes.
  const as = topLevel(item, (s, i) => /\s/.test(s[i - 1] ?? "") && s.startsWith("as", i) && /\s/.test(s[i + 2] ?? ""));
  const expr = (as < 0 ? item : item.slice(0, as)).trim();
  const m = /^([A-Za-z_][\w.]*)\s*\(/.exec(expr);
  if (!m) return undefined;
  const name = m[1]!.split(".").pop()!;
  if (!SWALLOWERS.has(name)) return undefined;
  const open = m[0].length - 1;
  if (closing(expr, open) !== expr.length - 1) return undefined;
  return swallowerOfCall(name, expr.slice(open + 1, -1), line, false);
}

/** The callable forms in the statement at `line`: `self.assertRaises(E, func, …)`, `pytest.raises(E, func, …)`. */
export function callsAt(lines: readonly string[], line: number): Swallower[] {
  const own = logicalLines(lines).find((l) => l.start <= line && line <= l.end);
  if (!own) return [];
  const found: Swallower[] = [];
  for (const m of own.text.matchAll(/(?<![\w.])([A-Za-z_][\w.]*)\s*\(/g)) {
    const name = m[1]!.split(".").pop()!;
    if (!SWALLOWERS.has(name)) continue;
    const open = m.index! + m[0].length - 1;
    const close = closing(own.text, open);
    if (close < 0) continue;
    const s = swallowerOfCall(name, own.text.slice(open + 1, close), own.start, true);
    if (s) found.push(s);
  }
  return found;
}

/**
 * The `with` items around `line` in its function that swallow an exception, innermost first: the
 * `with` statements whose body holds the line (a one-line `with X: f()` holds its own line). Stops
 * at the enclosing `def`/`class`: what is outside it is not running in this frame.
 */
export function swallowersAt(lines: readonly string[], line: number): Swallower[] {
  const all = logicalLines(lines);
  const at = all.findIndex((l) => l.start <= line && line <= l.end);
  if (at < 0) return [];
  const found: Swallower[] = [];
  const own = all[at]!;
  const header = (l: Logical): { kind: string; items: string; body: string } | undefined => {
    const m = /^(async\s+)?(with|def|class)\b/.exec(l.text);
    if (!m) return undefined;
    const colon = topLevel(l.text, (s, i) => s[i] === ":" && s[i + 1] !== "=");
    if (colon < 0) return undefined;
    return { kind: m[2]!, items: l.text.slice(m[0].length, colon).trim(), body: l.text.slice(colon + 1).trim() };
  };
  const take = (l: Logical) => {
    let items = header(l)!.items;
    // Python 3.10's parenthesised form: `with (A as a, B):`.
    if (items.startsWith("(") && closing(items, 0) === items.length - 1 && topLevel(items.slice(1, -1), (s, i) => s[i] === ",") >= 0)
      items = items.slice(1, -1);
    const inner = splitTop(items)
      .map((item) => swallowerOf(item, l.start))
      .filter((s): s is Swallower => !!s);
    // The last item is the innermost.
    found.push(...inner.reverse());
  };
  const ownHeader = header(own);
  if (ownHeader?.kind === "with" && ownHeader.body) take(own);
  if (ownHeader && ownHeader.kind !== "with" && ownHeader.body) return found;
  let threshold = own.indent;
  for (let j = at - 1; j >= 0 && threshold > 0; j--) {
    const l = all[j]!;
    if (l.indent >= threshold) continue;
    threshold = l.indent;
    const h = header(l);
    if (h?.kind === "def" || h?.kind === "class") break;
    if (h?.kind === "with" && !h.body) take(l);
    // The line is in a `try:` body (not a handler's, an `else:`'s or a `finally:`'s): its handlers catch.
    if (/^try\s*:$/.test(l.text)) found.push(...handlersOf(all, j));
  }
  return found;
}

/**
 * The `except` clauses of the `try:` at all[at], as what they catch (a bare `except:` catches
 * everything). A handler that raises is left out: what it catches still leaves the function.
 * `except*` (an exception group's) is not read.
 */
function handlersOf(all: readonly Logical[], at: number): Swallower[] {
  const indent = all[at]!.indent;
  const out: Swallower[] = [];
  for (let k = at + 1; k < all.length; k++) {
    const l = all[k]!;
    if (l.indent > indent) continue;
    if (l.indent < indent || !/^(?:except\b|else\s*:|finally\s*:)/.test(l.text)) break;
    const m = /^except\b(?!\s*\*)(.*)$/.exec(l.text);
    if (!m) continue;
    const colon = topLevel(m[1]!, (s, i) => s[i] === ":");
    if (colon < 0) continue;
    const as = topLevel(m[1]!, (s, i) => /\s/.test(s[i - 1] ?? "") && s.startsWith("as", i) && /\s/.test(s[i + 2] ?? ""));
    const types = m[1]!.slice(0, as >= 0 && as < colon ? as : colon).trim() || "BaseException";
    const block = [m[1]!.slice(colon + 1).trim()];
    for (let b = k + 1; b < all.length && all[b]!.indent > indent; b++) block.push(all[b]!.text);
    if (block.some((t) => /^raise\b/.test(t))) continue;
    out.push({ types, line: l.start });
  }
  return out;
}

/**
 * True (swallowed) when the exception being raised is of the types the item takes and, where it
 * names a pattern, its message matches. The exception is the one the stop is for: pydevd's
 * do_wait_suspend(…, event, arg) holds it (`arg`: type, value, traceback) on the suspended thread's
 * stack, below the evaluation. The item's words are evaluated at the top (not inside the lambda),
 * where the frame's locals are in scope.
 */
/** The exception being raised, as (type, value), read from pydevd's own frame (debugpy 1.6 sets no `__exception__`). */
const CURRENT =
  "next(((a[0], a[1]) for f, _ in __import__('traceback').walk_stack(None) for a in [f.f_locals.get('arg')] " +
  "if f.f_locals.get('event') == 'exception' and type(a) is tuple and len(a) == 3 and isinstance(a[0], type) and issubclass(a[0], BaseException)), None)";

/**
 * Whether the exception is pytest.xfail()'s: the test's own verdict (xfailed), raised as XFailed, a
 * subclass of the Failed that `test` stops at for pytest.fail(). pydevd cannot be told to skip one
 * subclass (a "never" exception option registers nothing), so the stop is passed here.
 */
export const XFAIL_EXPRESSION = `(lambda e: e is not None and e[0].__module__ == '_pytest.outcomes' and e[0].__name__ == 'XFailed')(${CURRENT})`;

export function swallowsExpression(s: Swallower): string {
  const current = CURRENT;
  const test =
    "lambda e, types, pattern: e is not None and issubclass(e[0], types) and (pattern is None or __import__('re').search(pattern, str(e[1])) is not None)";
  return `(${test})(${current}, (${s.types}), ${s.match ? `(${s.match})` : "None"})`;
}

/**
 * Whether the exception of this stop is one the test's own code expects: some user frame, at its
 * line, is inside a `with` that swallows it. When in doubt (no source, an evaluation that fails,
 * an answer that is not True or False) the stop stands.
 */
export async function expectedPythonException(look: StopLook): Promise<boolean> {
  // debugpy's "(Current frame)": the last user frame the exception left, into a library's caller.
  const current = look.frames.findIndex((f) => f.name.endsWith("(Current frame)"));
  const top = look.frames.find((f) => f.user);
  if (top && (await look.evaluate(XFAIL_EXPRESSION, top.id).catch(() => undefined)) === "True") {
    look.log("the exception is pytest.xfail()'s: the test's verdict, not a failure");
    return true;
  }
  for (const [i, f] of look.frames.entries()) {
    // debugpy lists the frames of the exception this one was raised in handling after its own: not this exception's.
    if (f.function?.startsWith("[Chained Exc:")) break;
    if (!f.user || !f.file || !f.line) continue;
    const lines = await look.source(f.file).catch(() => undefined);
    if (!lines) continue;
    // A callable form catches what the function it was given raises: the library's frame that calls
    // it is below this one, so the exception left user code below this frame (past debugpy's
    // current frame). In the current frame (or where it was raised) the exception is the call's
    // own arguments' (`assertRaises(E, make_f(), 1)`), which nothing catches.
    const calls = i > Math.max(current, 0) ? callsAt(lines, f.line) : [];
    for (const s of [...calls, ...swallowersAt(lines, f.line)]) {
      const answer = await look.evaluate(swallowsExpression(s), f.id).catch(() => undefined);
      if (answer === "True") {
        look.log(`the exception is one the code at ${f.file}:${s.line} expects (it swallows it)`);
        return true;
      }
      if (answer !== "False") {
        look.log(`could not tell whether the code at ${f.file}:${s.line} swallows the exception (${answer ?? "evaluation failed"}): the stop stands`);
        return false;
      }
    }
  }
  return false;
}
