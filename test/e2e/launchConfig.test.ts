// `start --config NAME` and `run --config NAME` through the built binary on real adapters: a
// project's .vscode/launch.json with a C (lldb), a Python (debugpy) and two Go (Delve: debug of a
// package directory, exec of a binary) configurations, each started from a folder below the
// project, plus the MCP-free failures a user meets (an editor variable, a compound).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, runCommand } from "./harness.ts";

const FILE = "test/e2e/launchConfig.test.ts";
const C_SRC = sourcePath("c/basic.c");
const PY_SRC = sourcePath("python/basic.py");
const GO_SRC = join(goFixturesDir, "basic", "main.go");
const hasPython = () =>
  runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE);

const env = new E2eEnv();
const project = join(env.dir, "proj");
const below = join(project, "src", "deep");
let bins: Record<string, string> = {};
let goBins: Record<string, string> = {};

beforeAll(async () => {
  bins = await buildFixtures();
  goBins = await buildGoFixtures();
  mkdirSync(join(project, ".vscode"), { recursive: true });
  mkdirSync(below, { recursive: true });
  mkdirSync(join(project, "work"));
  writeFileSync(
    join(project, "show.py"),
    'import os, sys\nprint("argv=%r cwd=%s A=%s B=%s HOME_SEEN=%s" % (sys.argv[1:], os.getcwd(), os.environ.get("A"), os.environ.get("B"), os.environ.get("HOME_SEEN")))\n',
  );
  writeFileSync(join(project, ".env"), "# dotenv\nA=from-envfile\nB=from-envfile\n");
  // Comments and trailing commas, as VS Code writes and reads the file.
  writeFileSync(
    join(project, ".vscode", "launch.json"),
    `{
  // written by hand
  "version": "0.2.0",
  "configurations": [
    { "name": "C app", "type": "lldb", "request": "launch", "program": ${JSON.stringify(bins["c-basic"])}, "cwd": "\${workspaceFolder}", "preLaunchTask": "build", },
    { "name": "Python basic", "type": "debugpy", "request": "launch", "program": ${JSON.stringify(PY_SRC)}, "python": "/usr/bin/python3", "justMyCode": true },
    { "name": "Python show", "type": "debugpy", "request": "launch", "program": "\${workspaceFolder}/show.py", "args": ["one two", "\${workspaceFolderBasename}"],
      "cwd": "\${workspaceFolder}/work", "envFile": "\${workspaceFolder}/.env", "env": { "B": "from-env", "HOME_SEEN": "\${env:HOME}" }, "python": "/usr/bin/python3" },
    { "name": "Go package", "type": "go", "request": "launch", "mode": "debug", "program": ${JSON.stringify(join(goFixturesDir, "basic"))} },
    { "name": "Go binary", "type": "go", "request": "launch", "mode": "exec", "program": ${JSON.stringify(goBins.basic)} },
    /* editor-only variables */
    { "name": "Current file", "type": "debugpy", "request": "launch", "program": "\${file}" },
  ],
  "compounds": [ { "name": "All", "configurations": ["C app", "Go package"] } ],
}
`,
  );
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

async function startsAt(config: string, source: string, line: number, extra: string[] = []) {
  const r = await env.run(["start", "--config", config, "--break", `${source}:${line}`, ...extra], { cwd: below });
  if (r.exitCode !== 0) throw new Error(`start --config ${config}: ${r.stdout}${r.stderr}`);
  expect(r.json.data.stop?.reason).toBe("breakpoint");
  expect(r.json.data.stop?.frame).toMatchObject({ line });
  return r;
}

describe.skipIf(!adapterAvailable("lldb-dap", FILE))("C", () => {
  test("start --config runs the configuration's program; the preLaunchTask is named, not run", async () => {
    const r = await startsAt("C app", C_SRC, markerLine(C_SRC, "loop_body"));
    expect(r.json.data.session.program).toBe(bins["c-basic"]);
    expect(r.stderr).toContain("note: preLaunchTask 'build' was not run (this tool runs no VS Code tasks): run it yourself first");
  });
});

describe.skipIf(!hasPython())("Python", () => {
  test("start --config stops at the breakpoint", async () => {
    await startsAt("Python basic", PY_SRC, markerLine(PY_SRC, "loop_body"));
  });
  test("run --config: args, cwd, envFile under env, ${env:…} reach the program", async () => {
    const r = await env.run(["run", "--config", "Python show"], { cwd: below });
    expect(r.exitCode).toBe(0);
    expect(r.json.data.stop?.output).toContain(`argv=['one two', 'proj'] cwd=${join(project, "work")} A=from-envfile B=from-env HOME_SEEN=${process.env.HOME}`);
  });
  test("the command line wins over the configuration, and says so", async () => {
    const r = await env.run(["run", "--config", "Python show", "--", "mine"], { cwd: below });
    expect(r.json.data.stop?.output).toContain("argv=['mine']");
    expect(r.stderr).toContain("note: given on the command line, over the configuration's: the arguments after --");
  });
});

describe.skipIf(!adapterAvailable("dlv", FILE))("Go", () => {
  const line = markerLine(GO_SRC, "loop_body");
  test("mode debug of a package directory: built and stopped at the breakpoint", async () => {
    await startsAt("Go package", GO_SRC, line, ["--timeout", "180"]);
  }, 240_000);
  test("mode exec of a binary", async () => {
    const r = await startsAt("Go binary", GO_SRC, line);
    expect(r.json.data.session.program).toBe(goBins.basic);
  });
});

describe("what cannot be started", () => {
  test("an editor variable, a compound, an unknown name: LAUNCH_CONFIG, exit 2, nothing started", async () => {
    for (const [name, message] of [
      ["Current file", "configuration 'Current file', program uses ${file}, the file open in VS Code's editor; there is none here"],
      ["All", "is a compound (C app, Go package): this tool starts one configuration at a time"],
      ["Nope", "no configuration named 'Nope' in"],
    ]) {
      const r = await env.run(["start", "--config", name!], { cwd: below });
      expect(r.exitCode).toBe(2);
      expect(r.json.error.code).toBe("LAUNCH_CONFIG");
      expect(r.json.error.message).toContain(message!);
    }
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
  });
  test("outside any project: said, with --launch-file", async () => {
    const r = await env.run(["start", "--config", "C app"], { cwd: "/" });
    expect(r.json.error).toMatchObject({ code: "LAUNCH_CONFIG", message: "no .vscode/launch.json in / or any folder above it" });
    const elsewhere = await env.run(["configs", "--launch-file", join(project, ".vscode", "launch.json")], { cwd: "/" });
    expect(elsewhere.exitCode).toBe(0);
  });
  test("configs lists each configuration with its adapter, and why one cannot start", async () => {
    const d = (await env.ok(["configs"], { cwd: below })) as { file: string; configurations: { name: string; adapter?: string; error?: string }[] };
    expect(d.file).toBe(join(project, ".vscode", "launch.json"));
    expect(d.configurations.map((c) => [c.name, c.adapter, !!c.error])).toEqual([
      ["C app", "lldb", false],
      ["Python basic", "debugpy", false],
      ["Python show", "debugpy", false],
      ["Go package", "delve", false],
      ["Go binary", "delve", false],
      ["Current file", "debugpy", true],
      ["All", undefined, true],
    ]);
    const text = await env.run(["configs"], { cwd: below, json: false });
    expect(text.stdout).toContain("Go binary");
    expect(text.stdout).toContain("cannot start: configuration 'Current file', program uses ${file}");
  });
});
