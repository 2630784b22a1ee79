// A cloned repository cannot choose what runs: nothing in the current directory or its parents —
// .lldbinit, .gdbinit, a gdb auto-load script beside the binary, a config.toml, a .env, a
// bunfig.toml, a `debugpy/` package — is read or run when the debugger starts a program there.
// Each planted file would create a marker file; none may exist afterwards, and each session
// still stops where it should. Issue 24 (the pinned case) and item 11 (debugpy shadowing).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, CI, E2eEnv, runCommand } from "../harness/index.ts";

const env = new E2eEnv({ prefix: "dbg-cwd-" });
afterAll(() => env.close());

const haveLldb = adapterAvailable("lldb-dap", "test/e2e/untrustedCwd.test.ts");
const haveGdb = adapterAvailable("gdb", "test/e2e/untrustedCwd.test.ts");
const haveDebugpy = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0;
if (!haveDebugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3");

let root: string;
let repo: string;
let markers: string;

const PROG_C = `#include <stdio.h>
int main(void) {
  int x = 41;
  x++;
  printf("%d\\n", x);
  return 0;
}
`;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "dbg-cloned-"));
  repo = join(root, "repo");
  markers = join(root, "markers");
  mkdirSync(join(repo, "debugpy"), { recursive: true });
  mkdirSync(markers);
  // The same traps in the repository and in its parent.
  for (const dir of [root, repo]) {
    const tag = dir === root ? "parent" : "cwd";
    writeFileSync(join(dir, ".lldbinit"), `platform shell touch ${markers}/lldbinit-${tag}\nscript open("${markers}/lldbinit-py-${tag}", "w")\n`);
    writeFileSync(join(dir, ".gdbinit"), `shell touch ${markers}/gdbinit-${tag}\n`);
    writeFileSync(join(dir, "config.toml"), `[adapters.lldb-dap]\ncommand = ["/bin/sh", "-c", "touch ${markers}/config-${tag}"]\n`);
    mkdirSync(join(dir, ".config", "debugger-cli"), { recursive: true });
    writeFileSync(
      join(dir, ".config", "debugger-cli", "config.toml"),
      `[adapters.lldb-dap]\ncommand = ["/bin/sh", "-c", "touch ${markers}/xdg-config-${tag}"]\n`,
    );
    writeFileSync(join(dir, ".env"), `DEBUGGER_JSON=1\nDEBUGGER_SESSION=planted-${tag}\n`);
    writeFileSync(join(dir, "bunfig.toml"), `preload = ["${markers}/bunfig-${tag}.ts"]\n`);
  }
  writeFileSync(join(repo, "debugpy", "__init__.py"), `open("${markers}/debugpy-shadow", "w")\nraise SystemExit("the repository's debugpy/ was imported")\n`);
  writeFileSync(join(repo, "prog.c"), PROG_C);
  writeFileSync(join(repo, "prog.py"), "x = 41\nx += 1\nprint(x)\n");
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(repo, "prog"), join(repo, "prog.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  // gdb's auto-load scripts beside the binary (OBJFILE-gdb.gdb / -gdb.py).
  writeFileSync(join(repo, "prog-gdb.gdb"), `shell touch ${markers}/autoload-gdb\n`);
  writeFileSync(join(repo, "prog-gdb.py"), `open("${markers}/autoload-py", "w")\n`);
});
afterAll(() => root && rmSync(root, { recursive: true, force: true }));

const run = <const A extends readonly string[]>(args: A) => env.run(args, { cwd: repo });

async function session(name: string, start: readonly ["start", ...string[]], line: number) {
  const r = await run([...start, "--session", name]);
  if (r.exitCode !== 0) console.error(r.stdout, r.stderr);
  expect(r.exitCode).toBe(0);
  // The planted .env did not switch the output or the session.
  expect(r.json.session).toBe(name);
  expect(r.json.data.stop.frame.line).toBe(line);
  expect((await run(["stop", "--session", name])).exitCode).toBe(0);
  expect(readdirSync(markers)).toEqual([]);
}

test.skipIf(!haveLldb)("lldb-dap reads no .lldbinit, config or .env from the repository or its parent", async () => {
  await session("lldb", ["start", "./prog", "--break", "prog.c:4"], 4);
});

test.skipIf(!haveLldb)("the lldb CLI backend reads no .lldbinit either", async () => {
  await session("lldb-cli", ["start", "./prog", "--adapter", "lldb-cli", "--break", "prog.c:4"], 4);
});

test.skipIf(!haveGdb)("gdb reads no .gdbinit and runs no auto-load script beside the binary", async () => {
  await session("gdb", ["start", "./prog", "--adapter", "gdb", "--break", "prog.c:4"], 4);
});

test.skipIf(!haveDebugpy)("debugpy runs from its install, not from a debugpy/ folder in the current directory", async () => {
  await session("py", ["start", "prog.py", "--python", "/usr/bin/python3", "--break", "prog.py:2"], 2);
  expect(existsSync(join(markers, "debugpy-shadow"))).toBe(false);
  // doctor, run in the CLI from the same directory, finds the real one too.
  const doctor = await run(["doctor", "debugpy"]);
  expect(doctor.stdout + doctor.stderr).not.toContain("not found");
});
