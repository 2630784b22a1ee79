// The lines around a stop, read from disk by the daemon.
import type { SourceLine } from "../ipc/types.ts";

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

/** `before` lines above `line`, the line itself, `after` lines below, clipped to the file. */
export async function sourceWindow(path: string | undefined, line: number | undefined, before: number, after = before): Promise<SourceLine[]> {
  if (!path || !line) return [];
  const lines = await readLines(path);
  if (!lines) return [];
  const out: SourceLine[] = [];
  const last = lines.length - (lines.at(-1) === "" ? 1 : 0);
  for (let n = Math.max(1, line - before); n <= Math.min(last, line + after); n++) {
    out.push({ line: n, text: lines[n - 1]!, current: n === line });
  }
  return out;
}
