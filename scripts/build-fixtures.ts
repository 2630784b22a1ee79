// Compiles the e2e fixture programs into test/fixtures/build/ (gitignored), with debug info and
// no optimisation so every marked line has code and every local is visible.
// Run: bun scripts/build-fixtures.ts     Import: buildFixtures(), markerLine(file, name)
import { mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
export const fixturesDir = join(root, "test", "fixtures");
export const buildDir = join(fixturesDir, "build");

interface Fixture {
  source: string; // relative to test/fixtures
  compile: (source: string, output: string) => string[];
  /** A library built first (its source relative to test/fixtures), for a type from another crate: argv of its build into buildDir. */
  library?: { source: string; output: string; compile: (source: string, output: string) => string[] };
}

const gcc = (src: string, out: string) => ["gcc", "-g", "-O0", "-o", out, src];
const gxx = (src: string, out: string) => ["g++", "-g", "-O0", "-o", out, src];
// The crate name comes from the file name (`basic`), so Rust symbols read `basic::add`.
const rustc = (src: string, out: string) => ["rustc", "-g", "-C", "opt-level=0", "-o", out, src];

export const fixtures: Record<string, Fixture> = {
  "c-basic": { source: "c/basic.c", compile: gcc },
  "cpp-basic": { source: "cpp/basic.cpp", compile: gxx },
  "rust-basic": { source: "rust/basic.rs", compile: rustc },
  "c-sleeper": { source: "c/sleeper.c", compile: gcc },
  "cpp-sleeper": { source: "cpp/sleeper.cpp", compile: gxx },
  "rust-sleeper": { source: "rust/sleeper.rs", compile: rustc },
  "c-flood": { source: "c/flood.c", compile: gcc },
  "c-logcrash": { source: "c/logcrash.c", compile: gcc },
  "c-ends": { source: "c/ends.c", compile: gcc },
  "c-values": { source: "c/values.c", compile: gcc },
  "c-watch": { source: "c/watch.c", compile: gcc },
  "c-returns": { source: "c/returns.c", compile: gcc },
  "c-sizing": { source: "c/sizing.c", compile: gcc },
  "c-keys": { source: "c/keys.c", compile: gcc },
  "c-keywords": { source: "c/keywords.c", compile: gcc },
  "c-libc": { source: "c/libc.c", compile: (src, out) => ["gcc", "-g", "-O0", "-pthread", "-o", out, src] },
  "cpp-returns": { source: "cpp/returns.cpp", compile: gxx },
  "rust-returns": { source: "rust/returns.rs", compile: rustc },
  "c-hang": { source: "c/hang.c", compile: (src, out) => ["gcc", "-g", "-O0", "-pthread", "-o", out, src] },
  "c-threads": { source: "c/threads.c", compile: (src, out) => ["gcc", "-g", "-O0", "-pthread", "-o", out, src] },
  "c-hits": { source: "c/hits.c", compile: (src, out) => ["gcc", "-g", "-O0", "-pthread", "-o", out, src] },
  "cpp-values": { source: "cpp/values.cpp", compile: gxx },
  "cpp-containers": { source: "cpp/containers.cpp", compile: gxx },
  "cpp-orders": { source: "cpp/orders.cpp", compile: gxx },
  "cpp-calendar": { source: "cpp/calendar.cpp", compile: gxx },
  "cpp-strings": { source: "cpp/strings.cpp", compile: gxx },
  "rust-values": { source: "rust/values.rs", compile: rustc },
  "rust-exprs": { source: "rust/exprs.rs", compile: rustc },
  "rust-passes": { source: "rust/passes.rs", compile: rustc },
  "rust-keywords": { source: "rust/keywords.rs", compile: rustc },
  // Generics, one from another crate (genlib, an rlib built first).
  "rust-generics": {
    source: "rust/generics.rs",
    library: {
      source: "rust/genlib.rs",
      output: "libgenlib.rlib",
      compile: (src, out) => ["rustc", "--edition", "2021", "-g", "-C", "opt-level=0", "--crate-type", "rlib", "--crate-name", "genlib", "-o", out, src],
    },
    compile: (src, out) => ["rustc", "--edition", "2021", "-g", "-C", "opt-level=0", "--extern", `genlib=${join(buildDir, "libgenlib.rlib")}`, "-o", out, src],
  },
  "cpp-throws": { source: "cpp/throws.cpp", compile: gxx },
};

/** Absolute path of a fixture source, e.g. sourcePath("c/basic.c"). */
export function sourcePath(relative: string): string {
  return join(fixturesDir, relative);
}

/** A file's modification time, or undefined when it does not exist. */
export function mtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Builds every fixture that is missing or older than its source; returns name → binary path. */
export async function buildFixtures(): Promise<Record<string, string>> {
  mkdirSync(buildDir, { recursive: true });
  const built: Record<string, string> = {};
  for (const [name, fixture] of Object.entries(fixtures)) {
    const source = sourcePath(fixture.source);
    const output = join(buildDir, name);
    const library = fixture.library ? sourcePath(fixture.library.source) : undefined;
    const sourceTime = Math.max(mtime(source) ?? NaN, library ? (mtime(library) ?? NaN) : 0);
    if (Number.isNaN(sourceTime)) throw new Error(`fixture source missing: ${source}${library ? ` or ${library}` : ""}`);
    const outputTime = mtime(output);
    if (outputTime === undefined || outputTime < sourceTime) {
      if (fixture.library) {
        const temporary = join(buildDir, `${fixture.library.output}.tmp-${process.pid}`);
        const argv = fixture.library.compile(library!, temporary);
        const result = Bun.spawnSync(argv, { cwd: buildDir, stdout: "pipe", stderr: "pipe" });
        if (result.exitCode !== 0) {
          rmSync(temporary, { force: true });
          throw new Error(
            `building fixture ${name}'s library failed (exit ${result.exitCode}): ${argv.join(" ")}\n${result.stdout.toString()}${result.stderr.toString()}`,
          );
        }
        renameSync(temporary, join(buildDir, fixture.library.output));
      }
      // Compile to a temporary name and rename, so a concurrent reader never sees half a binary.
      const temporary = `${output}.tmp-${process.pid}`;
      const argv = fixture.compile(source, temporary);
      const result = Bun.spawnSync(argv, { cwd: buildDir, stdout: "pipe", stderr: "pipe" });
      if (result.exitCode !== 0) {
        rmSync(temporary, { force: true });
        throw new Error(
          `building fixture ${name} failed (exit ${result.exitCode}): ${argv.join(" ")}\n` + `${result.stdout.toString()}${result.stderr.toString()}`,
        );
      }
      renameSync(temporary, output);
    }
    built[name] = output;
  }
  return built;
}

/** 1-based line of the single `@mark NAME` comment in a fixture source (path absolute or relative to test/fixtures). */
export function markerLine(file: string, name: string): number {
  const path = file.startsWith("/") ? file : sourcePath(file);
  const pattern = new RegExp(`@mark ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
  const lines = readFileSync(path, "utf8").split("\n");
  const found = lines.flatMap((text, index) => (pattern.test(text) ? [index + 1] : []));
  if (found.length !== 1) {
    throw new Error(`expected exactly one "@mark ${name}" in ${path}, found ${found.length}`);
  }
  return found[0];
}

if (import.meta.main) {
  const built = await buildFixtures();
  for (const [name, path] of Object.entries(built)) console.log(`${name}\t${path}`);
}
