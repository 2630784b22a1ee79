// `cargo test [OPTIONS] [FILTER] [-- HARNESS ARGS]`: cargo builds the test executables
// (`--no-run --message-format=json` reports their paths, hashed names and all), then the one that
// holds tests matching the filter runs under the debugger with the harness arguments.
import { dirname } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { whichIn, type CallerEnv } from "./python.ts";

/** cargo options that take a value (the others stand alone). */
const VALUE_OPTIONS = new Set([
  "-p",
  "--package",
  "--exclude",
  "--test",
  "--bin",
  "--example",
  "--bench",
  "-F",
  "--features",
  "--target",
  "--target-dir",
  "--manifest-path",
  "--profile",
  "-j",
  "--jobs",
  "--color",
  "--config",
  "-Z",
]);
/** Options that make no sense here. */
const REFUSED: Record<string, string> = {
  "--doc": "doctests are compiled and run by rustdoc, one process each: there is no test executable to debug",
  "--no-run": "the debugger runs the tests",
  "--message-format": "the debugger reads cargo's messages itself",
};

export interface CargoTest {
  /** What the user asked cargo for (package, target, features …), without the filter. */
  cargoArgs: string[];
  filter?: string;
  harnessArgs: string[];
}

export interface TestExecutable {
  path: string;
  /** `lib`, `test` (tests/NAME.rs), `bin` … and the target's name. */
  kind: string;
  name: string;
  /** The package's directory: cargo runs its tests there. */
  packageDir: string;
}

/** argv after `cargo test`. */
export function parseCargoTest(argv: string[]): CargoTest {
  const cargoArgs: string[] = [];
  let filter: string | undefined;
  let harnessArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") {
      harnessArgs = argv.slice(i + 1);
      break;
    }
    const name = word.split("=")[0]!;
    if (name in REFUSED) throw new DebuggerError("USAGE", `cargo test ${name}: ${REFUSED[name]}`, "`debugger test -- cargo test FILTER`");
    if (word.startsWith("-")) {
      cargoArgs.push(word);
      if (VALUE_OPTIONS.has(word) && i + 1 < argv.length) cargoArgs.push(argv[++i]!);
      continue;
    }
    if (filter !== undefined)
      throw new DebuggerError("USAGE", `cargo test takes one filter, not '${filter}' and '${word}'`, "more filters go after `--`: `cargo test -- one two`");
    filter = word;
  }
  return { cargoArgs, filter, harnessArgs };
}

/** The test executables cargo builds for these options; a build failure is the error, with the compiler's words. */
export function buildTests(t: CargoTest, env: CallerEnv): TestExecutable[] {
  const cargo = whichIn("cargo", env) ?? "cargo";
  const r = Bun.spawnSync([cargo, "test", "--no-run", "--message-format=json", ...t.cargoArgs], {
    cwd: env.cwd,
    env: { ...(env.env ?? process.env), PATH: env.path },
    stdout: "pipe",
    stderr: "pipe",
    timeout: 600_000,
  });
  const exes: TestExecutable[] = [];
  const errors: string[] = [];
  for (const line of r.stdout.toString().split("\n")) {
    if (!line.startsWith("{")) continue;
    // biome-ignore lint/suspicious/noExplicitAny: one of cargo's JSON messages, read field by field
    let m: any;
    try {
      m = JSON.parse(line);
    } catch {
      continue;
    }
    if (m.reason === "compiler-artifact" && m.profile?.test && m.executable) {
      const kind = (m.target?.kind ?? [])[0] ?? "test";
      exes.push({ path: m.executable, kind, name: m.target?.name ?? "", packageDir: dirname(m.manifest_path ?? `${env.cwd}/Cargo.toml`) });
    } else if (m.reason === "compiler-message" && m.message?.level === "error" && m.message.rendered) {
      errors.push(m.message.rendered);
    }
  }
  if (r.exitCode !== 0) {
    const said = errors.join("").trim() || r.stderr.toString().trim().split("\n").slice(-15).join("\n");
    throw new DebuggerError(
      "LAUNCH_FAILED",
      `cargo test --no-run failed (exit code ${r.exitCode}):\n${said}`,
      "fix the build; `cargo test --no-run` shows the same",
    );
  }
  return exes;
}

/** How many tests of an executable match the filter (`EXE FILTER --list`), so the run goes where the test is. */
export function matchingTests(exe: TestExecutable, filter: string | undefined, harnessArgs: string[]): string[] {
  const exact = harnessArgs.includes("--exact");
  const r = Bun.spawnSync([exe.path, ...(filter !== undefined ? [filter] : []), ...(exact ? ["--exact"] : []), "--list", "--format", "terse"], {
    cwd: exe.packageDir,
    stdout: "pipe",
    stderr: "pipe",
    timeout: 30_000,
  });
  if (r.exitCode !== 0) return [];
  return [...r.stdout.toString().matchAll(/^(.+): test$/gm)].map((m) => m[1]!);
}

/** The harness arguments the run gets: the filter, one thread (stops are per test), output as it comes. */
export function harnessArguments(t: CargoTest): string[] {
  const args = [...(t.filter !== undefined ? [t.filter] : []), ...t.harnessArgs];
  if (!t.harnessArgs.some((a) => a.startsWith("--test-threads"))) args.push("--test-threads=1");
  // Captured output would hold the panic message until the test ends: the stop could not say it.
  if (!t.harnessArgs.some((a) => a === "--nocapture" || a === "--no-capture" || a === "--show-output")) args.push("--nocapture");
  return args;
}

/** `cargo test` narrowed to one test: its name as the filter, matched exactly by the harness. */
export function cargoOneTest(command: string[], name: string): string[] {
  const sep = command.indexOf("--");
  return sep < 0 ? [...command, name, "--", "--exact"] : [...command.slice(0, sep), name, ...command.slice(sep), "--exact"];
}
