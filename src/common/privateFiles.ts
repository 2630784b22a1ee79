// Directories and files only the current user may use: the runtime directory (socket, state),
// the log and the config. Anyone who can replace the socket can read requests and forge replies,
// so a directory owned by someone else, or reached through a symlink, is refused — never adopted.
import { chmodSync, lstatSync, mkdirSync, statSync, type Stats } from "node:fs";
import { POSIX_PERMISSIONS } from "./platform.ts";
import { DebuggerError } from "./errors.ts";

const ERRNO_TEXT: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOTDIR: "a component of the path is not a directory",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  ENAMETOOLONG: "path too long",
  ELOOP: "too many symbolic links",
};

const RUNTIME_HINT = "set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write, e.g. `export DEBUGGER_RUNTIME_DIR=$(mktemp -d)`";

function currentUid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

/** "permission denied (EACCES)" for an fs error; the message itself for anything else. */
export function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code && ERRNO_TEXT[code]) return `${ERRNO_TEXT[code]} (${code})`;
  return code ? `${(e as Error).message}` : String((e as Error)?.message ?? e);
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** Throws unless `st` (from lstat) is a real directory, not a symlink, owned by the current uid. */
function assertOwnedDirStat(dir: string, st: Stats, hint: string): void {
  if (st.isSymbolicLink()) {
    throw new DebuggerError("RUNTIME_DIR_UNSAFE", `${dir} is a symbolic link; refusing to use it (whoever controls the target could impersonate the daemon)`, hint);
  }
  if (!st.isDirectory()) throw new DebuggerError("RUNTIME_DIR_UNSAFE", `${dir} exists and is not a directory`, hint);
  const uid = currentUid();
  if (uid !== undefined && st.uid !== uid) {
    throw new DebuggerError("RUNTIME_DIR_UNSAFE", `permission denied: ${dir} belongs to uid ${st.uid}, not to you (uid ${uid}); refusing to use it`, hint);
  }
}

/**
 * Creates `dir` (0700) or checks the one that is there: a directory, not a symlink, owned by us;
 * its mode is then narrowed to 0700. Errors name the path, the errno and the variable to set.
 */
export function ensurePrivateDir(dir: string, hint = RUNTIME_HINT): void {
  let st: Stats | undefined;
  try {
    st = lstatOrUndefined(dir);
    if (!st) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      st = lstatSync(dir);
    }
  } catch (e) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot create the directory ${dir}: ${errnoText(e)}`, hint);
  }
  assertOwnedDirStat(dir, st, hint);
  if ((st.mode & 0o777) !== 0o700) {
    try {
      chmodSync(dir, 0o700);
    } catch (e) {
      throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot make ${dir} private (mode 700): ${errnoText(e)}`, hint);
    }
  }
}

/** Checks an existing runtime directory without creating or changing it (the CLI's side). */
export function checkRuntimeDir(dir: string): void {
  let st: Stats | undefined;
  try {
    st = lstatOrUndefined(dir);
  } catch (e) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot reach the runtime directory ${dir}: ${errnoText(e)}`, RUNTIME_HINT);
  }
  if (st) assertOwnedDirStat(dir, st, RUNTIME_HINT);
}

/** Throws unless the socket at `path`, if there, is a socket owned by us. Returns whether it exists. */
export function checkSocketOwner(path: string): boolean {
  // A Windows named pipe is not a file, and its default DACL already keeps other users out.
  if (!POSIX_PERMISSIONS) return true;
  let st: Stats | undefined;
  try {
    st = lstatOrUndefined(path);
  } catch (e) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot reach the daemon socket ${path}: ${errnoText(e)}`, RUNTIME_HINT);
  }
  if (!st) return false;
  if (!st.isSocket()) throw new DebuggerError("RUNTIME_DIR_UNSAFE", `${path} is not a socket; refusing to use it`, `remove it, or ${RUNTIME_HINT}`);
  const uid = currentUid();
  if (uid !== undefined && st.uid !== uid) {
    throw new DebuggerError("RUNTIME_DIR_UNSAFE", `permission denied: the daemon socket ${path} belongs to uid ${st.uid}, not to you (uid ${uid}); refusing to talk to it`, RUNTIME_HINT);
  }
  return true;
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
