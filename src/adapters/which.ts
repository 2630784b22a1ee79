// PATH look-ups without a shell, and the small file checks adapter discovery uses.
import { accessSync, constants, readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { findOnPath, pathDirs } from "../common/hostPath.ts";

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * An adapter path given in the environment (DEBUGGER_LLDB_DAP, DEBUGGER_DLV, DEBUGGER_GDB): unset
 * or empty → undefined; set to what is not an executable file → ADAPTER_NOT_FOUND naming the
 * variable. Never silently passed over for another one found on PATH.
 */
export function pathFromEnv(variable: string, env: Env | NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env[variable];
  if (!given) return undefined;
  let why: string | undefined;
  try {
    const st = statSync(given);
    if (!st.isFile()) why = "is not a file";
    else if ((process.platform !== "win32" && (st.mode & 0o111) === 0) || !isExecutable(given)) why = "is not executable";
  } catch {
    why = "does not exist";
  }
  if (why)
    throw new DebuggerError(
      "ADAPTER_NOT_FOUND",
      `${variable}=${given} ${why}`,
      `fix the path, or unset ${variable} to use the one found on PATH (it is read from the environment of the command that asks)`,
    );
  return given;
}

/** `name` on PATH: the caller's PATH when `env` is the caller's (default: this process's); on Windows with PATHEXT's extensions (../common/hostPath.ts). */
export function which(name: string, env: Env | NodeJS.ProcessEnv = process.env): string | null {
  return findOnPath(name, env, (p) => isExecutable(p) && isFile(p));
}

/** Executables on PATH named `base` or `base-NN`, highest NN first, plain `base` first of all. */
export function whichVersioned(base: string, env: Env | NodeJS.ProcessEnv = process.env): string[] {
  const found: { path: string; version: number }[] = [];
  // Windows: lldb-dap-19.exe.
  const re = new RegExp(
    `^${base.replace(/[-.]/g, "\\$&")}(?:-(\\d+))?${process.platform === "win32" ? "(?:\\.exe)?" : ""}$`,
    process.platform === "win32" ? "i" : "",
  );
  for (const dir of pathDirs(env)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const n of names) {
      const m = re.exec(n);
      if (m && isExecutable(join(dir, n))) found.push({ path: join(dir, n), version: m[1] ? Number(m[1]) : Infinity });
    }
  }
  return found.sort((a, b) => b.version - a.version).map((f) => f.path);
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The resolved path, or the path itself when it cannot be resolved. */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * A file's identity and version (device, inode, size, modification and change times): a rebuilt or
 * replaced file gives another; "-" where it cannot be read. For a launch made ahead (its stamp).
 * Without `times`, the file's identity and size alone: for a file written once and only touched
 * after (the daemon's cached builds, whose mtime says when they were last used).
 */
export function fileStamp(path: string, times = true): string {
  try {
    const s = statSync(path, { bigint: true });
    return times ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : `${s.dev}:${s.ino}:${s.size}`;
  } catch {
    return "-";
  }
}
