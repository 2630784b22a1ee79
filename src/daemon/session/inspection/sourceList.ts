// `list`: what a listing target means (a line, a range, a file, a function, or nothing: the current
// line) and where a function is defined when the debugger cannot say (a search of the project's
// source files for the definition, per language).
import { existsSync, readdirSync, statSync, type Dirent } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, resolve } from "node:path";
import { DebuggerError } from "../../../common/errors.ts";
import type { ListData } from "../../../ipc/commands.ts";
import { findBelow } from "./findBelow.ts";
import { definitionPattern, languageExtensions } from "../../../adapters/languages.ts";

export type ListTarget =
  | { kind: "here" }
  | { kind: "line"; file?: string; line: number }
  | { kind: "range"; file?: string; from: number; to: number }
  | { kind: "file"; file: string }
  | { kind: "function"; name: string };

const SOURCE_FILE = /\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm|rs|py|pyw|go|swift|zig|d|s|asm|js|ts)$/i;

const LIST_HINT = "`debugger list` (the current line), `list 40`, `list 30-60`, `list main.c:12`, `list main.c:10-30`, `list main.c`, `list FUNCTION`";

function invalid(text: string, why: string): DebuggerError {
  return new DebuggerError("INVALID_LOCATION", `invalid listing '${text}': ${why}`, LIST_HINT);
}

function lineNumber(n: string, text: string): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v) || v < 1) throw invalid(text, "line numbers start at 1");
  if (v > 2 ** 31 - 1) throw invalid(text, `${n} is beyond any source file`);
  return v;
}

/** `list`'s argument as the user wrote it. */
export function parseListTarget(text: string | undefined): ListTarget {
  const s = (text ?? "").trim();
  if (!s) return { kind: "here" };
  let m = /^(\d+)$/.exec(s);
  if (m) return { kind: "line", line: lineNumber(m[1]!, s) };
  m = /^(\d+)\s*-\s*(\d+)$/.exec(s);
  if (m) return range(undefined, m[1]!, m[2]!, s);
  m = /^(.+?):(\d+)\s*-\s*(\d+)$/.exec(s);
  if (m) return range(m[1]!, m[2]!, m[3]!, s);
  // A copied compiler location (`main.c:10:5`) lists around its line.
  m = /^(.+?):(\d+)(?::\d+)?:?$/.exec(s);
  if (m && !m[1]!.endsWith(":")) return { kind: "line", file: m[1]!, line: lineNumber(m[2]!, s) };
  if (SOURCE_FILE.test(s) || s.includes("/") || s.includes("\\")) return { kind: "file", file: s };
  if (/\s/.test(s.replace(/\([^)]*\)/g, "")) && !/operator/.test(s)) throw invalid(s, "a function name has no spaces");
  if (!/[A-Za-z_$~]/.test(s)) throw invalid(s, "it is neither a line, a range, FILE:LINE, a file nor a function name");
  // A name, never an expression: gdb's `info line *EXPR` evaluates EXPR (and can call a function),
  // and `list` runs nothing of the caller's (MCP marks it read-only).
  if (/^[*&]|["'`;{}]/.test(s) || (s.includes("=") && !s.includes("operator"))) throw invalid(s, "a function name is a name, not an expression");
  return { kind: "function", name: s };
}

function range(file: string | undefined, a: string, b: string, text: string): ListTarget {
  const from = lineNumber(a, text);
  const to = lineNumber(b, text);
  if (to < from) throw invalid(text, `the range ends (${to}) before it starts (${from})`);
  return { kind: "range", ...(file ? { file } : {}), from, to };
}

/** The lines shown: `before` and `after` around `line`, or a range, clipped to the file. */
export function window(target: { line: number; before: number; after: number } | { from: number; to: number }, total: number): { from: number; to: number } {
  const from = "from" in target ? target.from : Math.max(1, target.line - target.before);
  const to = "from" in target ? target.to : target.line + target.after;
  return { from: Math.min(from, Math.max(total, 1)), to: Math.min(to, total) };
}

/** The function's own name from a qualified one: `main.tick`, `pkg.(*T).Run`, `Foo::bar(int)`, `Class.method`. */
export function baseName(name: string): string {
  const bare = name.replace(/\(.*\)$/, "");
  const parts = bare.split(/::|\.|\//).filter(Boolean);
  return (parts.at(-1) ?? bare).replace(/[()*]/g, "");
}

/** Directories never searched: tools' caches, installed packages, build output. */
const SKIP_DIRS = new Set(["node_modules", "__pycache__", "site-packages", "dist-packages", "target", "vendor", "build", "dist"]);

/**
 * Source files below `roots` with one of `exts` (breadth first, hidden directories skipped), bounded
 * so a huge tree cannot stall the daemon.
 */
export function sourceFilesBelow(roots: string[], exts: readonly string[], maxFiles = 2000, maxDirs = 2000): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let level = [...new Set(roots)];
  let dirs = 0;
  for (let depth = 0; depth <= 6 && level.length; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (seen.has(dir) || ++dirs > maxDirs) continue;
      seen.add(dir);
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (e.isFile() && exts.includes(extname(e.name).toLowerCase())) {
          out.push(join(dir, e.name));
          if (out.length >= maxFiles) return out;
        } else if (e.isDirectory() && !e.name.startsWith(".") && !SKIP_DIRS.has(e.name)) next.push(join(dir, e.name));
      }
    }
    level = next;
  }
  return out;
}

// ---- the listing --------------------------------------------------------------------------

/** What a listing can know about the session: where it stands, and how to ask its debugger. */
export interface ListContext {
  cwd: string;
  program?: string;
  /** The session's adapter (its source extensions); undefined with no session. */
  adapter?: { sourceExtensions?: string[] };
  /** The selected frame of a stopped program. */
  here?: { path?: string; name?: string; line?: number; read?: () => Promise<string | undefined> };
  /** The last file listed in this session, for `list 40` with nothing stopped. */
  lastFile?: string;
  /** Where the debugger says a function is defined (undefined: it cannot say). */
  locateFunction?: (name: string) => Promise<{ file: string; line: number }[] | undefined>;
  readLines(path: string): Promise<string[] | undefined>;
}

export async function listing(target: ListTarget, around: number, c: ListContext): Promise<ListData> {
  let path: string | undefined;
  let text: string[] | undefined;
  let via: "source" | undefined;
  let line: number | undefined;
  let fn: { name: string; others?: string[] } | undefined;
  const currentFile = async (what: string): Promise<void> => {
    if (c.here?.path && (text = await c.readLines(c.here.path))) {
      path = c.here.path;
      return;
    }
    const content = c.here?.read ? await c.here.read() : undefined;
    if (content !== undefined) {
      path = c.here!.path ?? c.here!.name ?? "source";
      text = content.split(/\r?\n/);
      via = "source";
      return;
    }
    if (!c.here && c.lastFile) {
      path = c.lastFile;
      text = await c.readLines(path);
      if (text) return;
    }
    if (c.here)
      throw new DebuggerError(
        "INVALID_LOCATION",
        `the current frame has no source${c.here.path ? ` (${c.here.path} cannot be read here)` : ""}`,
        "`debugger disassemble` shows its instructions; `debugger up` moves to a caller with source",
      );
    throw new DebuggerError(
      "NOT_STOPPED",
      `${what} needs a file: nothing is stopped in this session`,
      "give one: `debugger list main.c:12`, or a function: `debugger list main`",
    );
  };
  switch (target.kind) {
    case "here":
      await currentFile("list");
      line = c.here?.line;
      if (line === undefined) throw new DebuggerError("NOT_STOPPED", "list with no location shows the current line: nothing is stopped", LIST_HINT);
      break;
    case "line":
    case "range":
    case "file":
      if (target.file) {
        path = resolveListFile(target.file, c);
        text = await c.readLines(path);
      } else await currentFile(`list ${target.kind === "line" ? target.line : target.kind === "range" ? `${target.from}-${target.to}` : ""}`.trim());
      if (target.kind === "line") line = target.line;
      break;
    case "function": {
      const found = await findFunction(target.name, c);
      if (!found.length) {
        throw new DebuggerError(
          "INVALID_LOCATION",
          `no function '${target.name}' found${c.locateFunction ? " in the program's debug info or" : ""} in the source files below ${c.cwd}`,
          "check the spelling (`debugger list FILE:LINE` lists by line)",
        );
      }
      path = found[0]!.file;
      line = found[0]!.line;
      text = await c.readLines(path);
      fn = { name: target.name, ...(found.length > 1 ? { others: found.slice(1, 6).map((f) => `${f.file}:${f.line}`) } : {}) };
      break;
    }
  }
  if (!text || !path)
    throw new DebuggerError("INVALID_LOCATION", `${path ?? "the file"} cannot be read`, "check the path; relative paths are taken from the current directory");
  const total = text.length - (text.at(-1) === "" ? 1 : 0);
  if (line !== undefined && line > total) throw new DebuggerError("INVALID_LOCATION", `${path} has ${total} lines, not ${line}`, LIST_HINT);
  if (target.kind === "range" && target.from > total)
    throw new DebuggerError("INVALID_LOCATION", `${path} has ${total} lines; the range starts at ${target.from}`, LIST_HINT);
  const span =
    target.kind === "range"
      ? window(target, total)
      : target.kind === "file"
        ? window({ from: 1, to: 2 * around + 1 }, total)
        : window({ line: line!, before: around, after: around }, total);
  const stoppedAt = c.here && (via ? true : c.here.path === path) ? c.here.line : undefined;
  const lines = [];
  for (let n = span.from; n <= span.to; n++) lines.push({ line: n, text: text[n - 1]!, current: n === stoppedAt });
  return {
    file: path,
    from: span.from,
    to: span.to,
    total,
    ...(line !== undefined ? { line } : {}),
    ...(fn ? { function: fn.name, ...(fn.others ? { others: fn.others } : {}) } : {}),
    ...(via ? { via } : {}),
    lines,
  };
}

/** A file as the user named it: from the cwd, beside the program, or (a bare name) the one file of that name below them. */
function resolveListFile(file: string, c: ListContext): string {
  if (isAbsolute(file)) return file;
  const roots = [c.cwd, ...(c.program ? [dirname(c.program)] : [])];
  for (const root of roots) {
    const p = resolve(root, file);
    if (existsSync(p)) return p;
  }
  if (c.here?.path && basename(c.here.path) === file) return c.here.path;
  if (!/[\\/]/.test(file)) {
    const found = [...new Set(roots.flatMap((r) => findBelow(r, file)))];
    if (found.length === 1) return found[0]!;
    if (found.length > 1)
      throw new DebuggerError(
        "INVALID_LOCATION",
        `'${file}' names ${found.length} files: ${found.slice(0, 5).join(", ")}${found.length > 5 ? ", …" : ""}`,
        `give its path, e.g. ${found[0]}:LINE`,
      );
  }
  throw new DebuggerError(
    "INVALID_LOCATION",
    `no file '${file}' in or below ${c.cwd}${c.program ? ` or beside ${c.program}` : ""}`,
    "give the file's path (relative to the current directory, or absolute)",
  );
}

/** Where `name` is defined: the debugger's answer where it has one, else the project's sources searched. */
async function findFunction(name: string, c: ListContext): Promise<{ file: string; line: number }[]> {
  const told = c.locateFunction ? await c.locateFunction(name).catch(() => undefined) : undefined;
  if (told?.length) {
    const roots = [c.cwd, ...(c.program ? [dirname(c.program)] : [])];
    const out: { file: string; line: number }[] = [];
    for (const t of told) {
      let file = t.file;
      if (!isAbsolute(file)) file = roots.map((r) => resolve(r, file)).find((p) => existsSync(p)) ?? findBelow(c.cwd, basename(file))[0] ?? file;
      if (!out.some((o) => o.file === file && o.line === t.line)) out.push({ file, line: t.line });
    }
    return out;
  }
  const exts = languageExtensions(c.program, c.adapter);
  const roots = [...(c.program ? [statDir(c.program)] : []), c.cwd];
  const base = baseName(name);
  const found: { file: string; line: number }[] = [];
  for (const file of sourceFilesBelow(roots, exts)) {
    const pattern = definitionPattern(base, extname(file));
    if (!pattern) continue;
    const lines = await c.readLines(file);
    lines?.forEach((l, i) => {
      if (pattern.test(l)) found.push({ file, line: i + 1 });
    });
    if (found.length > 20) break;
  }
  return found;
}

/** A program's directory (a Go package directory is the program itself). */
function statDir(program: string): string {
  try {
    return statSync(program).isDirectory() ? program : dirname(program);
  } catch {
    return dirname(program);
  }
}
