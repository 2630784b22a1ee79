// Whether two spellings of a source path name the same file, however the program was built: the
// debug info may name it relative to another compilation directory (`sub/q.c`), with `..`
// segments, through a symlinked directory, or under a prefix rewritten by -fdebug-prefix-map
// (`/build/proj/sub/q.c`, a path that does not exist here). Pure: what the file system says comes
// in as `PathFacts`.
import { posix } from "node:path";

export interface PathFacts {
  /** Whether the path exists here. */
  exists(path: string): boolean;
  /** The path with every symlink resolved, undefined where it does not exist. */
  real(path: string): string | undefined;
}

/** How well a breakpoint's file matches a stop's file (higher is better; 0: not the same file). */
export const MATCH = { same: 1000, relative: 500, bareName: 1 } as const;

/** The path's components after `.` and `..` are resolved; a relative path loses its leading `..`. */
export function segments(path: string): string[] {
  const n = posix.normalize(path.replace(/\\/g, "/"));
  return n.split("/").filter((s) => s !== "" && s !== "." && s !== "..");
}

/** Windows' file names compare without case (`C:\Src\A.c` is `c:/src/a.c`). */
const fold = (s: string, platform: NodeJS.Platform) => (platform === "win32" ? s.toLowerCase() : s);

/** How many trailing components the two paths share. */
export function commonSuffix(a: string, b: string, platform: NodeJS.Platform = process.platform): number {
  const x = segments(fold(a, platform));
  const y = segments(fold(b, platform));
  let n = 0;
  while (n < x.length && n < y.length && x[x.length - 1 - n] === y[y.length - 1 - n]) n++;
  return n;
}

/** Absolute on the platform: `/x`; on Windows also `C:/x` and `//server/share/x` (separators already `/`). */
function absolute(p: string, platform: NodeJS.Platform): boolean {
  return p.startsWith("/") || (platform === "win32" && /^[A-Za-z]:\//.test(p));
}

/**
 * The score of `wanted` (a breakpoint's file: absolute, or a bare name) against `found` (a file a
 * stop or the adapter names). The rule:
 * - the same path once `.` and `..` are resolved, or the same file once symlinks are: a match;
 * - a bare name (`q.c`) matches any path ending in that name;
 * - a relative path (the compiler's, relative to its directory) matches an absolute one that ends
 *   with its components;
 * - where one of them does not exist here (a rewritten prefix), the trailing components they
 *   share, the base name at least: the best such suffix wins among breakpoints.
 */
export function sourceMatchScore(wanted: string, found: string, facts?: PathFacts, platform: NodeJS.Platform = process.platform): number {
  if (!wanted || !found) return 0;
  const a = wanted.replace(/\\/g, "/");
  const b = found.replace(/\\/g, "/");
  const absA = absolute(a, platform);
  const absB = absolute(b, platform);
  if (absA && absB && fold(posix.normalize(a), platform) === fold(posix.normalize(b), platform)) return MATCH.same;
  if (!a.includes("/")) return segments(fold(b, platform)).at(-1) === fold(a, platform) ? MATCH.bareName : 0;
  if (!b.includes("/")) return segments(fold(a, platform)).at(-1) === fold(b, platform) ? MATCH.bareName : 0;
  const shared = commonSuffix(a, b, platform);
  if (shared === 0) return 0;
  if (absA && absB && facts) {
    const ra = facts.real(a);
    const rb = facts.real(b);
    if (ra !== undefined && rb !== undefined) return ra === rb ? MATCH.same : 0;
  }
  if (!absA || !absB) {
    const relative = absA ? b : a;
    return shared === segments(relative).length ? MATCH.relative + shared : 0;
  }
  // Both absolute: a prefix that is not here (one of them missing) leaves the suffix to compare.
  if (facts && (!facts.exists(a) || !facts.exists(b))) return shared;
  return 0;
}

/**
 * The trailing parts of `path` to offer a debugger where the path itself binds nothing, longest
 * first, of at least two components (`sub/q.c`): a base name alone would bind any file of that name.
 */
export function suffixCandidates(path: string): string[] {
  const parts = segments(path);
  const out: string[] = [];
  for (let n = parts.length - 1; n >= 2; n--) out.push(parts.slice(-n).join("/"));
  return out;
}
