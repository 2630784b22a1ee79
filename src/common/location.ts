// Breakpoint and source locations as users type them: `file:line`, `file:line:column`,
// a function name, or an address (`0x401000` / `*0x401000`).
import { pathApi } from "./hostPath.ts";
import { DebuggerError } from "./errors.ts";

export type Location =
  | { kind: "line"; file: string; line: number; column?: number }
  | { kind: "function"; name: string }
  | { kind: "address"; address: string };

const SOURCE_EXT = /\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm|rs|py|pyw|go|swift|zig|d|s|asm|js|ts)$/i;

export function parseLocation(text: string): Location {
  let s = text.trim();
  if (!s) throw invalid(text, "it is empty");
  // Compiler output reads `main.c:10:5: error`: a copied `main.c:10:` or `main.c:10:5:` is meant as that place.
  if (/:\d+:$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith(":") && !s.endsWith("::")) throw invalid(text, "a line number must follow ':'");
  const addr = /^\*?(0x[0-9a-fA-F]+)$/.exec(s);
  if (addr) return { kind: "address", address: addr[1]!.toLowerCase() };
  // Split from the right so Windows drive letters (C:\x.c:10) and `::` in names survive.
  const withColumn = /^(.+?):(\d+):(\d+)$/.exec(s);
  if (withColumn && !withColumn[1]!.endsWith(":")) {
    return { kind: "line", file: withColumn[1]!, line: positive(withColumn[2]!, text), column: positive(withColumn[3]!, text) };
  }
  const withLine = /^(.+?):(\d+)$/.exec(s);
  if (withLine && !withLine[1]!.endsWith(":")) {
    return { kind: "line", file: withLine[1]!, line: positive(withLine[2]!, text) };
  }
  if (/:(?!:)[^:]*$/.test(s.replace(/::/g, "")) && !/^[A-Za-z]:[\\/]/.test(s)) {
    const after = s.slice(s.lastIndexOf(":") + 1);
    if (after && !/^\d+$/.test(after)) throw invalid(text, `'${after}' is not a line number`);
  }
  if (SOURCE_EXT.test(s) || s.includes("/") || s.includes("\\")) throw invalid(text, "a file needs a line number");
  if (/\s/.test(s.replace(/\([^)]*\)/g, "")) && !/operator/.test(s)) throw invalid(text, "a function name has no spaces");
  if (!/[A-Za-z_$~]/.test(s)) throw invalid(text, "it is neither FILE:LINE nor a function name");
  return { kind: "function", name: s };
}

/**
 * Prints that belong to a breakpoint, gdb's `commands`/`dprintf` habit in one word:
 * `main.c:42 if i == 3 print buf, len` — every expression after the first ` print ` outside
 * quotes and brackets, parted at top-level commas (`f(a, b)` stays whole). Returns the rest (`LOC`
 * or `LOC if COND`) and the expressions, undefined when there is no ` print `.
 */
export function splitPrints(text: string): { text: string; prints?: string[] } {
  const at = topLevel(text, (s, i) => /^\sprint(?:\s|$)/.test(s.slice(i, i + 7)));
  if (at < 0) return { text };
  const prints = splitExpressions(text.slice(at + 6));
  const before = text.slice(0, at).trim();
  if (!before) throw invalid(text, "the location comes before 'print'");
  if (!prints.length) throw invalid(text, "expressions must follow 'print' (LOC print EXPR, EXPR)");
  return { text: before, prints };
}

/**
 * Expressions parted at top-level commas, trimmed (`f(a, b)`, `[a, b]` and quoted commas stay
 * whole): `--print 'year, month'` is two values, as after a breakpoint's ` print `, not one
 * comma-operator expression whose value is its last part.
 */
export function splitExpressions(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const comma = topLevel(text.slice(from), (s, i) => s[i] === ",");
    const piece = comma < 0 ? text.slice(from) : text.slice(from, from + comma);
    if (piece.trim()) out.push(piece.trim());
    if (comma < 0) break;
    from += comma + 1;
  }
  return out;
}

/** The first index where AT holds outside quotes and brackets, or -1. */
function topLevel(s: string, at: (s: string, i: number) => boolean): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"' || (c === "'" && !/\w/.test(s[i - 1] ?? ""))) {
      for (i++; i < s.length && s[i] !== c; i++) if (s[i] === "\\") i++;
      continue;
    }
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && at(s, i)) return i;
  }
  return -1;
}

/**
 * gdb's spelling of a conditional breakpoint: `main.c:42 if i == 3`. Returns the location and the
 * condition (undefined when there is none).
 */
export function splitCondition(text: string): { location: string; condition?: string } {
  const m = /^(.*?\S)\s+if\s+(\S.*)$/s.exec(text.trim());
  if (!m) {
    if (/^if\s/.test(text.trim())) throw invalid(text, "the location comes before 'if'");
    if (/\sif$/.test(text.trim())) throw invalid(text, "a condition must follow 'if'");
    return { location: text.trim() };
  }
  return { location: m[1]!, condition: m[2]!.trim() };
}

function positive(n: string, text: string): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v) || v < 1) throw invalid(text, "line and column numbers start at 1");
  // DAP carries lines as 32-bit integers.
  if (v > 2 ** 31 - 1) throw invalid(text, `${n} is beyond any source file`);
  return v;
}

function invalid(text: string, why: string): DebuggerError {
  return new DebuggerError(
    "INVALID_LOCATION",
    `invalid location '${text}': ${why}`,
    "use FILE:LINE (main.c:12), FILE:LINE:COLUMN, a function name (main, Foo::bar) or an address (0x401000)",
  );
}

/** Relative source paths are taken against the CLI's working directory, not the daemon's (Windows: `C:\x`, `C:/x`, `\\host\share\x` are absolute). */
export function resolveSourcePath(file: string, cwd: string, platform: NodeJS.Platform = process.platform): string {
  const { isAbsolute, resolve } = pathApi(platform);
  return isAbsolute(file) ? file : resolve(cwd, file);
}

export function formatLocation(loc: Location): string {
  switch (loc.kind) {
    case "line":
      return `${loc.file}:${loc.line}${loc.column ? `:${loc.column}` : ""}`;
    case "function":
      return loc.name;
    case "address":
      return loc.address;
  }
}

/** A location's syntax (`LOC`, `LOC if COND`, either with ` print EXPR, …`), checked where it is typed so a typo is a usage error before anything runs; files are resolved by the daemon. */
export function checkLocationSyntax(text: string): string {
  parseLocation(splitCondition(splitPrints(text).text).location);
  return text;
}
