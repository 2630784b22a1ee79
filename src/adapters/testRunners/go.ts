// `go test [build flags] [PKG] [test flags] [-args …]` as Delve's test mode wants it: the package's
// directory, go's build flags as `buildFlags`, and the test flags spelled as the test binary takes
// them (`-run X` → `-test.run=X`). Delve builds the test binary itself with optimisations off.
import { isAbsolute, resolve } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { isDirectory } from "../which.ts";
import { whichIn, type CallerEnv } from "./python.ts";

/** Flags of the test binary (`go help testflag`): `true` takes a value. */
const TEST_FLAGS: Record<string, boolean> = {
  run: true,
  skip: true,
  v: false,
  count: true,
  failfast: false,
  timeout: true,
  short: false,
  parallel: true,
  cpu: true,
  list: true,
  bench: true,
  benchtime: true,
  benchmem: false,
  shuffle: true,
  json: false,
  coverprofile: true,
  cpuprofile: true,
  memprofile: true,
  blockprofile: true,
  mutexprofile: true,
  trace: true,
  outputdir: true,
};
/** `go build` flags that take a value; the others (-race, -trimpath, -a, -x …) stand alone. */
const BUILD_VALUE_FLAGS = new Set([
  "tags",
  "ldflags",
  "gcflags",
  "asmflags",
  "mod",
  "modfile",
  "overlay",
  "pkgdir",
  "toolexec",
  "buildmode",
  "compiler",
  "gccgoflags",
  "installsuffix",
  "p",
  "exec",
  "o",
  "covermode",
  "coverpkg",
  "vet",
  "C",
]);
/** Flags that make no sense under a debugger or that the test mode sets itself. */
const REFUSED: Record<string, string> = {
  c: "the debugger builds the test binary itself",
  o: "the debugger builds the test binary itself",
  exec: "the debugger runs the test binary itself",
  json: "the report is the debugger's; run `go test -json` without it",
  fuzz: "fuzzing runs many processes",
};

export interface GoTestPlan {
  /** The one package's directory; undefined when several are named (`./...`, a list): a plain run finds the failing one. */
  packageDir?: string;
  /** The packages as given (none: the current directory's). */
  packages: string[];
  /** Arguments of the test binary. */
  args: string[];
  /** `go build` flags for Delve (a string, as Delve takes it). */
  buildFlags: string[];
}

function quoteFlag(f: string): string {
  return /[\s'"]/.test(f) ? `'${f.replace(/'/g, `'\\''`)}'` : f;
}

export function buildFlagsString(flags: string[]): string {
  return flags.map(quoteFlag).join(" ");
}

/** argv after `go test`. */
export function parseGoTest(argv: string[], env: CallerEnv): GoTestPlan {
  const packages: string[] = [];
  const args: string[] = [];
  const buildFlags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "-args" || word === "--args") {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (!word.startsWith("-") || word === "-") {
      packages.push(word);
      continue;
    }
    const m = /^--?(?:test\.)?([\w.-]+)(?:=(.*))?$/s.exec(word)!;
    const name = m[1]!;
    if (name in REFUSED) throw new DebuggerError("USAGE", `go test -${name}: ${REFUSED[name]}`, "leave it out: `debugger test -- go test ./pkg -run TestName`");
    const takeValue = () => {
      if (m[2] !== undefined) return m[2];
      const next = argv[++i];
      if (next === undefined) throw new DebuggerError("USAGE", `go test -${name} needs a value`, "e.g. `go test -run TestAdd`");
      return next;
    };
    if (name in TEST_FLAGS) {
      args.push(TEST_FLAGS[name] ? `-test.${name}=${takeValue()}` : m[2] !== undefined ? `-test.${name}=${m[2]}` : `-test.${name}`);
    } else if (BUILD_VALUE_FLAGS.has(name)) {
      buildFlags.push(`-${name}=${takeValue()}`);
    } else {
      buildFlags.push(m[2] !== undefined ? `-${name}=${m[2]}` : `-${name}`);
    }
  }
  if (packages.length > 1 || packages.some((p) => p.includes("..."))) return { packages, args, buildFlags };
  return { packageDir: packageDir(packages[0] ?? ".", env), packages, args, buildFlags };
}

/** A relative or absolute directory as is; an import path through `go list`, in the caller's module. */
export function packageDir(pkg: string, env: CallerEnv): string {
  if (pkg.startsWith(".") || isAbsolute(pkg)) {
    const dir = resolve(env.cwd, pkg);
    if (!isDirectory(dir))
      throw new DebuggerError("PROGRAM_NOT_FOUND", `go test ${pkg}: no such directory (looked in ${env.cwd})`, "name the package's directory, e.g. ./calc");
    return dir;
  }
  const r = Bun.spawnSync([whichIn("go", env) ?? "go", "list", "-f", "{{.Dir}}", pkg], {
    cwd: env.cwd,
    env: { ...(env.env ?? process.env), PATH: env.path },
    stdout: "pipe",
    stderr: "pipe",
    timeout: 60_000,
  });
  const dir = r.stdout.toString().trim();
  if (r.exitCode !== 0 || !dir || dir.includes("\n")) {
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `go test ${pkg}: ${r.stderr.toString().trim().split("\n")[0] || "go list found no single package"}`,
      "name the package's directory, e.g. ./calc",
    );
  }
  return dir;
}

/** One test's (or, without `test`, a package's) result in a plain `go test -json` run. */
export interface GoOutcome {
  pkg: string;
  test?: string;
}

export interface GoSurvey {
  /** Tests that failed, in package order (go lists packages sorted) and then in the order they ran. */
  failed: GoOutcome[];
  /** Packages that failed with no failing test of their own (os.Exit in a test, TestMain, a panic in init, a timeout). */
  packageFailed: string[];
  /** Packages that did not build, with what the compiler said (stderr, or go 1.24's build-output events). */
  buildFailed: string[];
  /** Packages that passed. */
  passed: string[];
  /** Tests started and not finished (the run was ended at the timeout): where it hangs. */
  running: GoOutcome[];
  /** Top-level tests that passed. */
  passedTests: number;
}

/**
 * `go test -json` read back: stdout is one JSON event a line, except go's own lines (go 1.19–1.23
 * print `FAIL pkg [build failed]` as plain text, the compiler's errors on stderr).
 */
export function readGoJson(stdout: string): GoSurvey {
  const failed: GoOutcome[] = [];
  const pkgFail = new Set<string>();
  const pkgPass = new Set<string>();
  const build = new Set<string>();
  const started = new Map<string, GoOutcome>();
  let passedTests = 0;
  for (const line of stdout.split("\n")) {
    const plain = /^FAIL\s+(\S+)\s+\[(build|setup) failed\]/.exec(line);
    if (plain) {
      build.add(plain[1]!);
      continue;
    }
    if (!line.startsWith("{")) continue;
    let e: { Action?: string; Package?: string; Test?: string; ImportPath?: string; FailedBuild?: string };
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    // go 1.24's build events name `pkg [pkg.test]`.
    const pkg = (e.Package ?? e.ImportPath ?? "").split(" ")[0]!;
    if (e.Action === "build-fail") build.add(pkg);
    if (e.FailedBuild) build.add(e.FailedBuild.split(" ")[0]!);
    const key = `${pkg}\0${e.Test ?? ""}`;
    if (e.Action === "run" && e.Test) started.set(key, { pkg, test: e.Test });
    if (e.Action === "pass" || e.Action === "fail" || e.Action === "skip") started.delete(key);
    if (e.Action === "pass" && e.Test && !e.Test.includes("/")) passedTests++;
    if (e.Action === "fail" && e.Test) failed.push({ pkg, test: e.Test });
    if (e.Action === "fail" && !e.Test) pkgFail.add(pkg);
    if (e.Action === "pass" && !e.Test) pkgPass.add(pkg);
  }
  // A subtest's failure fails its parent too: the parent is named once, by its failing subtest.
  const own = failed.filter((f) => !failed.some((g) => g.pkg === f.pkg && g.test!.startsWith(`${f.test}/`)));
  const byPkg = (a: GoOutcome, b: GoOutcome) => (a.pkg < b.pkg ? -1 : a.pkg > b.pkg ? 1 : 0);
  const withFailedTest = new Set(own.map((f) => f.pkg));
  return {
    failed: own.sort(byPkg),
    packageFailed: [...pkgFail].filter((p) => !withFailedTest.has(p) && !build.has(p)).sort(),
    buildFailed: [...build].sort(),
    passed: [...pkgPass].sort(),
    running: [...started.values()].filter((r) => ![...started.values()].some((o) => o.pkg === r.pkg && o.test!.startsWith(`${r.test}/`))).sort(byPkg),
    passedTests,
  };
}

/** `go test` narrowed to one test: `-run '^NAME$'`, the name as a literal in go's regexp syntax. */
export function goOneTest(command: string[], name: string): string[] {
  return [...command, "-run", `^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`];
}
