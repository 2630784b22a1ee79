// What a path is on the platform the daemon and the CLI run on, as functions of that platform, so
// the Windows rules are tested on Linux (test/unit/hostPath.test.ts): `C:\src\a.c`, `C:/src/a.c`
// and `\\server\share\a.c` are absolute there, `\` separates directories, PATH is `;`-separated
// and may be spelt `Path`, a command is found with one of PATHEXT's extensions, file names compare
// without case, and a virtualenv keeps its interpreter in `Scripts\python.exe`.
import type { posix } from "node:path";

type Platform = NodeJS.Platform;

// node:path is loaded when first asked for: paths.ts brings this module onto every command's path,
// and loading node:path costs a compiled one-line program ~0.3 ms of a ~4 ms run (BENCHMARKS.md,
// "micro rows"). The paths every command builds (socket, config file) are joined by joinPath below.
const nodePath = () => require("node:path") as typeof import("node:path");

/** node:path's rules for a platform (node:path itself follows the host's). */
export function pathApi(platform: Platform = process.platform): typeof posix {
  return platform === "win32" ? nodePath().win32 : nodePath().posix;
}

/**
 * `path.join` with the platform's rules, without loading node:path on POSIX: the parts joined by
 * `/`, then `.` segments, repeated slashes and a `..` after a name taken out, as posix.join does
 * (test/unit/hostPath.test.ts holds the two equal).
 */
export function joinPath(platform: Platform, ...parts: string[]): string {
  if (platform === "win32") return nodePath().win32.join(...parts);
  const joined = parts.filter((p) => p !== "").join("/");
  if (joined === "") return ".";
  const absolute = joined.startsWith("/");
  const kept: string[] = [];
  for (const segment of joined.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === ".." && kept.length && kept[kept.length - 1] !== "..") kept.pop();
    else if (segment !== ".." || !absolute) kept.push(segment);
  }
  const body = kept.join("/");
  const path = absolute ? `/${body}` : body || ".";
  return joined.endsWith("/") && path !== "/" ? `${path}/` : path;
}

export function isAbsolutePath(p: string, platform: Platform = process.platform): boolean {
  return pathApi(platform).isAbsolute(p);
}

/**
 * A command given with a directory in it (`./py`, `/usr/bin/python3`, `C:\Python312\python.exe`,
 * `.venv\Scripts\python`) is that file; a bare name (`python3`) is looked up on PATH.
 */
export function namesDirectory(command: string, platform: Platform = process.platform): boolean {
  return command.includes("/") || (platform === "win32" && (command.includes("\\") || /^[A-Za-z]:/.test(command)));
}

/** The last part of a path, whichever separator the platform uses. */
export function lastSegment(p: string, platform: Platform = process.platform): string {
  return p.split(platform === "win32" ? /[\\/]/ : "/").pop() ?? p;
}

/** An environment variable as the platform reads it: case-insensitive on Windows (`Path`, `PATHEXT`). */
export function envValue(env: Record<string, string | undefined>, name: string, platform: Platform = process.platform): string | undefined {
  if (env[name] !== undefined || platform !== "win32") return env[name];
  const upper = name.toUpperCase();
  for (const [k, v] of Object.entries(env)) if (k.toUpperCase() === upper) return v;
  return undefined;
}

export function pathDirs(env: Record<string, string | undefined>, platform: Platform = process.platform): string[] {
  return (envValue(env, "PATH", platform) ?? "").split(platform === "win32" ? ";" : ":").filter(Boolean);
}

/** Windows' default when PATHEXT is unset (cmd.exe's list). */
const DEFAULT_PATHEXT = ".COM;.EXE;.BAT;.CMD";

/** The file names a command may have: itself on POSIX; on Windows with each PATHEXT extension unless it has one. */
export function commandFileNames(name: string, env: Record<string, string | undefined>, platform: Platform = process.platform): string[] {
  if (platform !== "win32") return [name];
  const exts = (envValue(env, "PATHEXT", platform) || DEFAULT_PATHEXT).split(";").filter(Boolean);
  const lower = name.toLowerCase();
  if (exts.some((e) => lower.endsWith(e.toLowerCase()))) return [name];
  return exts.map((e) => name + e.toLowerCase());
}

/** Where PATH would find `name`: the first candidate `exists` accepts. */
export function findOnPath(
  name: string,
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean,
  platform: Platform = process.platform,
): string | null {
  const names = commandFileNames(name, env, platform);
  for (const dir of pathDirs(env, platform)) {
    for (const n of names) {
      const p = pathApi(platform).join(dir, n);
      if (exists(p)) return p;
    }
  }
  return null;
}

/** A virtualenv's interpreters, most specific first (`bin/python3`; Windows: `Scripts\python.exe`). */
export function venvInterpreters(venv: string, platform: Platform = process.platform): string[] {
  const { join } = pathApi(platform);
  return platform === "win32" ? [join(venv, "Scripts", "python.exe")] : [join(venv, "bin", "python3"), join(venv, "bin", "python")];
}

/** Two file names are the same file's name: Windows' (and macOS's default) file systems ignore case. */
export function samePathText(a: string, b: string, platform: Platform = process.platform): boolean {
  if (platform !== "win32") return a === b;
  const norm = (s: string) => nodePath().win32.normalize(s).toLowerCase();
  return norm(a) === norm(b);
}
