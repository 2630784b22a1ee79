// PATH look-ups without a shell, and the small file checks adapter discovery uses.
import { accessSync, constants, readdirSync, realpathSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function pathDirs(): string[] {
  return (process.env.PATH ?? "").split(delimiter).filter(Boolean);
}

export function which(name: string): string | null {
  for (const dir of pathDirs()) {
    const p = join(dir, name);
    if (isExecutable(p)) return p;
  }
  return null;
}

/** Executables on PATH named `base` or `base-NN`, highest NN first, plain `base` first of all. */
export function whichVersioned(base: string): string[] {
  const found: { path: string; version: number }[] = [];
  const re = new RegExp(`^${base.replace(/[-.]/g, "\\$&")}(?:-(\\d+))?$`);
  for (const dir of pathDirs()) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const n of names) {
      const m = re.exec(n);
      if (m && isExecutable(join(dir, n))) found.push({ path: join(dir, n), version: m[1] ? Number(m[1]) : Infinity });
    }
  }
  return found.sort((a, b) => b.version - a.version).map((f) => f.path);
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The resolved path, or the path itself when it cannot be resolved. */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
