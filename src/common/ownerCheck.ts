// The CLI's side of the runtime directory's rules (privateFiles.ts has the daemon's): before a
// request is sent, the directory must be a real directory (not a symlink) owned by us, and the
// socket a socket owned by us. Anyone who can replace the socket can read requests and forge
// replies. This module is on every command's path, so it reads lstat through lstat.ts, not node:fs.
import { DebuggerError } from "./errors.ts";
import { lstatOrUndefined, S_IFDIR, S_IFLNK, S_IFMT, S_IFSOCK, type LinkStat } from "./lstat.ts";

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

export const RUNTIME_HINT = "set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write, e.g. `export DEBUGGER_RUNTIME_DIR=$(mktemp -d)`";

// A Windows named pipe is not a file, and its default DACL already keeps other users out.
const POSIX_PERMISSIONS = process.platform !== "win32";

export function currentUid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

/** "permission denied (EACCES)" for an fs error; the message itself for anything else. */
export function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code && ERRNO_TEXT[code]) return `${ERRNO_TEXT[code]} (${code})`;
  return code ? `${(e as Error).message}` : String((e as Error)?.message ?? e);
}

/** Throws unless `st` (from lstat) is a real directory, not a symlink, owned by the current uid. */
export function assertOwnedDir(dir: string, st: LinkStat, hint: string): void {
  const type = st.mode & S_IFMT;
  if (type === S_IFLNK) {
    throw new DebuggerError(
      "RUNTIME_DIR_UNSAFE",
      `${dir} is a symbolic link; refusing to use it (whoever controls the target could impersonate the daemon)`,
      hint,
    );
  }
  if (type !== S_IFDIR) throw new DebuggerError("RUNTIME_DIR_UNSAFE", `${dir} exists and is not a directory`, hint);
  const uid = currentUid();
  if (uid !== undefined && st.uid !== uid) {
    throw new DebuggerError("RUNTIME_DIR_UNSAFE", `permission denied: ${dir} belongs to uid ${st.uid}, not to you (uid ${uid}); refusing to use it`, hint);
  }
}

/** Checks an existing runtime directory without creating or changing it (the CLI's side). */
export function checkRuntimeDir(dir: string): void {
  if (!POSIX_PERMISSIONS) return;
  let st: LinkStat | undefined;
  try {
    st = lstatOrUndefined(dir);
  } catch (e) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot reach the runtime directory ${dir}: ${errnoText(e)}`, RUNTIME_HINT);
  }
  if (st) assertOwnedDir(dir, st, RUNTIME_HINT);
}

/** Throws unless the socket at `path`, if there, is a socket owned by us. Returns whether it exists. */
export function checkSocketOwner(path: string): boolean {
  if (!POSIX_PERMISSIONS) return true;
  let st: LinkStat | undefined;
  try {
    st = lstatOrUndefined(path);
  } catch (e) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `cannot reach the daemon socket ${path}: ${errnoText(e)}`, RUNTIME_HINT);
  }
  if (!st) return false;
  if ((st.mode & S_IFMT) !== S_IFSOCK)
    throw new DebuggerError("RUNTIME_DIR_UNSAFE", `${path} is not a socket; refusing to use it`, `remove it, or ${RUNTIME_HINT}`);
  const uid = currentUid();
  if (uid !== undefined && st.uid !== uid) {
    throw new DebuggerError(
      "RUNTIME_DIR_UNSAFE",
      `permission denied: the daemon socket ${path} belongs to uid ${st.uid}, not to you (uid ${uid}); refusing to talk to it`,
      RUNTIME_HINT,
    );
  }
  return true;
}
