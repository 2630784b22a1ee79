// The lines around a stop, read from disk by the daemon.
import type { SourceLine } from "../../../ipc/types.ts";

const cache = new Map<string, { mtimeMs: number; lines: string[] }>();

export async function readLines(path: string): Promise<string[] | undefined> {
  try {
    const file = Bun.file(path);
    const stat = await file.stat();
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit.lines;
    const lines = (await file.text()).split(/\r?\n/);
    if (cache.size > 64) cache.clear();
    cache.set(path, { mtimeMs: stat.mtimeMs, lines });
    return lines;
  } catch {
    return undefined;
  }
}

export type LinesReader = (path: string) => Promise<string[] | undefined>;

/**
 * Reads here first; a file that is not here from `elsewhere` (a --via target), remembered per path
 * for the session (each read there is a round trip through the via command).
 */
export function readingElsewhere(elsewhere: (path: string) => Promise<string | undefined>): LinesReader {
  const remembered = new Map<string, string[] | undefined>();
  return async (path) => {
    const here = await readLines(path);
    if (here) return here;
    if (remembered.has(path)) return remembered.get(path);
    const lines = (await elsewhere(path))?.split(/\r?\n/);
    if (remembered.size > 64) remembered.clear();
    remembered.set(path, lines);
    return lines;
  };
}

/** `before` lines above `line`, the line itself, `after` lines below, clipped to the file. */
export async function sourceWindow(
  path: string | undefined,
  line: number | undefined,
  before: number,
  after = before,
  read: LinesReader = readLines,
): Promise<SourceLine[]> {
  if (!path || !line) return [];
  const lines = await read(path);
  if (!lines) return [];
  const out: SourceLine[] = [];
  const last = lines.length - (lines.at(-1) === "" ? 1 : 0);
  for (let n = Math.max(1, line - before); n <= Math.min(last, line + after); n++) {
    out.push({ line: n, text: lines[n - 1]!, current: n === line });
  }
  return out;
}
