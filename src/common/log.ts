// The daemon's log: appended synchronously (few lines, and a crash must not lose the last one),
// capped in size and rotated once.
import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import { APP, logPath } from "./paths.ts";
import { makeDirPrivate, makeFilePrivate } from "./privateFiles.ts";

const MAX_BYTES = 5 * 1024 * 1024;
let path: string | undefined;
let written = 0;
const RANK = { debug: 0, info: 1, warn: 2, error: 3 } as const;
export type LogLevel = keyof typeof RANK;
/** `[daemon] log_level` in config.toml, or DEBUGGER_LOG, which wins (the caller decides). */
let threshold: number = process.env.DEBUGGER_LOG === "debug" ? RANK.debug : RANK.info;
export let debugEnabled = threshold === RANK.debug;

export function initLog(file = logPath(), level?: LogLevel): void {
  path = file;
  if (level) {
    threshold = RANK[level];
    debugEnabled = threshold === RANK.debug;
  }
  try {
    // The log holds program paths, arguments and output: 0600 in a 0700 directory. Only our own
    // directory is narrowed; a DEBUGGER_LOG_FILE elsewhere (say /tmp) keeps its directory's mode.
    if (basename(dirname(file)) === APP) makeDirPrivate(dirname(file));
    else mkdirSync(dirname(file), { recursive: true });
    makeFilePrivate(file);
    makeFilePrivate(`${file}.1`);
    written = statSync(file).size;
  } catch {
    written = 0;
  }
}

export function log(level: "info" | "warn" | "error" | "debug", message: string): void {
  if (!path || RANK[level] < threshold) return;
  const line = `${new Date().toISOString()} ${level} ${message}\n`;
  try {
    if (written + line.length > MAX_BYTES) {
      renameSync(path, `${path}.1`);
      written = 0;
    }
    appendFileSync(path, line, { mode: 0o600 });
    written += line.length;
  } catch {
    // Logging must never take the daemon down.
  }
}
