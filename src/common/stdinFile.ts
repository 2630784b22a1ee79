// The program's stdin (`--stdin FILE`, `--stdin -`). A FILE is the program's fd 0 itself, opened
// read-only as `prog < FILE` opens it. `-` is the CLI's own stdin: the CLI copies it to a private
// file in the runtime directory's stdin/ (mode 0600) before the request, so every adapter gets a
// real file and `restart` can give it again; the daemon deletes a copy when the session holding
// it is gone (docs/decisions.md: "stdin").
import { accessSync, closeSync, constants, mkdirSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isatty } from "node:tty";
import { DebuggerError } from "./errors.ts";
import { runtimeDir } from "./paths.ts";

export function stdinCopyDir(env = process.env): string {
  return join(runtimeDir(env), "stdin");
}

/** A copy the CLI made of its own stdin: the daemon owns it from the request on. */
export function isStdinCopy(path: string | undefined): path is string {
  return !!path && dirname(path) === stdinCopyDir();
}

export function removeStdinCopy(path: string | undefined): void {
  if (!isStdinCopy(path)) return;
  try {
    rmSync(path, { force: true });
  } catch {}
}

/**
 * The absolute path of a `--stdin` file the program can read, checked before anything starts:
 * a missing, unreadable or non-file path is the caller's to fix (INVALID_ARGUMENT, exit 2).
 */
export function checkStdinFile(given: string, cwd: string): string {
  if (given === "-") {
    throw new DebuggerError(
      "USAGE",
      "--stdin - is the CLI's own stdin, which only the command line has",
      "give the path of a file the program reads as its stdin",
    );
  }
  if (given === "")
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      "--stdin takes a file, not an empty string",
      "give the path of a file the program reads as its stdin, or `-` (the CLI's stdin)",
    );
  const path = resolve(cwd, given);
  // Adapters take the path in a command line (LLDB's settings, gdb's start-up shell over GDB/MI):
  // a line break would end it.
  if (/[\n\r\0]/.test(path))
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `--stdin ${JSON.stringify(given)}: a path with a line break cannot be given to every debugger`,
      "rename the file, or link it under a plain name (`ln -s`)",
    );
  let isFile: boolean;
  try {
    const st = statSync(path);
    // A regular file only: a FIFO's open waits for its writer (in the daemon, for Delve), and a
    // terminal device would become the daemon's controlling terminal.
    isFile = st.isFile() || path === "/dev/null";
    if (st.isDirectory())
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `--stdin ${given} is a directory (looked in ${cwd})`,
        "give the path of a file the program reads as its stdin",
      );
  } catch (e) {
    if (e instanceof DebuggerError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR")
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `--stdin ${given}: no such file (looked in ${cwd})`,
        "give the path of a file the program reads as its stdin, or `-` to pass on the CLI's own stdin",
      );
    throw new DebuggerError("INVALID_ARGUMENT", `--stdin ${given}: cannot be read (${code ?? (e as Error).message})`, "give a file you can read");
  }
  if (!isFile)
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `--stdin ${given} is not a regular file (a pipe, a device or a socket)`,
      `pass it on through the CLI's stdin: \`debugger … --stdin - < ${given}\`, which copies it to a file first`,
    );
  try {
    accessSync(path, constants.R_OK);
  } catch (e) {
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `--stdin ${given}: cannot be read (${(e as NodeJS.ErrnoException).code ?? "no permission"})`,
      `give a file you can read (\`ls -l ${given}\` shows its permissions)`,
    );
  }
  return path;
}

/**
 * A path that names one of the CLI's own descriptors (`<(cmd)` gives /dev/fd/63, and /dev/stdin):
 * it means nothing in the daemon, so the CLI copies it as it copies `-`.
 */
export function isOwnDescriptor(path: string): boolean {
  return /^\/dev\/(stdin|fd\/\d+)$|^\/proc\/(self|thread-self)\/fd\/\d+$/.test(path);
}

/**
 * `--stdin -`: the CLI's stdin copied to a new private file, whose path goes in the request. A
 * terminal is refused: the program would see nothing until Ctrl-D, and then all of it at once,
 * which is not the interactive stdin a terminal promises.
 */
export async function copyOwnStdin(source?: string): Promise<string> {
  if (source === undefined && isatty(0)) {
    throw new DebuggerError(
      "USAGE",
      "--stdin - passes on the CLI's stdin, and it is a terminal: the program cannot read a terminal under the debugger",
      "pipe or redirect the input (`debugger run ./prog --stdin - < input.txt`, `producer | debugger run ./prog --stdin -`), or give a file: --stdin FILE",
    );
  }
  const dir = stdinCopyDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  let fd: number | undefined;
  try {
    // "wx" with 0600: a new file only the user can read, whatever the umask.
    fd = openSync(path, "wx", 0o600);
    for await (const chunk of (source === undefined ? Bun.stdin : Bun.file(source)).stream()) {
      for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
    }
  } catch (e) {
    removeStdinCopy(path);
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `--stdin ${source ?? "-"}: ${source ? "it" : "the CLI's stdin"} could not be copied (${(e as Error).message})`,
      "give a file instead: --stdin FILE",
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return path;
}
