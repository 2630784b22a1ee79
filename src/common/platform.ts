// What differs between POSIX and Windows for the daemon's endpoint, in one place.
//
// POSIX: a Unix socket file in the 0700 runtime directory, itself 0600; its presence is checked
// with a stat, a stale one is unlinked, and file modes and owners mean something.
// Windows: a named pipe (`\\.\pipe\…`, which Bun.listen/Bun.connect accept as a `unix` path). A
// pipe is not a file: it vanishes with its server, cannot be unlinked, and a stat on it would take
// one of its instances, so callers just try to connect. Without an explicit security descriptor
// a pipe's DACL grants full access to its creator, SYSTEM and Administrators and only read access
// to everyone else, so other users cannot write a request to it. chmod only toggles the
// read-only attribute there, so modes are not applied and owners are not compared.
import { joinPath } from "./hostPath.ts";

// node:fs is loaded when first needed: paths.ts brings this module onto every command's path, and
// a plain command needs none of these (loading node:fs costs ~2.6 M instructions, lstat.ts).
const fs = () => require("node:fs") as typeof import("node:fs");
// node:path likewise (hostPath.ts): the socket's path is joined without it.
const dirname = (p: string) => (require("node:path") as typeof import("node:path")).dirname(p);

export const IS_WINDOWS = process.platform === "win32";

/** Whether file modes and owners are real permissions here (false on Windows). */
export const POSIX_PERMISSIONS = !IS_WINDOWS;

/**
 * The daemon's endpoint for a runtime directory. On Windows the pipe name is derived from the
 * directory, so each DEBUGGER_RUNTIME_DIR (tests, several users) gets a daemon of its own.
 */
export function daemonSocketPath(runtimeDir: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== "win32") return joinPath(platform, runtimeDir, "daemon.sock");
  const key = Bun.hash(runtimeDir.toLowerCase()).toString(36);
  return `\\\\.\\pipe\\debugger-cli-${key}`;
}

/** A socket file is there (to unlink when stale, or to watch). Never true for a named pipe. */
export function socketFilePresent(path: string): boolean {
  return !IS_WINDOWS && fs().existsSync(path);
}

/** False only when nothing can be listening: no socket file on POSIX; on Windows, try to connect. */
export function mightBeListening(path: string): boolean {
  return IS_WINDOWS || fs().existsSync(path);
}

/** The socket is the owner's alone (0600). A named pipe's default DACL does this on Windows. */
export function restrictToOwner(path: string): void {
  if (POSIX_PERMISSIONS) fs().chmodSync(path, 0o600);
}

/**
 * Whether `dir` exists and is writable, or could be created: its nearest existing ancestor is.
 * Sandboxes often have a read-only home or temp directory; callers then use another place or
 * name the variable to set instead of failing later and vaguely.
 */
export function writableDir(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (fs().existsSync(d)) {
      try {
        fs().accessSync(d, fs().constants.W_OK | fs().constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }
    if (dirname(d) === d) return false;
  }
}
