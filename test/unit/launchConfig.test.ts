// VS Code launch configurations: the JSONC file, the variables, each type's fields mapped onto
// start/attach/run, what the command line overrides, and every refusal with its code.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  findLaunchFile,
  launchPlan,
  parseDotenv,
  parseJsonc,
  readLaunchFile,
  splitWords,
  substitute,
  summarize,
  type LaunchContext,
} from "../../src/common/launchConfig.ts";
import { cliSpelling, mcpSpelling } from "../../src/ipc/calls.ts";
import { runFromConfig, startFromConfig } from "../../src/ipc/launchCall.ts";

const root = mkdtempSync(join(tmpdir(), "dbg-launch-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const CTX: LaunchContext = { cwd: join(root, "proj", "deep"), env: { HOME: "/home/u", NAME: "value" }, home: "/home/u" };

function project(configs: unknown[], extra = "", compounds: unknown[] = []): string {
  const dir = mkdtempSync(join(root, "p-"));
  mkdirSync(join(dir, ".vscode"));
  mkdirSync(join(dir, "deep", "er"), { recursive: true });
  writeFileSync(
    join(dir, ".vscode", "launch.json"),
    `// a comment\n{\n  /* block */ "version": "0.2.0",\n  "configurations": ${JSON.stringify(configs)},\n  "compounds": ${JSON.stringify(compounds)},${extra}\n}\n`,
  );
  return dir;
}

function plan(configs: unknown[], name: string, skip: string[] = []) {
  const dir = project(configs);
  return { dir, plan: launchPlan(readLaunchFile(dir), name, { ...CTX, cwd: dir }, new Set(skip)) };
}

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return `${(e as { code: string }).code}: ${(e as Error).message}`;
  }
  return "no error";
}

describe("JSON with comments", () => {
  test("comments, trailing commas, // inside strings", () => {
    expect(parseJsonc('// c\n{ "a": "http://x/* y */", /* z */ "b": [1, 2,], }\n// end', "f")).toEqual({ a: "http://x/* y */", b: [1, 2] });
  });
  test("a broken file names itself", () => {
    expect(code(() => parseJsonc('{ "a": 1 "b": 2 }', "/p/.vscode/launch.json"))).toStartWith(
      "LAUNCH_CONFIG: /p/.vscode/launch.json is not valid JSON (with comments)",
    );
  });
  test("found from a folder below, up to the workspace folder", () => {
    const dir = project([]);
    expect(findLaunchFile(join(dir, "deep", "er"))).toBe(join(dir, ".vscode", "launch.json"));
    expect(readLaunchFile(join(dir, "deep", "er")).workspaceFolder).toBe(dir);
  });
  test("none above: said, with --launch-file", () => {
    const lonely = mkdtempSync(join(tmpdir(), "dbg-nolaunch-"));
    try {
      expect(code(() => readLaunchFile(lonely))).toBe(`LAUNCH_CONFIG: no .vscode/launch.json in ${lonely} or any folder above it`);
    } finally {
      rmSync(lonely, { recursive: true });
    }
    expect(code(() => readLaunchFile(root, "nope.json"))).toBe(`LAUNCH_CONFIG: no launch configuration file at ${join(root, "nope.json")}`);
  });
  test("--launch-file outside .vscode: its own folder is the workspace folder", () => {
    const f = join(root, "alone.json");
    writeFileSync(f, '{"configurations": [{"name": "x", "type": "lldb", "request": "launch", "program": "${workspaceFolder}/app"}]}');
    const lf = readLaunchFile("/", f);
    expect(lf.workspaceFolder).toBe(root);
    expect(launchPlan(lf, "x", CTX).program).toBe(join(root, "app"));
  });
});

describe("variables", () => {
  const ws = "/ws/proj";
  test.each([
    ["${workspaceFolder}/a", "/ws/proj/a"],
    ["${workspaceRoot}", "/ws/proj"],
    ["${workspaceFolderBasename}", "proj"],
    ["${userHome}/x", "/home/u/x"],
    ["${cwd}", CTX.cwd],
    ["a${pathSeparator}b${/}c", "a/b/c"],
    ["${env:NAME}-${env:UNSET}", "value-"],
    ["no variables", "no variables"],
  ])("%s", (text, want) => {
    expect(substitute(text, ws, CTX, "f")).toBe(want);
  });
  test.each([
    ["${file}", "uses ${file}, the file open in VS Code's editor"],
    ["${relativeFileDirname}", "uses ${relativeFileDirname}, the file open"],
    ["${command:pickProcess}", "uses ${command:pickProcess}, which VS Code asks the user or an extension for"],
    ["${input:port}", "uses ${input:port}, which VS Code asks"],
    ["${config:python.x}", "uses ${config:python.x}, a variable this tool does not know"],
  ])("%s is an error naming it", (text, message) => {
    expect(code(() => substitute(text, ws, CTX, "configuration 'x', program"))).toContain(`LAUNCH_CONFIG: configuration 'x', program ${message}`);
  });
  test("a field the command line gives is not read: its ${file} is no error", () => {
    expect(plan([{ name: "cur", type: "debugpy", request: "launch", program: "${file}" }], "cur", ["program"]).plan.program).toBeUndefined();
  });
});

describe("dotenv and argument strings", () => {
  test("dotenv", () => {
    expect(parseDotenv("# c\nA=1\nexport B = two words # note\nC=\"x\\ny\"\nD='$lit # not a comment'\n\nbad line\nE=")).toEqual({
      A: "1",
      B: "two words",
      C: "x\ny",
      D: "$lit # not a comment",
      E: "",
    });
  });
  test("a string of arguments splits as a shell would", () => {
    expect(splitWords(`a "b c" 'd e' f\\ g "h\\"i"`)).toEqual(["a", "b c", "d e", "f g", 'h"i']);
    expect(code(() => splitWords("a 'b"))).toContain("unbalanced '");
  });
});

describe("types", () => {
  test("debugpy: program, args, cwd, envFile under env, justMyCode, python", () => {
    const dir = project([]);
    writeFileSync(join(dir, ".env"), "A=file\nB=file\n");
    writeFileSync(
      join(dir, ".vscode", "launch.json"),
      JSON.stringify({
        configurations: [
          {
            name: "py",
            type: "debugpy",
            request: "launch",
            program: "${workspaceFolder}/app.py",
            args: ["--n", "${env:NAME}"],
            cwd: "${workspaceFolder}/deep",
            envFile: "${workspaceFolder}/.env",
            env: { B: "env", C: "${userHome}" },
            justMyCode: false,
            python: "/usr/bin/python3",
            stopOnEntry: true,
            console: "integratedTerminal",
          },
        ],
      }),
    );
    expect(launchPlan(readLaunchFile(dir), "py", CTX)).toEqual({
      name: "py",
      type: "debugpy",
      request: "launch",
      adapter: "debugpy",
      program: join(dir, "app.py"),
      args: ["--n", "value"],
      cwd: join(dir, "deep"),
      env: { A: "file", B: "env", C: "/home/u" },
      justMyCode: false,
      python: "/usr/bin/python3",
      stopOnEntry: true,
      notes: [],
    });
  });
  test("python module; cwd defaults to the workspace folder; a missing envFile is skipped and said", () => {
    const { dir, plan: p } = plan(
      [{ name: "m", type: "python", request: "launch", module: "pkg.cli", args: "--x 'a b'", envFile: "${workspaceFolder}/.env" }],
      "m",
    );
    expect(p).toMatchObject({
      adapter: "debugpy",
      module: "pkg.cli",
      args: ["--x", "a b"],
      cwd: dir,
      notes: [`envFile ${join(dir, ".env")} does not exist: skipped`],
    });
  });
  test("cppdbg: MIMode picks the adapter, environment [{name, value}], stopAtEntry", () => {
    const { plan: p } = plan(
      [
        {
          name: "c",
          type: "cppdbg",
          request: "launch",
          program: "build/app",
          MIMode: "gdb",
          environment: [{ name: "X", value: "1" }],
          stopAtEntry: true,
          miDebuggerPath: "/opt/gdb",
        },
      ],
      "c",
    );
    expect(p).toMatchObject({
      adapter: "gdb",
      env: { X: "1" },
      stopOnEntry: true,
      notes: ["miDebuggerPath is not used: the gdb on PATH (or DEBUGGER_GDB) is"],
    });
    expect(plan([{ name: "c", type: "cppdbg", request: "launch", program: "app" }], "c").plan.adapter).toBeUndefined();
  });
  test("lldb-dap: env as NAME=VALUE strings; lldb (CodeLLDB) with cargo is refused", () => {
    expect(plan([{ name: "l", type: "lldb-dap", request: "launch", program: "app", env: ["A=1=2"] }], "l").plan).toMatchObject({
      adapter: "lldb-dap",
      env: { A: "1=2" },
    });
    expect(code(() => plan([{ name: "l", type: "lldb", request: "launch", cargo: { args: ["build"] } }], "l"))).toContain("builds with cargo");
  });
  test("gdb (Native Debug): target and arguments", () => {
    expect(plan([{ name: "g", type: "gdb", request: "launch", target: "./app", arguments: "-v 'x y'" }], "g").plan).toMatchObject({
      adapter: "gdb",
      args: ["-v", "x y"],
    });
  });
  test("go: debug of a package directory, exec of a binary, cwd the program's folder; test refused with the command", () => {
    const { dir, plan: p } = plan(
      [{ name: "d", type: "go", request: "launch", mode: "debug", program: "${workspaceFolder}/deep", buildFlags: "-tags x" }],
      "d",
    );
    expect(p).toMatchObject({
      adapter: "delve",
      program: join(dir, "deep"),
      cwd: join(dir, "deep"),
      notes: ["buildFlags (Go build flags) are not used: the package is built with -gcflags='all=-N -l' only"],
    });
    expect(plan([{ name: "e", type: "go", request: "launch", mode: "exec", program: "bin/app" }], "e").plan).toMatchObject({
      program: expect.stringMatching(/\/bin\/app$/),
      cwd: expect.stringMatching(/\/bin$/),
    });
    expect(code(() => plan([{ name: "t", type: "go", request: "launch", mode: "test", program: "./pkg" }], "t"))).toContain(
      "mode is test: this tool runs Go tests with `debugger test`",
    );
    expect(code(() => plan([{ name: "r", type: "go", request: "launch", mode: "replay" }], "r"))).toContain("mode 'replay' is not one this tool runs");
  });
  test("platform keys override", () => {
    const key = process.platform === "darwin" ? "osx" : process.platform === "win32" ? "windows" : "linux";
    expect(plan([{ name: "p", type: "lldb", request: "launch", program: "a", [key]: { program: "b" } }], "p").plan.program).toEndWith("/b");
  });
  test("attach: a process id, a port, or refused", () => {
    expect(plan([{ name: "a", type: "cppdbg", request: "attach", processId: "4242", MIMode: "gdb" }], "a").plan).toMatchObject({
      request: "attach",
      pid: 4242,
      adapter: "gdb",
    });
    expect(plan([{ name: "a", type: "debugpy", request: "attach", connect: { port: 5678 } }], "a").plan).toMatchObject({
      connect: { host: "127.0.0.1", port: 5678 },
    });
    expect(plan([{ name: "a", type: "go", request: "attach", mode: "remote", host: "10.0.0.1", port: 2345 }], "a").plan).toMatchObject({
      connect: { host: "10.0.0.1", port: 2345 },
      adapter: "delve",
    });
    expect(code(() => plan([{ name: "a", type: "cppdbg", request: "attach", processId: "${command:pickProcess}" }], "a"))).toContain("${command:pickProcess}");
    expect(code(() => plan([{ name: "a", type: "lldb", request: "attach" }], "a"))).toContain("attaches but names no processId or port");
  });
  test("unknown type, unknown name, compound: refused with the way on", () => {
    const dir = project(
      [
        { name: "n", type: "node", request: "launch" },
        { name: "c", type: "lldb", request: "launch", program: "a" },
      ],
      "",
      [{ name: "both", configurations: ["n", "c"] }],
    );
    const lf = readLaunchFile(dir);
    expect(code(() => launchPlan(lf, "n", CTX))).toBe("LAUNCH_CONFIG: configuration 'n' is of type 'node', which this tool does not debug");
    expect(code(() => launchPlan(lf, "x", CTX))).toBe(`LAUNCH_CONFIG: no configuration named 'x' in ${lf.file}`);
    expect(code(() => launchPlan(lf, "both", CTX))).toBe(
      `LAUNCH_CONFIG: 'both' in ${lf.file} is a compound (n, c): this tool starts one configuration at a time`,
    );
    expect(summarize(lf, CTX).map((s) => [s.name, s.adapter, !!s.error])).toEqual([
      ["n", undefined, true],
      ["c", "lldb", false],
      ["both", undefined, true],
    ]);
  });
});

describe("as calls", () => {
  const configs = [
    {
      name: "py",
      type: "debugpy",
      request: "launch",
      program: "app.py",
      args: ["a"],
      env: { A: "config", B: "config" },
      cwd: "deep",
      preLaunchTask: "build",
      justMyCode: false,
    },
    { name: "att", type: "lldb", request: "attach", pid: 77 },
    { name: "mod", type: "debugpy", request: "launch", module: "m" },
  ];
  test("start: the configuration, with what the command line gives winning, said in a note", () => {
    const dir = project(configs, '\n  "x": 1,');
    mkdirSync(join(dir, ".vscode"), { recursive: true });
    writeFileSync(join(dir, ".vscode", "tasks.json"), '{ // c\n "tasks": [{ "label": "build", "command": "make", "args": ["-C", "my dir"] }] }');
    const ctx = { ...CTX, cwd: dir };
    const plain = startFromConfig("py", undefined, ctx, { env: {}, args: [], break: ["app.py:3"] }, false, cliSpelling);
    expect(plain.call).toEqual({
      command: "start",
      args: {
        program: join(dir, "app.py"),
        module: undefined,
        args: ["a"],
        cwd: join(dir, "deep"),
        env: { A: "config", B: "config" },
        stopOnEntry: undefined,
        core: undefined,
        adapter: "debugpy",
        options: { justMyCode: false },
        break: ["app.py:3"],
      },
    });
    expect(plain.notes).toEqual(["preLaunchTask 'build' was not run (this tool runs no VS Code tasks): run it yourself first: `make -C 'my dir'`"]);
    const over = startFromConfig(
      "py",
      undefined,
      ctx,
      { program: "other.py", args: ["z"], cwd: "/tmp", env: { B: "cli" }, options: { justMyCode: true } },
      true,
      cliSpelling,
    );
    expect(over.call.args).toMatchObject({ program: "other.py", args: ["z"], cwd: "/tmp", env: { A: "config", B: "cli" }, options: { justMyCode: true } });
    expect(over.notes[0]).toBe("given on the command line, over the configuration's: PROGRAM, the arguments after --, --cwd");
    expect(startFromConfig("py", undefined, ctx, { module: "x" }, false, mcpSpelling).notes[0]).toBe("given in the call, over the configuration's: module");
    expect(startFromConfig("att", undefined, ctx, { break: ["a.c:1"], clientPid: 5 }, false, cliSpelling).call).toEqual({
      command: "attach",
      args: expect.objectContaining({ pid: 77, adapter: "lldb", break: ["a.c:1"], clientPid: 5 }),
    });
  });
  test("run: a program's or a module's configuration; an attach one refused with the start that works", () => {
    const dir = project(configs);
    const ctx = { ...CTX, cwd: dir };
    expect(runFromConfig("py", undefined, ctx, { break: [], options: { virtualEnv: "/venv" } }, false, cliSpelling).call.args).toMatchObject({
      program: join(dir, "app.py"),
      args: ["a"],
      cwd: join(dir, "deep"),
      env: { A: "config", B: "config" },
      options: { justMyCode: false, virtualEnv: "/venv" },
    });
    expect(code(() => runFromConfig("att", undefined, ctx, {}, false, cliSpelling))).toBe(
      "LAUNCH_CONFIG: configuration 'att' attaches to a process: run starts its own program",
    );
    // Issue 31 item 6: run takes what start takes, a module included; the command line's cwd and env win.
    expect(runFromConfig("mod", undefined, ctx, { cwd: "/tmp", env: { B: "cli" } }, false, cliSpelling).call.args).toMatchObject({
      module: "m",
      cwd: "/tmp",
      env: { B: "cli" },
    });
  });
});
