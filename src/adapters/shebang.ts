// Scripts by their `#!` line: which ones are Python, and the interpreter that line names, found as
// the caller's shell would find it (its cwd and PATH, which the daemon's may not be).
import { closeSync, openSync, readSync } from "node:fs";
import { basename, delimiter, dirname, resolve } from "node:path";
import type { Env } from "../common/callerEnv.ts";
import { isExecutable, isFile } from "./which.ts";
import { findOnPath, namesDirectory, pathDirs } from "../common/hostPath.ts";

/** The caller's view of the machine: its cwd, PATH and whole environment (the daemon's may differ). */
export interface CallerEnv {
  cwd: string;
  path: string;
  /** The caller's environment, for the tools run to plan (pyenv, go list, cargo); default the daemon's. */
  env?: Env;
}

const PYTHON_NAME = /^(python|pypy)[\d.]*$/;

export function whichIn(name: string, env: CallerEnv): string | null {
  if (namesDirectory(name)) {
    const p = resolve(env.cwd, name);
    return isExecutable(p) && isFile(p) ? p : null;
  }
  // A relative PATH entry is taken against the caller's cwd, as the caller's shell would.
  const asCaller = {
    PATH: pathDirs({ PATH: env.path })
      .map((d) => resolve(env.cwd, d))
      .join(delimiter),
    PATHEXT: env.env?.PATHEXT,
  };
  return findOnPath(name, asCaller, (p) => isExecutable(p) && isFile(p));
}

/** The first line of a file when it is a `#!` line, else undefined (reads 256 bytes). */
export function shebang(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const buf = Buffer.alloc(256);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const head = buf.subarray(0, n).toString("latin1");
    return head.startsWith("#!") ? head.slice(2).split("\n")[0]!.trim() : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The interpreter a `#!` line names when it is a Python (`/usr/bin/python3`, `/usr/bin/env python3`), else undefined. */
export function pythonOfShebang(line: string | undefined, env: CallerEnv): string | undefined {
  if (!line) return undefined;
  const words = line.split(/\s+/).filter(Boolean);
  let exe = words[0]!;
  if (basename(exe) === "env") {
    const name = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("="));
    if (!name) return undefined;
    exe = whichIn(name, env) ?? name;
  }
  return PYTHON_NAME.test(basename(exe)) ? exe : undefined;
}

/** Is this file a Python script by its `#!` line? (`start` gives such programs to debugpy.) */
export function isPythonScript(path: string): boolean {
  return pythonOfShebang(shebang(path), { cwd: dirname(path), path: process.env.PATH ?? "" }) !== undefined;
}
