// The two config.toml settings the CLI itself uses on every command ([defaults] session,
// [timeouts] execution), read without valibot: the file is parsed with Bun's TOML parser and only
// these keys are looked at, so a plain command does not pay for the full schema (config.ts). When
// anything looks wrong, the full validation runs and throws its error (file, key, line).
import { configPath } from "./paths.ts";

export interface CliSettings {
  session?: string;
  /** Seconds an execution command waits for a stop. */
  executionTimeout?: number;
  /** Which locals a stop report's text shows when the command does not say (`--locals`). */
  locals?: "none" | "changed" | "all";
}

export async function cliSettings(path = configPath()): Promise<CliSettings> {
  // Most machines have no config file: asking first is one stat, where a failed read would
  // build an ENOENT error (measured: 0.4 M instructions of a `threads`). Bun.file, not node:fs:
  // loading node:fs costs a plain command ~2.6 M instructions (lstat.ts).
  const file = Bun.file(path);
  if (!(await file.exists())) return {};
  let text: string;
  try {
    text = await file.text();
  } catch {
    return fullCheck(path);
  }
  // biome-ignore lint/suspicious/noExplicitAny: TOML as parsed, read key by key below
  let raw: any;
  try {
    raw = Bun.TOML.parse(text);
  } catch {
    return fullCheck(path);
  }
  if (unknownKey(raw)) return fullCheck(path);
  const session = raw?.defaults?.session;
  const execution = raw?.timeouts?.execution;
  const locals = raw?.defaults?.locals;
  if ((session !== undefined && typeof session !== "string") || (execution !== undefined && (typeof execution !== "number" || execution < 0)))
    return fullCheck(path);
  if (locals !== undefined && locals !== "none" && locals !== "changed" && locals !== "all") return fullCheck(path);
  return { session, executionTimeout: execution, locals };
}

/**
 * The keys config.ts's schema allows, table by table (a unit test holds the two equal), so that a
 * typo is an error on every command, as the README promises, without loading the schema.
 */
export const KNOWN_KEYS: Record<string, readonly string[]> = {
  "": ["output", "display", "timeouts", "defaults", "daemon", "adapters", "targets"],
  output: ["max_chunks", "max_bytes", "file_max_bytes", "files_max_bytes", "files_days"],
  display: ["max_value_length", "max_locals", "source_lines"],
  timeouts: ["execution", "request", "adapter_start"],
  defaults: ["session", "source_lines", "value_length", "adapter", "locals"],
  daemon: ["idle_timeout", "warm_adapters", "warm_memory_mb", "launch_ahead", "log_level"],
  "adapters.*": ["command", "transport", "extensions", "launch", "attach", "env"],
  "targets.*": ["via", "map"],
};

function unknownKey(raw: unknown): boolean {
  if (!isTable(raw)) return true;
  for (const [table, value] of Object.entries(raw)) {
    if (!KNOWN_KEYS[""]!.includes(table)) return true;
    if (table === "adapters" || table === "targets") {
      if (!isTable(value)) return true;
      for (const entry of Object.values(value)) if (!isTable(entry) || Object.keys(entry).some((k) => !KNOWN_KEYS[`${table}.*`]!.includes(k))) return true;
    } else if (!isTable(value) || Object.keys(value).some((k) => !KNOWN_KEYS[table]!.includes(k))) return true;
  }
  return false;
}

function isTable(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

async function fullCheck(path: string): Promise<CliSettings> {
  const { loadConfig } = await import("./config.ts");
  const c = await loadConfig(path);
  return { session: c.defaults.session, executionTimeout: c.timeouts.execution, locals: c.defaults.locals };
}
