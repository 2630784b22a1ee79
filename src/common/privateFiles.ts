// Directories and files only the current user may use: the runtime directory (socket, state),
// the log and the config. Anyone who can replace the socket can read requests and forge replies,
// so a directory owned by someone else, or reached through a symlink, is refused — never adopted.
import { chmodSync, lstatSync, mkdirSync, statSync } from "node:fs";
import { DebuggerError } from "./errors.ts";
import { assertOwnedDir, currentUid, errnoText, RUNTIME_HINT } from "./ownerCheck.ts";
import { lstatOrUndefined, type LinkStat } from "./lstat.ts";

// The CLI's checks live in ownerCheck.ts, which does not load node:fs.
export { checkRuntimeDir, checkSocketOwner, errnoText } from "./ownerCheck.ts";

/**
 * Creates `dir` (0700) or checks the one that is there: a directory, not a symlink, owned by us;
 * its mode is then narrowed to 0700. Errors name the path, the errno and the variable to set.
 */
export function ensurePrivateDir(dir: string, hint = RUNTIME_HINT): void {
  let st: LinkStat | undefined;
  try {
    st = lstatOrUndefined(dir);
    if (!st) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      st = lstatSync(dir);
    }
  } catch (e) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot create the directory ${dir}: ${errnoText(e)}`, hint);
  }
  assertOwnedDir(dir, st, hint);
  if ((st.mode & 0o777) !== 0o700) {
    try {
      chmodSync(dir, 0o700);
    } catch (e) {
      throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot make ${dir} private (mode 700): ${errnoText(e)}`, hint);
    }
  }
}

/**
 * Lenient twin of ensurePrivateDir for the log and config directories: created 0700, narrowed to
 * 0700 when ours; a symlink (dotfiles) is followed, since nobody else answers through these.
 */
export function makeDirPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const st = statSync(dir);
    if (st.isDirectory() && st.uid === currentUid() && (st.mode & 0o077) !== 0) chmodSync(dir, st.mode & 0o700);
  } catch {}
}

/** Narrows an existing file of ours to 0600 (logs and config written before this rule). */
export function makeFilePrivate(path: string): void {
  try {
    const st = lstatSync(path);
    if (st.isFile() && (st.mode & 0o077) !== 0) chmodSync(path, st.mode & 0o700);
  } catch {}
}
