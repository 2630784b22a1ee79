// gdb's index cache, kept in ours. Without an index in the file, gdb builds one for every object
// file it loads (the program, ld.so, libc's separate debug info) at every start; with `set
// index-cache` on it writes each index once, named by the file's build ID, and reads it after. A
// `run` on gdb 13 took 0.80 of its time with the cache (BENCHMARKS.md); the first run for a new
// file pays for the write. gdb never prunes the cache, so this keeps it within a budget.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { cacheDir } from "../common/paths.ts";
import { ensurePrivateDir } from "../common/privateFiles.ts";

/** What the cache may hold; the files used least recently go first. */
export const INDEX_CACHE_MAX_BYTES = 512 * 1024 * 1024;
/** Pruned at most this often by one process. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

let lastPrune = 0;

/**
 * gdb's options for the cache in `dir` (default: ours, created private), for gdb `version`;
 * none for a gdb without one (before 8.3), a version not known, or a directory that cannot be ours.
 */
export function gdbIndexCacheOptions(version: string | undefined, dir?: string): string[] {
  const [major = 0, minor = 0] = (version ?? "").split(".").map(Number);
  if (!(major > 8 || (major === 8 && minor >= 3))) return [];
  const where = dir ?? ownIndexCacheDir();
  // gdb takes the rest of the line as the directory: a line break cannot be said.
  if (!where || /[\r\n]/.test(where)) return [];
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    // Off the path of the launch that asked.
    setTimeout(() => pruneIndexCache(where), 0).unref?.();
  }
  // gdb 12 renamed `set index-cache on` to `set index-cache enabled on` (the old one warns).
  const on = major >= 12 ? "set index-cache enabled on" : "set index-cache on";
  return ["-iex", `set index-cache directory ${where}`, "-iex", on];
}

/** cacheDir()/gdb-index, private (0700, ours, not a symlink), or undefined where it cannot be. */
function ownIndexCacheDir(): string | undefined {
  const base = cacheDir();
  const dir = join(base, "gdb-index");
  try {
    ensurePrivateDir(base);
    ensurePrivateDir(dir);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Removes the files used least recently until the rest fit in `maxBytes`. Used: the later of the
 * last write and the last read (gdb only reads a file it has written; Linux updates the read time
 * about once a day).
 */
export function pruneIndexCache(dir: string, maxBytes = INDEX_CACHE_MAX_BYTES): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const files = names.flatMap((name) => {
    try {
      const st = statSync(join(dir, name));
      return st.isFile() ? [{ name, size: st.size, used: Math.max(st.mtimeMs, st.atimeMs) }] : [];
    } catch {
      return [];
    }
  });
  let total = files.reduce((sum, f) => sum + f.size, 0);
  files.sort((a, b) => a.used - b.used);
  for (const f of files) {
    if (total <= maxBytes) break;
    rmSync(join(dir, f.name), { force: true });
    total -= f.size;
  }
}
