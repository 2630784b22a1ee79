// Which frames are the user's own code, decided from facts rather than the shape of a path. With
// the C library's debug info installed (Debian's libc6-dbg, debuginfod elsewhere) lldb-dap names
// glibc frames `sysdeps/nptl/futex-internal.h` and `nptl/pthread_mutex_lock.c`, gdb
// `./nptl/pthread_create.c`: relative paths that look like a project's. What tells them apart is
// that their source is not here. A frame is the user's when its source file exists on this
// machine (a relative path read against the session's working directory), and is not part of an
// installation: the system's directories, a toolchain, a language's standard library, installed
// packages or a module cache — unless it lies under the session's working directory or the
// program's own directory (a project may live under /opt or /usr/src).
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, normalize } from "node:path";

export interface CodeFacts {
  /** The project's roots: the session's working directory and the program's directory. */
  roots: string[];
  /** Does this file exist here? */
  exists(path: string): boolean;
  /** Functions of the language's runtime, whatever file they are in (AdapterSpec.runtimeFrames). */
  runtimeFrames?: readonly RegExp[];
}

/** Installed code, even inside a project: packages, module caches, toolchains, standard libraries. */
const INSTALLED = [
  /\/(site|dist)-packages\//,
  /\/node_modules\//,
  /\/pkg\/mod\//,
  /\/\.cargo\/registry\//,
  /\/\.rustup\//,
  /\/rustlib\/src\//,
  /\/lib\/python\d[^/]*\//,
  /\/sdk\/go[^/]*\/src\//,
];
/** The system's own directories: code there is the user's only when the project itself is there. */
const SYSTEM_ROOTS = [/^\/usr\//, /^\/lib(32|64)?\//, /^\/opt\//, /^\/rustc\//, /^\/nix\/store\//, /^\/Library\//, /^\/Applications\//, /^\/System\//];

/** The facts for a session: its working directory and its program's directory, the disk, its runtime's functions. */
export function sessionFacts(cwd: string | undefined, program: string | undefined, runtimeFrames?: readonly RegExp[]): CodeFacts {
  const roots = [cwd, program && isAbsolute(program) ? dirname(program) : undefined]
    .filter((r): r is string => !!r)
    .map((r) => normalize(r).replace(/\/+$/, ""));
  const known = new Map<string, boolean>();
  return {
    roots,
    ...(runtimeFrames ? { runtimeFrames } : {}),
    exists: (path) => {
      let yes = known.get(path);
      if (yes === undefined) known.set(path, (yes = existsSync(path)));
      return yes;
    },
  };
}

export function isUserFrame(f: { function?: string; file?: string; line?: number }, facts: CodeFacts): boolean {
  if (!f.file || !f.line) return false;
  if (f.function && facts.runtimeFrames?.some((r) => r.test(f.function!))) return false;
  const path = isAbsolute(f.file) ? normalize(f.file) : facts.roots[0] ? join(facts.roots[0], f.file) : undefined;
  // No source here: a library built elsewhere, whose debug info is installed (glibc's, a Go module's build path).
  if (!path || !facts.exists(path)) return false;
  if (INSTALLED.some((r) => r.test(path))) return false;
  if (facts.roots.some((root) => path.startsWith(`${root}/`))) return true;
  return !SYSTEM_ROOTS.some((r) => r.test(path));
}

/**
 * For a crash, signal, exception or pause that stopped outside the user's code: the index of the
 * first frame in it (0 when the top frame is the user's or none is).
 */
export function userFrameIndex(reason: string, frames: readonly { function?: string; file?: string; line?: number }[], facts: CodeFacts): number {
  // A watchpoint fires where the write happened, often inside strcpy or memset: the caller is the news.
  if (!["signal", "exception", "pause", "panic", "failure", "watchpoint", "core"].includes(reason)) return 0;
  if (!frames.length || isUserFrame(frames[0]!, facts)) return 0;
  const i = frames.findIndex((f) => isUserFrame(f, facts));
  return Math.max(i, 0);
}
