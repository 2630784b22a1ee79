// `go test [build flags] [PKG] [test flags] [-args …]` as Delve's test mode wants it: the package's
// directory, go's build flags as `buildFlags`, and the test flags spelled as the test binary takes
// them (`-run X` → `-test.run=X`). Delve builds the test binary itself with optimisations off.
import { isAbsolute, resolve } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { isDirectory } from "../which.ts";
import { whichIn, type CallerEnv } from "./python.ts";

/** Flags of the test binary (`go help testflag`): `true` takes a value. */
const TEST_FLAGS: Record<string, boolean> = {
  run: true, skip: true, v: false, count: true, failfast: false, timeout: true, short: false, parallel: true, cpu: true,
  list: true, bench: true, benchtime: true, benchmem: false, shuffle: true, json: false,
  coverprofile: true, cpuprofile: true, memprofile: true, blockprofile: true, mutexprofile: true, trace: true, outputdir: true,
};
/** `go build` flags that take a value; the others (-race, -trimpath, -a, -x …) stand alone. */
const BUILD_VALUE_FLAGS = new Set(["tags", "ldflags", "gcflags", "asmflags", "mod", "modfile", "overlay", "pkgdir", "toolexec", "buildmode", "compiler", "gccgoflags", "installsuffix", "p", "exec", "o", "covermode", "coverpkg", "vet", "C"]);
/** Flags that make no sense under a debugger or that the test mode sets itself. */
const REFUSED: Record<string, string> = {
  c: "the debugger builds the test binary itself",
  o: "the debugger builds the test binary itself",
  exec: "the debugger runs the test binary itself",
  json: "the report is the debugger's; run `go test -json` without it",
  fuzz: "fuzzing runs many processes",
};

export interface GoTestPlan {
  packageDir: string;
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
  if (packages.length > 1 || packages.some((p) => p.endsWith("/...") || p === "...")) {
    throw new DebuggerError("USAGE", `go test ${packages.join(" ")}: one package at a time under the debugger`, "name the package that fails: `debugger test -- go test ./pkg -run TestName`");
  }
  return { packageDir: packageDir(packages[0] ?? ".", env), args, buildFlags };
}

/** A relative or absolute directory as is; an import path through `go list`, in the caller's module. */
function packageDir(pkg: string, env: CallerEnv): string {
  if (pkg.startsWith(".") || isAbsolute(pkg)) {
    const dir = resolve(env.cwd, pkg);
    if (!isDirectory(dir)) throw new DebuggerError("PROGRAM_NOT_FOUND", `go test ${pkg}: no such directory (looked in ${env.cwd})`, "name the package's directory, e.g. ./calc");
    return dir;
  }
  const r = Bun.spawnSync([whichIn("go", env) ?? "go", "list", "-f", "{{.Dir}}", pkg], { cwd: env.cwd, env: { ...(env.env ?? process.env), PATH: env.path }, stdout: "pipe", stderr: "pipe", timeout: 60_000 });
  const dir = r.stdout.toString().trim();
  if (r.exitCode !== 0 || !dir || dir.includes("\n")) {
    throw new DebuggerError("PROGRAM_NOT_FOUND", `go test ${pkg}: ${r.stderr.toString().trim().split("\n")[0] || "go list found no single package"}`, "name the package's directory, e.g. ./calc");
  }
  return dir;
}
