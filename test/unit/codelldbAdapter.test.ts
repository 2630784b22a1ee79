// The codelldb adapter's pure parts: where it is found (DEBUGGER_CODELLDB, the setup directory,
// VS Code's extension), its version, the launch arguments, which expressions go to CodeLLDB's
// simple evaluator, the chatter left out, and the install step setup would run.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CODELLDB, codelldb, codelldbInstall, findCodelldb } from "../../src/adapters/codelldb.ts";
import { DebuggerError } from "../../src/common/errors.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An install directory as a release unpacks it: adapter/codelldb (a stand-in) and its version file. */
function install(root: string, version: { file: string; text: string }): string {
  mkdirSync(join(root, "adapter"), { recursive: true });
  const exe = join(root, "adapter", "codelldb");
  writeFileSync(exe, "#!/bin/sh\n");
  chmodSync(exe, 0o755);
  writeFileSync(join(root, version.file), version.text);
  return exe;
}

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), "dbg-codelldb-"));
  dirs.push(d);
  return d;
}

describe("findCodelldb", () => {
  test("the setup directory under XDG_DATA_HOME, with the npm copy's version.json", () => {
    const data = temp();
    const exe = install(join(data, "debugger-cli", "adapters", "codelldb"), { file: "version.json", text: '{"version": "1.11.8"}' });
    const env = { XDG_DATA_HOME: data, HOME: temp(), PATH: "" };
    expect(findCodelldb(env)).toBe(exe);
    expect(codelldb.discover({ options: {}, env })).toMatchObject({ path: exe, command: [exe], version: "1.11.8" });
  });

  test("VS Code's extension when setup put none there; its package.json gives the version", () => {
    const home = temp();
    install(join(home, ".vscode", "extensions", "vadimcn.vscode-lldb-1.10.0"), { file: "package.json", text: '{"version": "1.10.0"}' });
    const newest = install(join(home, ".vscode", "extensions", "vadimcn.vscode-lldb-1.11.8"), { file: "package.json", text: '{"version": "1.11.8"}' });
    const env = { XDG_DATA_HOME: temp(), HOME: home, PATH: "" };
    expect(codelldb.discover({ options: {}, env })).toMatchObject({ path: newest, version: "1.11.8" });
  });

  test("DEBUGGER_CODELLDB: the executable, or a directory holding adapter/codelldb; anything else is an error naming it", () => {
    const root = temp();
    const exe = install(root, { file: "version.json", text: '{"version": "1.11.8"}' });
    expect(findCodelldb({ DEBUGGER_CODELLDB: exe })).toBe(exe);
    expect(findCodelldb({ DEBUGGER_CODELLDB: root })).toBe(exe);
    let err: unknown;
    try {
      findCodelldb({ DEBUGGER_CODELLDB: join(root, "nowhere") });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DebuggerError);
    expect(err).toMatchObject({ code: "ADAPTER_NOT_FOUND", message: expect.stringContaining("DEBUGGER_CODELLDB=") });
  });

  test("nothing installed: not found (null), so doctor says how to install it", () => {
    expect(codelldb.discover({ options: {}, env: { XDG_DATA_HOME: temp(), HOME: temp(), PATH: "" } })).toBeNull();
  });
});

describe("launch arguments", () => {
  const base = { args: ["a b"], cwd: "/w", env: { K: "v" }, callerEnv: { PATH: "" }, stopOnEntry: false, breakpointFiles: [], options: {} };

  test("exactly the given environment; stdin from --stdin or /dev/null; stdout and stderr to the daemon's pipes", () => {
    const args = codelldb.launchArgs({ ...base, program: "/bin/true", stdin: "/in put.txt", pipes: { stdout: "/p/out", stderr: "/p/err" } });
    expect(args).toMatchObject({ type: "lldb", request: "launch", program: "/bin/true", args: ["a b"], cwd: "/w", env: { K: "v" }, expressions: "native" });
    expect(args.initCommands).toEqual([
      "settings set target.inherit-env false",
      "settings set target.input-path /in put.txt",
      "settings set target.output-path /p/out",
      "settings set target.error-path /p/err",
    ]);
    expect(args.sourceLanguages).toBeUndefined();
    expect((codelldb.launchArgs({ ...base, program: "/bin/true" }).initCommands as string[]).at(-1)).toBe("settings set target.input-path /dev/null");
  });

  test("a program built by rustc gets CodeLLDB's Rust support and the formatter guard before it runs", () => {
    const dir = temp();
    const program = join(dir, "prog");
    writeFileSync(program, "\x7fELF … /rustc/59807616e/library/std/src/rt.rs …");
    chmodSync(program, 0o755);
    const args = codelldb.launchArgs({ ...base, program });
    expect(args.sourceLanguages).toEqual(["rust"]);
    expect(args.preRunCommands).toEqual([expect.stringMatching(/^script import base64; exec\(/)]);
  });
});

test("a variable path is read in place by CodeLLDB's simple evaluator, with the native one's error where it fails; other expressions as written", () => {
  for (const e of ["v", "p.x", "a[2]", "items[0].name", " total "])
    expect(codelldb.rewriteExpression!(e)).toEqual({ expression: `/se ${e.trim()}`, orAsWritten: true });
  for (const e of ["add(2, 3)", "p.x * 10", "q->next", "*p", "a[i]", "(char)65", "i == 3"]) expect(codelldb.rewriteExpression!(e)).toEqual({ expression: e });
});

test("CodeLLDB's narration is left out; the program's words and LLDB's own messages are not", () => {
  for (const t of [
    "Console is in 'commands' mode, prefix expressions with '?'.\n",
    "Executing script: initCommands\n",
    "Executing script: preRunCommands\n",
    "Launching: /a/b\n",
    "Launched process 42 from '/a/b'\n",
    "Process exited with code 3.\n",
    "Loading Rust formatters from /x/lib/rustlib/etc\n",
  ]) {
    expect(codelldb.ignoreOutput!(t, "console")).toBe(true);
  }
  expect(codelldb.ignoreOutput!("Launching: rockets\n", "stdout")).toBe(false);
  expect(codelldb.ignoreOutput!("Process 42 stopped\n", "console")).toBe(false);
});

test("CodeLLDB's word on a signal's stop, sent as stderr, is its console text, not the program's stderr", () => {
  expect(codelldb.outputCategory!("stderr", "Stop reason: signal SIGTRAP\n")).toBe("console");
  expect(codelldb.outputCategory!("stderr", "warning: low on disk\n")).toBe("stderr");
});

test("raw: a command's text is fenced by a second command's, which the capture leaves out", () => {
  const how = codelldb.rawCommand!("frame variable x");
  expect(how).toMatchObject({ expression: "frame variable x", textAsOutput: true, fence: { command: expect.stringContaining("script print(") } });
  expect(codelldb.ignoreOutput!(how!.fence!.text, "console")).toBe(true);
});

test("setup: the GitHub release for this platform, the npm copy as the fallback on linux-x64", () => {
  const step = codelldbInstall();
  if (!Bun.which("node")) return expect(step).toBeUndefined();
  expect(step!.why).toContain(CODELLDB.version);
  expect(step!.argv).toContain(CODELLDB.url(process.platform === "linux" && process.arch === "x64" ? "linux-x64" : `${process.platform}-${process.arch}`));
  if (process.platform === "linux" && process.arch === "x64") expect(step!.argv).toContain(CODELLDB.npmPackage);
});
