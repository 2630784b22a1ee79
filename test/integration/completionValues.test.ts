// Completion of values (issue 23): `--adapter`, `--format` from the binary; breakpoint ids, thread
// ids and catch filters from the live session, asked of a running daemon that completion never
// starts. Each shell's real completion code runs: bash's _debugger, zsh's _debugger with compadd
// captured (zsh completes only inside its line editor), fish's `complete -C`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { BIN, Env } from "./harness.ts";

const CI = process.env.CI === "true";
function shell(name: string): string | null {
  const path = Bun.which(name);
  if (!path && CI) throw new Error(`${name} is not installed (CI installs it in .ci/run)`);
  if (!path) console.warn(`skipping the ${name} check: ${name} is not installed`);
  return path;
}

let env: Env;
const scripts: Record<string, string> = {};
/** The scripts call `debugger` from PATH, with the test's runtime directory. */
let shellEnv: Record<string, string>;

beforeAll(async () => {
  env = new Env();
  for (const sh of ["bash", "zsh", "fish"]) {
    const r = await env.run(["completion", sh], { json: false });
    expect(r.exitCode).toBe(0);
    scripts[sh] = join(env.dir, `completion.${sh}`);
    writeFileSync(scripts[sh]!, r.stdout);
  }
  shellEnv = { ...env.env, PATH: `${dirname(BIN)}:${process.env.PATH}` };
});
afterAll(() => env.close());

function bash(words: string[]): string[] {
  const line = words.map((w) => `'${w}'`).join(" ");
  const r = Bun.spawnSync(
    ["bash", "-c", `source '${scripts.bash}'; COMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _debugger; printf '%s\\n' "\${COMPREPLY[@]}"`],
    { env: shellEnv },
  );
  expect(r.stderr.toString()).toBe("");
  return r.stdout.toString().split("\n").filter(Boolean).sort();
}

function zsh(words: string[]): string[] | null {
  const z = shell("zsh");
  if (!z) return null;
  const line = words.map((w) => `'${w}'`).join(" ");
  // Outside the line editor `words` and `CURRENT` are plain variables; compadd and friends print.
  const stubs =
    'compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }; _files() { print __files__; }; _describe() { print -l -- "${reply[@]%%:*}"; }';
  const r = Bun.spawnSync([z, "-f", "-c", `${stubs}; source '${scripts.zsh}'; words=(${line}); CURRENT=${words.length}; _debugger`], { env: shellEnv });
  expect(r.stderr.toString()).toBe("");
  const cur = words.at(-1)!;
  return r.stdout
    .toString()
    .split("\n")
    .filter((w) => w !== "" && w.startsWith(cur))
    .sort();
}

function fish(line: string): string[] | null {
  const f = shell("fish");
  if (!f) return null;
  const r = Bun.spawnSync([f, "--no-config", "-c", `source '${scripts.fish}'; complete -C '${line}'`], { env: shellEnv });
  expect(r.stderr.toString()).toBe("");
  return r.stdout
    .toString()
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t")[0]!)
    .sort();
}

describe("values the binary knows", () => {
  test("--adapter completes the adapters, --format the formats of that command", () => {
    const adapters = ["codelldb", "debugpy", "delve", "gdb", "lldb-cli", "lldb-dap", "node"];
    expect(bash(["debugger", "start", "--adapter", ""])).toEqual(adapters);
    expect(bash(["debugger", "start", "--adapter", "ll"])).toEqual(["lldb-cli", "lldb-dap"]);
    expect(bash(["debugger", "print", "x", "--format", "h"])).toEqual(["hex"]);
    expect(bash(["debugger", "memory", "read", "&x", "--format", ""])).toEqual(["bytes", "chars", "hex", "words"]);
    const z = zsh(["debugger", "attach", "--adapter", "de"]);
    if (z) expect(z).toEqual(["debugpy", "delve"]);
    const zf = zsh(["debugger", "print", "x", "-f", "o"]);
    if (zf) expect(zf).toEqual(["oct"]);
    const f = fish("debugger start --adapter ");
    if (f) expect(f).toEqual(adapters);
    const ff = fish("debugger print x --format b");
    if (ff) expect(ff).toEqual(["bin"]);
  });
});

describe("values of the live session", () => {
  test("with no daemon: nothing, and no daemon is started", () => {
    expect(bash(["debugger", "breakpoint", "remove", ""])).toEqual([]);
    expect(zsh(["debugger", "thread", ""]) ?? []).toEqual([]);
    expect(fish("debugger breakpoint enable ") ?? []).toEqual([]);
    expect(existsSync(env.runtimeDir) ? readdirSync(env.runtimeDir) : []).toEqual([]);
  });

  test("breakpoint ids, thread ids and catch filters of the session named on the line (or the default)", async () => {
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "cv", "--break", "add", "--break", `${prog.replace(/\.json$/, "")}:5`]);
    await env.ok(["start", prog, "--stop-on-entry"]);
    const ids = (await env.ok(["breakpoint", "list", "--session", "cv"])).breakpoints.map((b) => String(b.id)).sort();
    expect(ids.length).toBe(2);
    const threads = (await env.ok(["threads", "--session", "cv"])).threads.map((t) => String(t.id)).sort();
    expect(threads.length).toBeGreaterThan(0);

    expect(bash(["debugger", "--session", "cv", "breakpoint", "remove", ""])).toEqual(ids);
    expect(bash(["debugger", "breakpoint", "disable", "--session", "cv", ""])).toEqual(ids);
    // The default session has none.
    expect(bash(["debugger", "breakpoint", "remove", ""])).toEqual([]);
    expect(bash(["debugger", "thread", "--session", "cv", ""])).toEqual(threads);
    expect(bash(["debugger", "catch", "--session", "cv", "r"])).toEqual(["raised"]);

    const z = zsh(["debugger", "--session", "cv", "breakpoint", "enable", ""]);
    if (z) expect(z).toEqual(ids);
    const zt = zsh(["debugger", "thread", "--session", "cv", ""]);
    if (zt) expect(zt).toEqual(threads);
    const f = fish("debugger --session cv watch remove ");
    if (f) expect(f).toEqual(ids);
    const fc = fish("debugger catch --session cv u");
    if (fc) expect(fc).toEqual(["uncaught"]);
  });
});
