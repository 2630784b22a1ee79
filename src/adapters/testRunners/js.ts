// JavaScript test runs as the user types them: `npx vitest run`, `npx jest`, `npm test` / `npm run
// NAME` (the package.json script read and followed to its runner), or the runner's own name. The
// runner's CLI script runs under js-debug; where it would run tests in workers, it is told to run
// them one at a time (vitest: one child process per file, in turn, each followed; jest: in its own
// process), so the failing test's process is the one being debugged.
import { readFileSync, realpathSync } from "node:fs";
import { basename, delimiter, dirname, join, resolve } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { isFile } from "../which.ts";
import { whichIn, type CallerEnv } from "../shebang.ts";
import type { Runner } from "./summary.ts";
import type { Survey } from "./survey.ts";

export interface JsPlan {
  runner: Runner;
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  notes: string[];
  /** node --test: node's own options, before the file. */
  nodeArgs?: string[];
  /** node --test with several files: each runs plainly first (survey.ts). */
  survey?: Survey;
}

/** The runners known by their command name, and how each is made to run its tests in a followed process. */
const RUNNERS = new Set(["vitest", "jest"]);

/** The nearest directory at or above `dir` holding a package.json (npm's project root). */
function packageRoot(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (isFile(join(d, "package.json"))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** A package's bin in node_modules/.bin at or above `dir` (what npx and npm scripts run), else on PATH. */
function findBin(name: string, ctx: CallerEnv): string | undefined {
  if (name.includes("/")) return whichIn(name, ctx) ?? undefined;
  for (let d = resolve(ctx.cwd); ; d = dirname(d)) {
    const bin = join(d, "node_modules", ".bin", name);
    if (isFile(bin)) return bin;
    if (dirname(d) === d) break;
  }
  return whichIn(name, ctx) ?? undefined;
}

/** `npx [OPTIONS] CMD ARGS` / `npm exec -- CMD ARGS`: CMD as installed in the project. */
export function planNpx(rest: string[], ctx: CallerEnv, plan: (command: string[], ctx: CallerEnv) => JsPlan): JsPlan {
  let i = 0;
  for (; i < rest.length && rest[i]!.startsWith("-"); i++) {
    const w = rest[i]!;
    if (w === "--") {
      i++;
      break;
    }
    if (w === "-c" || w === "--call" || w === "-p" || w === "--package" || w.startsWith("--package=")) {
      throw new DebuggerError(
        "USAGE",
        `npx ${w} runs a command line or a package named apart: debugger test follows a runner installed in the project`,
        "`debugger test -- npx vitest run` (or jest) in the project that has it in node_modules",
      );
    }
  }
  const [cmd, ...args] = rest.slice(i);
  if (!cmd) throw new DebuggerError("USAGE", "npx without a command runs nothing to test", "`debugger test -- npx vitest run` or `debugger test -- npx jest`");
  return plan([cmd, ...args], ctx);
}

/** Splits a package.json script into words; undefined when it needs a shell (operators, expansions). */
export function scriptWords(script: string): string[] | undefined {
  const words: string[] = [];
  let cur = "";
  let has = false;
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      if (end < 0) return undefined;
      const inner = script.slice(i + 1, end);
      if (c === '"' && /[$`\\]/.test(inner)) return undefined;
      cur += inner;
      has = true;
      i = end;
    } else if (/\s/.test(c)) {
      if (has) words.push(cur);
      cur = "";
      has = false;
    } else if (/[|&;<>()$`\\*?~{}]/.test(c)) return undefined;
    else {
      cur += c;
      has = true;
    }
  }
  if (has) words.push(cur);
  return words;
}

/** `npm test` / `npm run NAME [-- ARGS]`: the script read from package.json and followed to its runner. */
export function planNpmScript(rest: string[], ctx: CallerEnv, plan: (command: string[], ctx: CallerEnv) => JsPlan): JsPlan {
  const sub = rest[0];
  let name: string | undefined;
  let after: string[];
  if (sub === "test" || sub === "t" || sub === "tst") {
    name = "test";
    after = rest.slice(1);
  } else if (sub === "run" || sub === "run-script" || sub === "rum" || sub === "urn") {
    name = rest.slice(1).find((w) => !w.startsWith("-"));
    after = name ? rest.slice(rest.indexOf(name) + 1) : [];
  } else if (sub === "exec" || sub === "x") return planNpx(rest.slice(1), ctx, plan);
  else throw new DebuggerError("USAGE", `'npm ${sub ?? ""}' is not a test run`, "`debugger test -- npm test`, `debugger test -- npm run test:unit`");
  if (!name) throw new DebuggerError("USAGE", "npm run needs the script's name", "`debugger test -- npm run test`");
  const root = packageRoot(ctx.cwd);
  if (!root) throw new DebuggerError("PROGRAM_NOT_FOUND", `no package.json in ${ctx.cwd} or above it`, "run it in the project's directory");
  let scripts: Record<string, unknown> = {};
  try {
    scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts ?? {}) as Record<string, unknown>;
  } catch (e) {
    throw new DebuggerError("USAGE", `${join(root, "package.json")} cannot be read: ${(e as Error).message}`, "fix the package.json");
  }
  const script = scripts[name];
  if (typeof script !== "string") {
    const names = Object.keys(scripts).filter((k) => typeof scripts[k] === "string");
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `${join(root, "package.json")} has no '${name}' script${names.length ? ` (it has: ${names.join(", ")})` : ""}`,
      "`debugger test -- npx vitest run` (or jest) runs the runner itself",
    );
  }
  // npm passes what follows `--` to the script (and, since npm 7, any word after the name).
  const extra = after[0] === "--" ? after.slice(1) : after;
  const words = scriptWords(script);
  const env: Record<string, string> = {};
  while (words?.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) {
    const w = words.shift()!;
    env[w.slice(0, w.indexOf("="))] = w.slice(w.indexOf("=") + 1);
  }
  if (!words?.length) {
    throw new DebuggerError(
      "USAGE",
      `the '${name}' script (${script}) needs a shell: debugger test follows a script that runs one test runner`,
      "give the runner's command: `debugger test -- npx vitest run` (or jest, node --test FILE)",
    );
  }
  // npm runs the script in the package's directory with its node_modules/.bin first on PATH.
  const inner: CallerEnv = { ...ctx, cwd: root, path: [join(root, "node_modules", ".bin"), ctx.path].filter(Boolean).join(delimiter) };
  const p = plan([...words, ...extra], inner);
  const notes = [`npm's '${name}' script runs \`${[...words, ...extra].join(" ")}\``];
  if (typeof scripts[`pre${name}`] === "string" || typeof scripts[`post${name}`] === "string") notes.push(`the pre${name}/post${name} scripts are not run`);
  return { ...p, env: { ...env, ...p.env }, notes: [...notes, ...p.notes] };
}

/** The runner a bin runs, by the package its script lives in (node_modules/vitest/vitest.mjs …). */
export function runnerOf(bin: string): { runner: "vitest" | "jest"; script: string; version?: string } | undefined {
  let script: string;
  try {
    script = realpathSync(bin);
  } catch {
    return undefined;
  }
  for (let d = dirname(script); dirname(d) !== d; d = dirname(d)) {
    if (!isFile(join(d, "package.json"))) continue;
    let pkg: { name?: string; version?: string };
    try {
      pkg = JSON.parse(readFileSync(join(d, "package.json"), "utf8"));
    } catch {
      return undefined;
    }
    // jest's bin lives in jest-cli (the `jest` package re-exports it).
    const runner = pkg.name === "vitest" ? "vitest" : pkg.name === "jest" || pkg.name === "jest-cli" ? "jest" : undefined;
    return runner ? { runner, script, version: pkg.version } : undefined;
  }
  return undefined;
}

/** `vitest …` / `jest …` by name or path, or undefined when `cmd` is neither. */
export function planJsRunner(cmd: string, args: string[], ctx: CallerEnv): JsPlan | undefined {
  const named = basename(cmd);
  const bin = RUNNERS.has(named) || cmd.includes("/") ? findBin(cmd, ctx) : undefined;
  if (!bin) {
    if (RUNNERS.has(named))
      throw new DebuggerError(
        "PROGRAM_NOT_FOUND",
        `${named} is not installed in the project (no node_modules/.bin/${named} in ${ctx.cwd} or above, nor on PATH)`,
        `\`npm install -D ${named}\` in the project (npx would download it for each run)`,
      );
    return undefined;
  }
  const r = runnerOf(bin);
  if (!r) return undefined;
  return r.runner === "vitest" ? planVitest(r.script, args, ctx, r.version) : planJest(r.script, args, ctx);
}

/**
 * vitest runs each test file in a worker: a child process of its `forks` pool (threads are
 * never followed), one file at a time so each is followed in turn.
 */
function planVitest(script: string, args: string[], ctx: CallerEnv, version: string | undefined): JsPlan {
  const notes: string[] = [];
  const major = Number(version?.split(".")[0] ?? NaN);
  if (major < 1)
    throw new DebuggerError("UNSUPPORTED", `vitest ${version} is older than the 1.0 this follows`, "update vitest (`npm install -D vitest@latest`)");
  const out = [...args];
  // `vitest` alone watches on a terminal; a test run is `vitest run`.
  if (out[0] === "watch" || out[0] === "dev") {
    out.shift();
    notes.push(`vitest ${args[0]} runs once here (vitest run)`);
  }
  if (out[0] !== "run") out.unshift("run");
  const { kept, dropped } = without(out, /^--(watch|ui|browser|no-file-parallelism|file-parallelism)$/, /^--(pool|poolOptions\.[\w.]+|maxWorkers|minWorkers)$/);
  if (dropped.length) notes.push(`vitest options not passed on: ${dropped.join(" ")} (the tests run in child processes, one file at a time)`);
  return { runner: "vitest", program: script, args: [...kept, "--pool=forks", "--no-file-parallelism"], cwd: ctx.cwd, env: {}, notes };
}

/** jest runs the tests in its own process with --runInBand (its workers would be processes run in parallel). */
function planJest(script: string, args: string[], ctx: CallerEnv): JsPlan {
  const notes: string[] = [];
  const { kept, dropped } = without(args, /^--watch(All)?$/, /^(--maxWorkers|-w)$/);
  if (dropped.length) notes.push(`jest options not passed on: ${dropped.join(" ")} (the tests run in jest's own process, --runInBand)`);
  const inBand = kept.some((w) => w === "-i" || w === "--runInBand");
  return { runner: "jest", program: script, args: inBand ? kept : [...kept, "--runInBand"], cwd: ctx.cwd, env: {}, notes };
}

/** `args` without the options matching `flags` (alone or `=VALUE`) or `valued` (with their value, `=`-joined or the next word). */
function without(args: string[], flags: RegExp, valued: RegExp): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const name = w.includes("=") ? w.slice(0, w.indexOf("=")) : w;
    if (flags.test(name)) dropped.push(w);
    else if (valued.test(name)) {
      dropped.push(w);
      if (!w.includes("=") && i + 1 < args.length && !args[i + 1]!.startsWith("-")) dropped.push(args[++i]!);
    } else kept.push(w);
  }
  return { kept, dropped };
}
