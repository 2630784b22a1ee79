// config.toml, parsed with Bun.TOML and validated with valibot. A bad file is an error naming the
// file, the key, its line, and for an unknown key the likely one meant. The typed getters below
// are the one place each setting's default lives.
import * as v from "valibot";
import { DebuggerError } from "./errors.ts";
import { closest } from "./similar.ts";
import { configPath } from "./paths.ts";

const AdapterEntry = v.strictObject({
  command: v.pipe(v.array(v.string()), v.minLength(1)),
  transport: v.optional(v.picklist(["stdio", "tcp-listen"]), "stdio"),
  /** Extensions of programs this adapter is picked for without --adapter. */
  extensions: v.optional(v.array(v.string()), []),
  launch: v.optional(v.record(v.string(), v.unknown()), {}),
  attach: v.optional(v.record(v.string(), v.unknown()), {}),
  env: v.optional(v.record(v.string(), v.string()), {}),
});

/** `[targets.NAME]`: a --via target by name (`--target NAME`): the command as argv, and REMOTE=LOCAL maps. */
const TargetEntry = v.strictObject({
  via: v.pipe(v.array(v.string()), v.minLength(1, 'give the command that reaches the target as an array: via = ["docker", "exec", "-i", "NAME"]')),
  map: v.optional(v.array(v.pipe(v.string(), v.regex(/^\/[^=]*=\//, 'a map is "REMOTE=LOCAL", two absolute paths'))), []),
});

const int = (min: number) => v.pipe(v.number(), v.integer(), v.minValue(min));
const seconds = (min: number) => v.pipe(v.number(), v.minValue(min));

const ConfigSchema = v.strictObject({
  /** max_chunks/max_bytes: the in-memory buffer; file_max_bytes/files_max_bytes/files_days: the files of whole output (outputFile.ts). */
  output: v.optional(
    v.strictObject({
      max_chunks: v.optional(int(1)),
      max_bytes: v.optional(int(1024)),
      file_max_bytes: v.optional(int(1024)),
      files_max_bytes: v.optional(int(1024)),
      files_days: v.optional(seconds(0)),
    }),
    {},
  ),
  /** `source_lines` and `max_value_length` here are the older spelling of [defaults] source_lines, value_length. */
  display: v.optional(v.strictObject({ max_value_length: v.optional(int(16)), max_locals: v.optional(int(1)), source_lines: v.optional(int(0)) }), {}),
  timeouts: v.optional(
    v.strictObject({
      /** Seconds an execution command waits for a stop (0: forever). */
      execution: v.optional(seconds(0)),
      /** Seconds the daemon waits for an adapter's answer to one DAP request. */
      request: v.optional(seconds(1)),
      /** Seconds an adapter may take to start and answer initialize and launch/attach. */
      adapter_start: v.optional(seconds(1)),
    }),
    {},
  ),
  defaults: v.optional(
    v.strictObject({
      session: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/, "a session name: letters, digits, '.', '_', '-', at most 64"))),
      source_lines: v.optional(int(0)),
      value_length: v.optional(int(16)),
      /** The adapter for native programs when --adapter is not given (lldb-dap, gdb, lldb-cli, or one under [adapters]). */
      adapter: v.optional(v.pipe(v.string(), v.minLength(1))),
      /** Which locals a stop report's text shows when the command gives no --locals (unset: all, or those that changed when it printed values). */
      locals: v.optional(v.picklist(["none", "changed", "all"])),
    }),
    {},
  ),
  daemon: v.optional(
    v.strictObject({
      /** Seconds without a live session before the daemon exits (0: never). */
      idle_timeout: v.optional(seconds(0)),
      /** Keep one spare adapter per kind spawned and initialized, for a faster next start (default true). */
      warm_adapters: v.optional(v.boolean()),
      /** MB (RSS) the daemon and its spares may hold before spares of kinds idle a minute are dropped (0: no limit). */
      warm_memory_mb: v.optional(int(0)),
      /** Launch the program of a session that ended again, held before its first line, for the next start of the same launch (default true; debugpy, Delve). */
      launch_ahead: v.optional(v.boolean()),
      log_level: v.optional(v.picklist(["debug", "info", "warn", "error"])),
    }),
    {},
  ),
  adapters: v.optional(v.record(v.string(), AdapterEntry), {}),
  targets: v.optional(v.record(v.string(), TargetEntry), {}),
});

export type Config = v.InferOutput<typeof ConfigSchema>;
export type AdapterConfig = v.InferOutput<typeof AdapterEntry>;
export type LogLevel = NonNullable<Config["daemon"]["log_level"]>;

/** The configuration when there is no file (every default). */
export const EMPTY_CONFIG: Config = v.parse(ConfigSchema, {});

export async function loadConfig(path = configPath()): Promise<Config> {
  const file = Bun.file(path);
  if (!(await file.exists())) return v.parse(ConfigSchema, {});
  const text = await file.text();
  let raw: unknown;
  try {
    raw = Bun.TOML.parse(text);
  } catch (e) {
    const line = tomlErrorLine(text);
    const said = (e as Error).message.replace(/^TOML Parse error: /, "");
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `config file ${path}${line ? `, line ${line}` : ""} is not valid TOML: ${said}${line ? ` (${JSON.stringify(text.split("\n")[line - 1]!.trim())})` : ""}`,
      "fix the file or move it away; `debugger doctor` checks it",
    );
  }
  return ConfigSchemaCheck(raw, path, text);
}

/** Validates parsed TOML; the error names the first bad key, its line (when TEXT is given) and a likely intended key. */
export function ConfigSchemaCheck(raw: unknown, path: string, text?: string): Config {
  const result = v.safeParse(ConfigSchema, raw);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = v.getDotPath(issue) ?? "";
  const keys = (issue.path ?? []).map((p) => String(p.key));
  const line = text !== undefined ? keyLine(text, keys) : undefined;
  const where = `config file ${path}${line ? `, line ${line}` : ""}`;
  if (issue.type === "strict_object" && issue.expected === "never") {
    const known = keysAt(keys.slice(0, -1));
    const section = keys.length > 1 ? `[${keys.slice(0, -1).join(".")}]` : "the top level";
    if (keys[0] === "adapters" && keys.length === 3 && !known.includes(keys[2]!) && COMMAND_WORDS.includes(keys[2]!)) {
      throw new DebuggerError("INVALID_ARGUMENT", `${where}: unknown key '${key}'`, `${ADAPTER_COMMAND_FORM}; keys in ${section}: ${known.join(", ")}`);
    }
    const guess = closest(keys.at(-1)!, known) ?? meantKey(keys.slice(0, -1), keys.at(-1)!);
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `${where}: unknown key '${key}'`,
      `${guess ? `did you mean '${guess}'? ` : ""}keys in ${section}: ${known.join(", ")}`,
    );
  }
  // A missing `command` (an adapter written as path/args, or program): the form, not the schema's words.
  if (keys[0] === "adapters" && keys[2] === "command" && keys.length === 3) {
    const said = issue.received === "undefined" ? "has no 'command'" : `'command' must be an array of strings, not ${issue.received}`;
    throw new DebuggerError("INVALID_ARGUMENT", `${where}: [adapters.${keys[1]}] ${said}`, ADAPTER_COMMAND_FORM);
  }
  throw new DebuggerError(
    "INVALID_ARGUMENT",
    `${where}: key '${key || "(top level)"}': ${issue.message}`,
    "fix that key or remove it; `debugger doctor` checks the file",
  );
}

const ADAPTER_COMMAND_FORM = 'the adapter\'s program and its arguments are one array: command = ["/path/to/adapter", "arg", …]';
/** Keys people write for an adapter's program (other tools' spellings). */
const COMMAND_WORDS = ["path", "args", "arguments", "program", "executable", "exe", "bin", "binary", "cmd", "argv"];

/**
 * Words other tools use for a key, for an unknown key that is not a typo of one (the words of
 * `dap_initialize_secs` say `adapter_start`). Units and "timeout" are left out of the comparison.
 */
const MEANT: Record<string, Record<string, string[]>> = {
  timeouts: {
    adapter_start: ["adapter", "start", "startup", "init", "initialize", "initialization", "launch", "attach", "handshake", "spawn", "connect"],
    request: ["request", "requests", "response", "reply", "answer", "call"],
    execution: ["execution", "exec", "continue", "run", "step", "stop", "wait", "command"],
  },
  daemon: {
    idle_timeout: ["idle", "linger", "exit", "keepalive", "lifetime"],
    warm_adapters: ["warm", "spare", "pool", "prestart", "preload"],
    warm_memory_mb: ["memory", "budget", "rss", "ram", "mem"],
    launch_ahead: ["ahead", "prelaunch", "relaunch", "preload_program"],
    log_level: ["log", "logging", "verbosity", "verbose", "debug"],
  },
  defaults: {
    source_lines: ["source", "lines", "context"],
    value_length: ["value", "length", "width", "max"],
    locals: ["locals", "variables", "vars"],
    adapter: ["adapter", "debugger", "backend"],
    session: ["session", "name"],
  },
};
const UNIT_WORDS = new Set(["secs", "sec", "seconds", "second", "s", "ms", "millis", "timeout", "timeouts", "max", "default"]);

/** The key of SECTION whose words the unknown KEY's words name, if exactly one scores best. */
function meantKey(section: string[], key: string): string | undefined {
  const table = section.length === 1 ? MEANT[section[0]!] : undefined;
  if (!table) return undefined;
  const words = key
    .toLowerCase()
    .split(/[_\-.]+/)
    .filter((w) => w && !UNIT_WORDS.has(w));
  const scored = Object.entries(table).map(([k, syn]) => [k, words.filter((w) => syn.includes(w) || k.split("_").includes(w)).length] as const);
  const best = Math.max(...scored.map(([, n]) => n));
  const top = scored.filter(([, n]) => n === best);
  return best > 0 && top.length === 1 ? top[0]![0] : undefined;
}

/**
 * The 1-based line where TEXT stops being valid TOML. Bun's parser says what is wrong but not
 * where, so the file is parsed again a line at a time: the error is on the line after the
 * longest prefix that parses (a prefix cut inside a multi-line array fails, but a longer one
 * that closes it parses again, so such lines are passed over).
 */
export function tomlErrorLine(text: string): number | undefined {
  const lines = text.split("\n");
  let lastGood = 0;
  for (let k = 1; k <= lines.length; k++) {
    try {
      Bun.TOML.parse(lines.slice(0, k).join("\n"));
      lastGood = k;
    } catch {}
  }
  return lastGood < lines.length ? lastGood + 1 : undefined;
}

/** The keys the schema allows at PATH (a table), e.g. ["display"] → max_value_length, … */
export function keysAt(path: string[]): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: walks valibot's schema objects, whose types differ per kind
  let s: any = ConfigSchema;
  for (const k of path) {
    while (s.type === "optional" || s.type === "pipe") s = s.type === "pipe" ? s.pipe[0] : s.wrapped;
    s = s.type === "record" ? s.value : s.entries?.[k];
    if (!s) return [];
  }
  while (s.type === "optional") s = s.wrapped;
  return s.entries ? Object.keys(s.entries) : [];
}

const KEY_PART = String.raw`(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)`;
const DOTTED = new RegExp(String.raw`^\s*(${KEY_PART}(?:\s*\.\s*${KEY_PART})*)`);

function splitKey(dotted: string): string[] {
  const parts: string[] = [];
  const re = new RegExp(KEY_PART, "g");
  for (const m of dotted.matchAll(re)) {
    const p = m[0];
    parts.push(p.startsWith('"') ? JSON.parse(p) : p.startsWith("'") ? p.slice(1, -1) : p);
  }
  return parts;
}

/**
 * The 1-based line that defines PATH (e.g. ["display", "max_locls"]) in TOML TEXT: a `key =` line
 * under its table header, a dotted key, or failing that the nearest enclosing table's header.
 * Bun's TOML parser keeps no positions, so the lines are read here.
 */
export function keyLine(text: string, path: string[]): number | undefined {
  let table: string[] = [];
  let best: { line: number; depth: number } | undefined;
  const consider = (full: string[], line: number) => {
    let depth = 0;
    while (depth < full.length && depth < path.length && full[depth] === path[depth]) depth++;
    if (depth === 0 || depth < full.length) return; // not on PATH
    if (!best || depth > best.depth) best = { line, depth };
  };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (!l || l.startsWith("#")) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(l);
    if (header) {
      table = splitKey(header[1]!);
      consider(table, i + 1);
      continue;
    }
    const key = DOTTED.exec(l);
    if (key && l.slice(key[0].length).trimStart().startsWith("=")) consider([...table, ...splitKey(key[1]!)], i + 1);
  }
  return best?.line;
}

// ---- typed getters: each setting's default, and where environment variables win ------------

/** Seconds an execution command waits for a stop, unless --timeout says otherwise. */
export function executionTimeout(c: Config): number {
  return c.timeouts.execution ?? 60;
}

/** Milliseconds the daemon waits for one DAP response. */
export function requestTimeoutMs(c: Config): number {
  return (c.timeouts.request ?? 30) * 1000;
}

/** Milliseconds an adapter may take to start, answer initialize and launch/attach. */
export function adapterStartTimeoutMs(c: Config): number {
  return (c.timeouts.adapter_start ?? 30) * 1000;
}

export function defaultSession(c: Config, env = process.env): string {
  return env.DEBUGGER_SESSION || c.defaults.session || "default";
}

/** Lines of source shown above and below the current line. */
export function sourceLines(c: Config): number {
  return c.defaults.source_lines ?? c.display.source_lines ?? 3;
}

/** Characters of a value shown in stop reports and locals before it is cut. */
export function maxValueLength(c: Config): number {
  return c.defaults.value_length ?? c.display.max_value_length ?? 200;
}

export function maxLocals(c: Config): number {
  return c.display.max_locals ?? 40;
}

/** Milliseconds without a live session before the daemon exits; DEBUGGER_IDLE_TIMEOUT (seconds) wins; 0 → never. */
export function idleTimeoutMs(c: Config, env = process.env): number {
  const fromEnv = env.DEBUGGER_IDLE_TIMEOUT !== undefined && env.DEBUGGER_IDLE_TIMEOUT !== "" ? Number(env.DEBUGGER_IDLE_TIMEOUT) : undefined;
  const s = fromEnv !== undefined && Number.isFinite(fromEnv) ? fromEnv : (c.daemon.idle_timeout ?? 30 * 60);
  return s === 0 ? Infinity : s * 1000;
}

/** MB of RSS the daemon and its warm spares may hold (0: no limit); DEBUGGER_WARM_MEMORY_MB wins. */
export function warmMemoryMb(c: Config, env = process.env): number {
  const fromEnv = env.DEBUGGER_WARM_MEMORY_MB !== undefined && env.DEBUGGER_WARM_MEMORY_MB !== "" ? Number(env.DEBUGGER_WARM_MEMORY_MB) : undefined;
  return fromEnv !== undefined && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : (c.daemon.warm_memory_mb ?? 250);
}

/** The daemon log's level; DEBUGGER_LOG=debug wins. */
export function logLevel(c: Config, env = process.env): LogLevel {
  if (env.DEBUGGER_LOG === "debug" || env.DEBUGGER_LOG === "info" || env.DEBUGGER_LOG === "warn" || env.DEBUGGER_LOG === "error") return env.DEBUGGER_LOG;
  return c.daemon.log_level ?? "info";
}
