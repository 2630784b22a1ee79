// The conventions users bring from git, gh and kubectl, through the built binary: global flags
// anywhere, checked session names, version, completion scripts, help by group and width, colours,
// doctor's exit code and checks, config errors and sections.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import type { DoctorReport } from "../../src/cli/doctor.ts";
import { BIN, Env, STANDARD_PROGRAM } from "./harness.ts";

let env: Env;
let prog: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const CI = process.env.CI === "true";

/** A shell for a syntax check; in CI a missing one fails, locally it skips with a message. */
function shell(name: string): string | null {
  const path = Bun.which(name);
  if (!path && CI) throw new Error(`${name} is not installed (CI installs it in .ci/run)`);
  if (!path) console.warn(`skipping the ${name} check: ${name} is not installed`);
  return path;
}

describe("global flags anywhere on the line", () => {
  test("--json and --session before, between or after the command words give the same document", async () => {
    const forms = [
      ["--json", "status"],
      ["status", "--json"],
      ["--session", "api", "--json", "status"],
      ["--json", "--session=api", "status"],
      ["status", "--session", "api", "--json"],
    ];
    const docs = await Promise.all(forms.map((f) => env.run(f, { json: false })));
    for (const d of docs) expect(d.exitCode).toBe(0);
    expect(docs[0]!.json).toEqual(docs[1]!.json);
    expect(docs[0]!.json).toMatchObject({ ok: true, command: "status", session: "default", data: { state: "idle" } });
    for (const d of docs.slice(2)) expect(d.json).toMatchObject({ ok: true, command: "status", session: "api", data: { session: "api", state: "idle" } });
  });

  test("global flags before a group's sub-command, and before `start PROGRAM`", async () => {
    const r = await env.run(["--session", "g1", "--json", "start", prog, "--stop-on-entry"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.json).toMatchObject({ ok: true, command: "start", session: "g1" });
    const add = await env.run(["breakpoint", "--json", "--session", "g1", "add", "prog.c:8"], { json: false });
    expect(add.exitCode).toBe(0);
    expect(add.json).toMatchObject({ ok: true, command: "breakpoint add", session: "g1" });
    const list = await env.run(["--json", "bp", "list", "--session", "g1"], { json: false });
    expect(list.json.data.breakpoints.map((b) => b.line)).toEqual([8]);
    await env.ok(["stop", "--session", "g1"]);
  });

  test("words after -- belong to the program, even ones that look like global flags", async () => {
    const r = await env.run(["--session", "dd", "--json", "start", prog, "--stop-on-entry", "--", "--json", "--session", "x"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.json).toMatchObject({ ok: true, session: "dd" });
    const launch = env.requests("launch").at(-1)!;
    expect(launch.arguments.args).toEqual(["--json", "--session", "x"]);
    await env.ok(["stop", "--session", "dd"]);
  });

  test("an unknown flag before the command: exit 2, UNKNOWN_FLAG, the close global flag suggested", async () => {
    const r = await env.run(["--jsn", "status"], { json: false });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "error: unknown flag '--jsn' before the command [UNKNOWN_FLAG]\nhint: did you mean --json? (`debugger --help` lists the commands and global flags)\n",
    );
    const cmdFlag = await env.run(["--break", "x", "start", prog]);
    expect(cmdFlag.exitCode).toBe(2);
    expect(cmdFlag.json.error.code).toBe("UNKNOWN_FLAG");
  });

  test("an error document names the command, not a global flag before it", async () => {
    const r = await env.run(["--json", "daemon"], { json: false });
    expect(r.exitCode).toBe(2);
    expect(r.json).toMatchObject({ ok: false, command: "daemon", error: { code: "UNKNOWN_COMMAND", message: "'daemon' needs a sub-command" } });
  });

  test("a command's own flags are still checked strictly after it", async () => {
    const r = await env.run(["--json", "status", "--brek"], { json: false });
    expect(r.exitCode).toBe(2);
    expect(r.json.error).toMatchObject({ code: "UNKNOWN_FLAG", message: "unknown flag '--brek' for 'status'" });
  });
});

describe("session names are checked in the CLI", () => {
  const HINT = "names use letters, digits, '.', '_' and '-' (not first '.'), at most 64 characters, e.g. --session api";
  test.each([
    ["", "--session is empty"],
    ["../x", "--session '../x' is not a valid session name"],
    ["a/b", "--session 'a/b' is not a valid session name"],
    [".hidden", "--session '.hidden' is not a valid session name"],
    ["a b", "--session 'a b' is not a valid session name"],
    ["x".repeat(65), "--session is 65 characters long (at most 64)"],
  ])("--session %p: exit 2, USAGE, with a hint", async (name, message) => {
    const r = await env.run(["status", "--session", name]);
    expect(r.exitCode).toBe(2);
    expect(r.json).toMatchObject({ ok: false, command: "status", error: { code: "USAGE", message, hint: HINT } });
  });

  test("a bad DEBUGGER_SESSION is a usage error naming the variable; good names pass", async () => {
    const bad = await env.run(["status"], { env: { DEBUGGER_SESSION: "../etc" } });
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error).toMatchObject({ code: "USAGE", message: "DEBUGGER_SESSION '../etc' is not a valid session name" });
    const good = await env.run(["status", "--session", `api.v2_x-${"y".repeat(55)}`]);
    expect(good.exitCode).toBe(0);
  });
});

describe("version", () => {
  test("-v, --version and `version` agree; the text starts with the version number", async () => {
    const texts = await Promise.all([["-v"], ["--version"], ["version"]].map((a) => env.run(a, { json: false })));
    for (const t of texts) {
      expect(t.exitCode).toBe(0);
      expect(t.stderr).toBe("");
      expect(t.stdout).toMatch(/^\d+\.\d+\.\d+/);
      expect(t.stdout).toBe(texts[0]!.stdout);
    }
    expect(texts[0]!.stdout).toStartWith(`${pkg.version} (commit `);
    expect(texts[0]!.stdout).toContain(`, ${process.platform}-${process.arch}, bun ${Bun.version})`);
  });

  test("--json gives version, commit, date, platform and bun as fields", async () => {
    const docs = await Promise.all([["--json", "-v"], ["--version"], ["version"]].map((a) => env.run<["version"]>(a as ["version"])));
    for (const d of docs) {
      expect(d.exitCode).toBe(0);
      expect(d.json).toEqual(docs[0]!.json);
    }
    const data = docs[0]!.json.data;
    expect(Object.keys(data).sort()).toEqual(["bun", "commit", "date", "platform", "version"]);
    expect(data).toMatchObject({ version: pkg.version, platform: `${process.platform}-${process.arch}`, bun: Bun.version });
    expect(typeof data.commit).toBe("string");
    expect(typeof data.date).toBe("string");
    expect(docs[0]!.json).toMatchObject({ ok: true, command: "version" });
  });
});

describe("completion", () => {
  async function script(sh: string): Promise<string> {
    const r = await env.run(["completion", sh], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe("");
    const file = join(env.dir, `completion.${sh}`);
    writeFileSync(file, r.stdout);
    return file;
  }

  test("bash: the script parses, and completes commands, sub-commands and flags", async () => {
    const file = await script("bash");
    expect(Bun.spawnSync(["bash", "-n", file]).exitCode).toBe(0);
    const complete = (words: string[]) => {
      const line = words.map((w) => `'${w}'`).join(" ");
      const r = Bun.spawnSync([
        "bash",
        "-c",
        `source '${file}'; COMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _debugger; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ]);
      expect(r.exitCode).toBe(0);
      return r.stdout.toString().split("\n").filter(Boolean);
    };
    expect(complete(["debugger", "brea"])).toEqual(["breakpoint"]);
    expect(complete(["debugger", "breakpoint", "a"])).toEqual(["add"]);
    expect(complete(["debugger", "--json", "--session", "x", "breakpoint", "re"])).toEqual(["remove"]);
    expect(complete(["debugger", "start", "--stop"])).toEqual(["--stop-on-entry"]);
    expect(complete(["debugger", "b", "prog.c:3", "--cond"])).toEqual(["--condition"]);
    expect(complete(["debugger", "continue", "--no-w"])).toEqual(["--no-wait"]);
    expect(complete(["debugger", "--js"])).toEqual(["--json"]);
    expect(complete(["debugger", "start", "./app", "--", "--js"])).toEqual([]);
    expect(complete(["debugger", "watch", ""])).toEqual(["add", "list", "remove"]);
  });

  test("zsh: the script parses", async () => {
    const file = await script("zsh");
    const zsh = shell("zsh");
    if (!zsh) return;
    const r = Bun.spawnSync([zsh, "-n", file]);
    expect(r.stderr.toString()).toBe("");
    expect(r.exitCode).toBe(0);
  });

  test("fish: the script parses and completes", async () => {
    const file = await script("fish");
    const fish = shell("fish");
    if (!fish) return;
    const check = Bun.spawnSync([fish, "--no-execute", file]);
    expect(check.stderr.toString()).toBe("");
    expect(check.exitCode).toBe(0);
    const r = Bun.spawnSync([fish, "-c", `source '${file}'; complete -C 'debugger breakpoint a'`]);
    expect(r.stdout.toString().split("\n")[0]).toStartWith("add\t");
  });

  test("`completion sessions` lists the daemon's sessions, and never starts a daemon", async () => {
    const fresh = new Env();
    try {
      const none = await fresh.run(["completion", "sessions"], { json: false });
      expect(none.exitCode).toBe(0);
      expect(none.stdout).toBe("");
      expect(Bun.spawnSync(["ls", fresh.runtimeDir]).stdout.toString()).toBe("");
      await fresh.ok(["start", fresh.program(), "--stop-on-entry", "--session", "alpha"]);
      const some = await fresh.run(["completion", "sessions"], { json: false });
      expect(some.stdout).toBe("alpha\n");
    } finally {
      await fresh.close();
    }
  });

  test("powershell (and pwsh): the built binary prints the completer script", async () => {
    const r = await env.run(["completion", "powershell"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toStartWith("# PowerShell completion for debugger (generated by `debugger completion powershell`)\n");
    expect(r.stdout).toContain("Register-ArgumentCompleter -Native -CommandName debugger, debugger.exe");
    const json = JSON.parse(/ConvertFrom-Json @'\n(.*)\n'@/.exec(r.stdout)![1]!);
    expect(json.values.start["--adapter"]).toContain("lldb-dap");
    expect((await env.run(["completion", "pwsh"], { json: false })).stdout).toBe(r.stdout);
  });

  test("an unknown shell: exit 2, USAGE, the shells named", async () => {
    const r = await env.run(["completion", "tcsh"]);
    expect(r.exitCode).toBe(2);
    expect(r.json.error).toEqual({
      code: "USAGE",
      message: "no completion for shell 'tcsh'",
      hint: "`debugger completion bash`, `debugger completion zsh`, `debugger completion fish` or `debugger completion powershell`",
    });
  });
});

describe("help", () => {
  test.each([
    ["breakpoint", ["add, break, b", "list", "remove, delete", "enable", "disable"]],
    ["watch", ["add", "list", "remove"]],
    ["memory", ["read"]],
  ])("`%s --help` shows the group with its sub-commands", async (group, subs) => {
    for (const argv of [
      [group, "--help"],
      ["help", group],
      ["--help", group],
    ]) {
      const r = await env.run(argv, { json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toStartWith(`debugger ${group} — `);
      expect(r.stdout).toContain("Sub-commands:");
      for (const s of subs) expect(r.stdout).toContain(`\n  ${s} `);
    }
  });

  test("`help breakpoint add` and `breakpoint add --help` show the sub-command's usage", async () => {
    const a = await env.run(["help", "breakpoint", "add"], { json: false });
    const b = await env.run(["breakpoint", "add", "--help"], { json: false });
    expect(a.exitCode).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    // LOCATION or --function NAME.
    expect(a.stdout).toContain("Usage: debugger breakpoint add [flags] [LOCATION]");
    expect(a.stdout).toContain("--function NAME");
    expect(a.stdout).toContain("--condition EXPR");
  });

  test("sections come from the contract's groups", async () => {
    const r = await env.run(["help", "--all"], { json: false });
    const section = (title: string) => r.stdout.split(`${title}:\n`)[1]!.split("\n\n")[0]!;
    expect(section("Breakpoints")).toContain("watch add");
    expect(section("Breakpoints")).toContain("catch");
    expect(section("Inspection")).toContain("memory read");
    expect(section("Tools")).toContain("raw");
    expect(section("Tools")).toContain("completion");
    expect(section("Session")).toContain("sessions");
    expect(section("Session")).not.toContain("raw");
  });

  test("--help carries the hunt (run, test, a session) and names every command once; help --all gives every summary", async () => {
    const short = await env.run(["--help"], { json: false });
    const all = await env.run(["help", "--all"], { json: false });
    expect(short.exitCode).toBe(0);
    expect(all.exitCode).toBe(0);
    for (const line of ["debugger run ./app --break", "debugger start ./app --break", "debugger test -- "]) expect(short.stdout).toContain(line);
    expect(short.stdout).toContain("`help --all`");
    expect(Buffer.byteLength(short.stdout)).toBeLessThanOrEqual(3072);
    // Every command the full list shows is named on the short page: alone, or as GROUP a|b|c.
    const names = [...all.stdout.matchAll(/^  ([a-z][a-z ]*?)(?:,|  )/gm)].map((m) => m[1]!.trim());
    expect(names.length).toBeGreaterThan(40);
    for (const n of names) {
      const [head, sub] = n.split(" ");
      expect(short.stdout).toMatch(sub ? new RegExp(`\\b${head} (?:[a-z]+\\|)*${sub}\\b`) : new RegExp(`[ ,]${head}(?:,|$)`, "m"));
    }
  });

  test("help fits 80 columns in a pipe; no colour in a pipe, FORCE_COLOR forces it, NO_COLOR and --json win", async () => {
    for (const argv of [["--help"], ["help", "--all"], ["start", "--help"], ["breakpoint", "--help"]]) {
      const r = await env.run(argv, { json: false });
      for (const line of r.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
      expect(r.stdout).not.toContain("\x1b[");
    }
    const forced = await env.run(["--help"], { json: false, env: { FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\x1b[1mSession:\x1b[22m");
    const both = await env.run(["--help"], { json: false, env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
    expect(both.stdout).not.toContain("\x1b[");
    const json = await env.run(["--help", "--json"], { json: false, env: { FORCE_COLOR: "1" } });
    expect(json.stdout).not.toContain("\x1b[");
  });

  test("help follows a wide or narrow terminal (COLUMNS through a pty)", async () => {
    const script = Bun.which("script");
    if (!script) return console.warn("skipping: `script` (util-linux) is not installed");
    const run = (cols: number) =>
      Bun.spawnSync([script, "-qec", `stty cols ${cols}; ${BIN} start --help`, "/dev/null"], { env: { ...env.env, NO_COLOR: "1" } }).stdout.toString();
    // Examples are commands to copy and are never wrapped.
    const narrow = run(60).split("e.g. ")[0]!.split(/\r?\n/);
    const wide = run(120).split(/\r?\n/);
    for (const line of narrow) expect(line.length).toBeLessThanOrEqual(60);
    expect(Math.max(...wide.map((l) => l.length))).toBeGreaterThan(80);
  });
});

describe("human warnings go to stderr", () => {
  test("--timeout with --no-wait warns on stderr in human mode; stdout keeps the result; --json stays silent", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "w1"]);
    const human = await env.run(["continue", "--no-wait", "--timeout", "5", "--session", "w1"], { json: false });
    expect(human.exitCode).toBe(0);
    expect(human.stderr).toBe("[warn] --timeout has no effect with --no-wait: nothing waits for the stop (`debugger await --timeout N` does)\n");
    expect(human.stdout).not.toContain("warn");
    const json = await env.run(["continue", "--no-wait", "--timeout", "5", "--session", "w1"]);
    expect(json.stderr).toBe("");
    await env.ok(["stop", "--session", "w1"]);
  });
});

describe("a slow start on a terminal says what it waits for", () => {
  test("after a second without a reply, a progress line on stderr, erased before the report; never in a pipe", async () => {
    const script = Bun.which("script");
    if (!script) return console.warn("skipping: `script` (util-linux) is not installed");
    const slow = new Env({ script: { delays: { initialize: 1600 } } });
    try {
      const p = slow.program();
      const tty = Bun.spawnSync([script, "-qec", `${BIN} start ${p} --stop-on-entry --session s1`, "/dev/null"], {
        env: { ...slow.env, NO_COLOR: "1" },
        cwd: slow.dir,
      });
      const out = tty.stdout.toString();
      expect(out).toMatch(/start: starting, then waiting for the first stop; 1\.\d s/);
      // Erased (carriage return, erase line) before the report.
      expect(out.slice(out.lastIndexOf("waiting for the first stop"))).toMatch(/\r\x1b\[K[\s\S]*Session 's1' started/);
      const piped = await slow.run(["start", p, "--stop-on-entry", "--session", "s2"], { json: false });
      expect(piped.exitCode).toBe(0);
      expect(piped.stderr).toBe("");
    } finally {
      await slow.close();
    }
  }, 20_000); // two starts whose adapter takes 1.6 s to answer initialize, and a pty
});

describe("setup asks with consola's prompt at a terminal", () => {
  test("the plan on stderr, a yes/no prompt, 'n' cancels and installs nothing", async () => {
    const script = Bun.which("script");
    if (!script) return console.warn("skipping: `script` (util-linux) is not installed");
    // A PATH with apt-get but no dlv: delve is missing and apt would install it.
    const bin = join(env.dir, "prompt-bin");
    mkdirSync(bin, { recursive: true });
    const apt = Bun.which("apt-get");
    if (!apt) return console.warn("skipping: no apt-get here");
    symlinkSync(apt, join(bin, "apt-get"));
    const r = Bun.spawnSync([script, "-qec", `stty cols 80; env PATH=${bin} ${BIN} setup delve`, "/dev/null"], {
      env: { ...env.env, NO_COLOR: "1" },
      stdin: new TextEncoder().encode("n"),
    });
    const out = r.stdout.toString().replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
    expect(out).toContain("delve: will refresh the package lists, then install delve:");
    expect(out).toContain("Carry out this plan?");
    expect(out).toContain("error: setup cancelled [USAGE]");
    expect(Bun.file(join(env.dir, "config", "debugger-cli", "config.toml")).size).toBeGreaterThan(0);
    expect(await Bun.file(join(env.dir, "config", "debugger-cli", "config.toml")).text()).not.toContain("delve");
  });
});

describe("doctor tells the truth", () => {
  test("a live daemon is reported live", async () => {
    await env.ok(["status"]);
    const r = await env.run(["doctor", "fake"]);
    expect(r.exitCode).toBe(0);
    const daemon = r.json.data.checks.find((c) => c.name === "daemon")!;
    expect(daemon.ok).toBe(true);
    expect(daemon.message).toStartWith(`live: pid ${await env.daemonPid()}, version ${pkg.version}`);
  });

  test("an unwritable runtime directory fails the check and the exit code", async () => {
    const file = join(env.dir, "a-file");
    writeFileSync(file, "");
    const r = await env.run(["doctor", "fake"], { env: { DEBUGGER_RUNTIME_DIR: join(file, "rt") } });
    expect(r.exitCode).toBe(1);
    expect(r.json).toMatchObject({ ok: false, command: "doctor", error: { code: "CHECK_FAILED", message: "doctor: 1 check failed: runtime directory" } });
    const check = (r.json.error.details as DoctorReport).checks.find((c) => c.name === "runtime directory");
    expect(check).toEqual({
      name: "runtime directory",
      ok: false,
      message: `${join(file, "rt")} cannot be created: ${file}: not a directory (ENOTDIR); set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you can write`,
    });
    const human = await env.run(["doctor", "fake"], { json: false, env: { DEBUGGER_RUNTIME_DIR: join(file, "rt") } });
    expect(human.exitCode).toBe(1);
    expect(human.stdout).toContain("ERR runtime directory");
    expect(human.stderr).toContain("[CHECK_FAILED]");
  });

  test("doctor NAME fails when NAME is not found: the user asked about it", async () => {
    const r = await env.run(["doctor", "gdb"], { env: { PATH: "/nonexistent" } });
    expect(r.exitCode).toBe(1);
    expect(r.json.error).toMatchObject({ code: "CHECK_FAILED", message: "doctor: 1 check failed: gdb" });
    expect((r.json.error.details as DoctorReport).adapters).toEqual([
      { name: "gdb", title: expect.any(String), found: false, ok: false, required: true, message: expect.stringMatching(/^not found; install: /) },
    ]);
    const human = await env.run(["doctor", "gdb"], { json: false, env: { PATH: "/nonexistent" } });
    expect(human.stdout).toContain("  ERR gdb");
    expect(human.stdout).toContain("Some checks failed");
  });

  test("a configured adapter command that does not exist is named, with the file and line, and fails", async () => {
    const e = new Env({ config: '\n[adapters.lldb-dap]\ncommand = ["/nonexistent/lldb-dap"]\n' });
    try {
      const path = join(e.dir, "config", "debugger-cli", "config.toml");
      const line = (await Bun.file(path).text()).split("\n").indexOf('command = ["/nonexistent/lldb-dap"]') + 1;
      const r = await e.run(["doctor", "lldb-dap"]);
      expect(r.exitCode).toBe(1);
      const check = (r.json.error.details as DoctorReport).adapters[0];
      expect(check).toMatchObject({ name: "lldb-dap", found: true, ok: false });
      expect(check.message).toBe(
        `lldb-dap: the command config.toml names, /nonexistent/lldb-dap, is not an executable file (${path}, line ${line}): fix [adapters.lldb-dap] command there, or remove that entry to use the lldb-dap found on this machine`,
      );
      const start = await e.run(["start", "/bin/true", "--adapter", "lldb-dap"]);
      expect(start.exitCode).toBe(4);
      expect(start.json.error).toMatchObject({ code: "ADAPTER_NOT_FOUND", message: expect.stringContaining(`(${path}, line ${line})`) });
    } finally {
      await e.close();
    }
  });

  test("gdb < 14 without cdt-gdb-adapter is half installed: found, not ok, exit 1; setup plans only the helper", async () => {
    const bin = join(env.dir, "oldgdb");
    mkdirSync(bin, { recursive: true });
    const gdb = join(bin, "gdb");
    writeFileSync(gdb, "#!/bin/sh\necho 'GNU gdb (Fake) 12.1'\n");
    chmodSync(gdb, 0o755);
    const isolated = { DEBUGGER_GDB: gdb, XDG_DATA_HOME: join(env.dir, "data"), DEBUGGER_CDT_GDB_ADAPTER: "" };
    const r = await env.run(["doctor", "gdb"], { env: isolated });
    expect(r.exitCode).toBe(1);
    expect(r.json.error.code).toBe("CHECK_FAILED");
    expect((r.json.error.details as DoctorReport).adapters).toEqual([
      {
        name: "gdb",
        title: expect.any(String),
        found: true,
        ok: false,
        required: true,
        message: "gdb 12.1 has no built-in DAP (gdb < 14): it needs cdt-gdb-adapter, which is not installed; `debugger setup gdb` installs it",
      },
    ]);
    const plan = await env.run(["setup", "gdb", "--dry-run"], { env: isolated });
    expect(plan.exitCode).toBe(0);
    const steps = plan.json.data.plans[0].steps;
    expect(steps).toHaveLength(1);
    expect(steps[0].command).toContain("cdt-gdb-adapter@1.7.0");
  });
});

describe("config.toml", () => {
  test("an unknown key names the file, the line and the key meant", async () => {
    const bad = new Env({ config: "\n[display]\nmax_locls = 3\n" });
    try {
      const r = await bad.run(["start", bad.program(), "--stop-on-entry"]);
      expect(r.exitCode).toBe(2);
      const path = join(bad.dir, "config", "debugger-cli", "config.toml");
      const text = await Bun.file(path).text();
      const line = text.split("\n").indexOf("max_locls = 3") + 1;
      expect(r.json.error).toEqual({
        code: "INVALID_ARGUMENT",
        message: `config file ${path}, line ${line}: unknown key 'display.max_locls'`,
        hint: "did you mean 'max_locals'? keys in [display]: max_value_length, max_locals, source_lines",
      });
      const doctor = await bad.run(["doctor"]);
      expect(doctor.exitCode).toBe(1);
      expect((doctor.json.error.details as DoctorReport).checks.find((c) => c.name === "config")).toMatchObject({
        ok: false,
        message: `config file ${path}, line ${line}: unknown key 'display.max_locls'; did you mean 'max_locals'? keys in [display]: max_value_length, max_locals, source_lines`,
      });
      // Every command, not only start and doctor: the file is not silently ignored.
      const status = await bad.run(["status"]);
      expect(status.exitCode).toBe(2);
      expect(status.json.error).toMatchObject({ code: "INVALID_ARGUMENT", message: `config file ${path}, line ${line}: unknown key 'display.max_locls'` });
    } finally {
      await bad.close();
    }
  });

  test("a custom adapter that exits at once could not start: exit 4, ADAPTER_START_FAILED naming its command", async () => {
    const e = new Env({ config: '\n[adapters.quitter]\ncommand = ["/bin/false"]\n' });
    try {
      const r = await e.run(["start", "/bin/true", "--adapter", "quitter"]);
      expect(r.exitCode).toBe(4);
      expect(r.json.error).toMatchObject({
        code: "ADAPTER_START_FAILED",
        message: "quitter could not start: it exited with code 1 before answering initialize",
        hint: expect.stringContaining("/bin/false"),
      });
      expect((await e.run(["status"])).exitCode).toBe(0); // the daemon lives on
    } finally {
      await e.close();
    }
  });

  test("a file that is not TOML names its line, on every command", async () => {
    const bad = new Env({ config: "\n[timeouts]\nexecution = 10s\n" });
    try {
      const path = join(bad.dir, "config", "debugger-cli", "config.toml");
      const line = (await Bun.file(path).text()).split("\n").indexOf("execution = 10s") + 1;
      const r = await bad.run(["status"]);
      expect(r.exitCode).toBe(2);
      expect(r.json.error.message).toBe(`config file ${path}, line ${line} is not valid TOML: Unexpected character after a value: 's' ("execution = 10s")`);
    } finally {
      await bad.close();
    }
  });

  test("[defaults] session names the session when neither --session nor DEBUGGER_SESSION does", async () => {
    const e = new Env({ config: '\n[defaults]\nsession = "api"\n' });
    try {
      expect((await e.run(["status"])).json).toMatchObject({ ok: true, session: "api" });
      expect((await e.run(["status", "--session", "other"])).json.session).toBe("other");
      expect((await e.run(["status"], { env: { DEBUGGER_SESSION: "envs" } })).json.session).toBe("envs");
    } finally {
      await e.close();
    }
  });

  test("[timeouts] execution is the default wait for a stop; --timeout overrides it", async () => {
    const e = new Env({ config: "\n[timeouts]\nexecution = 1\n" });
    try {
      const p = e.program({ ...STANDARD_PROGRAM, spin: 6 });
      await e.ok(["start", p, "--stop-on-entry"]);
      const r = await e.run(["continue"]);
      expect(r.exitCode).toBe(3);
      expect(r.json.error.code).toBe("TIMEOUT");
      expect(e.requests("continue").length).toBe(1);
    } finally {
      await e.close();
    }
  });

  test("a bad [defaults] session is a usage error naming where it came from", async () => {
    const e = new Env({ config: '\n[defaults]\nsession = "../up"\n' });
    try {
      const r = await e.run(["status"]);
      expect(r.exitCode).toBe(2);
      expect(r.json.error).toMatchObject({ code: "USAGE", message: "[defaults] session in config.toml '../up' is not a valid session name" });
    } finally {
      await e.close();
    }
  });
});
