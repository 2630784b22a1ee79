// Finding a source file by name below a directory, for names given without a path.
import { readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";

/** Directories never searched for a source file: tools' caches and installed packages. */
const SKIP_DIRS = new Set(["node_modules", "__pycache__", "site-packages", "dist-packages", "target"]);

/** Files named `name` below `root` (breadth first, hidden directories skipped), bounded so a huge tree cannot stall the daemon. */
export function findBelow(root: string, name: string, maxDepth = 8, maxDirs = 5000): string[] {
  const found: string[] = [];
  let level = [root];
  let seen = 0;
  for (let depth = 0; depth <= maxDepth && level.length && seen < maxDirs; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++seen > maxDirs) break;
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        if (e.isFile() && e.name === name) found.push(join(dir, e.name));
        else if (e.isDirectory() && !e.name.startsWith(".") && !SKIP_DIRS.has(e.name)) next.push(join(dir, e.name));
      }
    }
    level = next;
  }
  return found.sort();
}
