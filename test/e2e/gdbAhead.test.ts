// cdt-gdb-adapter with gdb started ahead (src/adapters/cdtWarmGdb.ts): the adapter process starts
// its gdb before `launch`, a warm spare holds one, and the launch makes it what a freshly spawned
// gdb would be (directory, the program's environment). The program's world must be the caller's
// either way (DESIGN.md 7b): the daemon starts from another shell with other values, and each run
// is compared with the program run plainly. The daemon's log says which way each launch went
// (the adapter's stderr: "gdb started ahead: taken" or "not used (why)").
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gdb } from "../../src/adapters/gdb.ts";
import { logPath } from "../../src/common/paths.ts";
import { adapterAvailable, E2eEnv, skipped, useEnv } from "../harness/index.ts";

const FILE = "test/e2e/gdbAhead.test.ts";
const found = adapterAvailable("gdb", FILE) ? gdb.discover() : null;
const ahead =
  found?.variant === "cdt-gdb-adapter" && found.command.includes("-e")
    ? true
    : found
      ? skipped(`${FILE}: gdb speaks DAP itself or node is missing, so cdt-gdb-adapter runs without a gdb started ahead`)
      : false;

const WORLD_C = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
extern char **environ;
int main(void) {
  const char *names[] = {"FOO", "ODD", "LEAD", "EMPTY", "DAEMON_ONLY", "LINES", "COLUMNS"};
  for (int i = 0; i < 7; i++) {
    const char *v = getenv(names[i]);
    if (v) printf("env %s [%s]\\n", names[i], v); else printf("env %s unset\\n", names[i]);
  }
  for (char **e = environ; *e; e++) printf("KEY %.*s\\n", (int)(strchr(*e, '=') ? strchr(*e, '=') - *e : (long)strlen(*e)), *e);
  char cwd[4096];
  printf("cwd [%s]\\n", getcwd(cwd, sizeof cwd) ? cwd : "?");
  return 0;
}
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-gdbahead-" }));
let dir: string;
let work: string;

beforeAll(async () => {
  if (!ahead) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-gdbahead-src-"));
  writeFileSync(join(dir, "world.c"), WORLD_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "world"), join(dir, "world.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  // The program runs in a directory other than the daemon's and the warm gdb's.
  work = join(dir, "a dir with blanks");
  mkdirSync(work);
  // Another shell started the daemon: other values, a variable the caller does not have.
  await env().ok(["status"], { env: { FOO: "the daemon's", DAEMON_ONLY: "1", LINES: "99" } });
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/** The world the program reports, as a sorted list of lines (KEY lines sorted and unique). */
function world(output: string): string[] {
  const lines = output.split("\n").filter((l) => /^(env |KEY |cwd )/.test(l));
  return [...new Set(lines)].sort();
}

function plain(caller: Record<string, string>): string[] {
  const r = Bun.spawnSync([join(dir, "world")], { cwd: work, env: caller, stdout: "pipe" });
  return world(r.stdout.toString());
}

async function underDebugger(caller: Record<string, string>): Promise<string[]> {
  const r = await env().run(["run", join(dir, "world"), "--adapter", "gdb"], { cwd: work, env: caller });
  if (r.exitCode !== 0 || !r.json?.ok) throw new Error(`run failed: ${r.stdout}${r.stderr}`);
  return world(r.json.data.stop?.output ?? "");
}

/** The daemon log's notes from the adapter about its gdb started ahead, in order. */
function notes(): string[] {
  return [...readFileSync(logPath(env().env), "utf8").matchAll(/gdb started ahead: (.*)/g)].map((m) => m[1]!);
}

test.skipIf(!ahead)("the gdb started ahead runs the program in the caller's world, from a fresh adapter and from a warm spare", async () => {
  const caller = { FOO: "the caller's", ODD: `a=b c;$x 'q' "d" \\ ünï \t inside`, EMPTY: "" };
  const want = plain({ ...env().env, ...caller });
  expect(want).toContain("env FOO [the caller's]");
  expect(want).toContain("env DAEMON_ONLY unset");
  const before = notes().length;
  for (let i = 0; i < 2; i++) {
    const seen = await underDebugger(caller);
    // The tool's own mark is the one addition (README, "The program's environment").
    expect(seen).toEqual([...want, "KEY DEBUGGER_ADAPTER_ID"].sort());
  }
  const taken = notes().slice(before);
  expect(taken).toHaveLength(2);
  for (const n of taken) expect(n).toStartWith("taken");
});

test.skipIf(!ahead)("a value gdb's `set environment` would trim: gdb is spawned at launch as before, and the value arrives whole", async () => {
  const caller = { FOO: "x", LEAD: "  padded both ends \t" };
  const want = plain({ ...env().env, ...caller });
  expect(want).toContain("env LEAD [  padded both ends \t]");
  const before = notes().length;
  expect(await underDebugger(caller)).toEqual([...want, "KEY DEBUGGER_ADAPTER_ID"].sort());
  expect(notes().slice(before)).toEqual(["not used (a variable gdb cannot set exactly)"]);
});

test.skipIf(!ahead)("a .gdbinit in the program's directory: gdb is spawned there at launch, as before", async () => {
  const other = join(dir, "with-gdbinit");
  mkdirSync(other);
  writeFileSync(join(other, ".gdbinit"), "# read only where auto-load allows\n");
  const before = notes().length;
  const r = await env().run(["run", join(dir, "world"), "--adapter", "gdb"], { cwd: other, env: { FOO: "y" } });
  expect(r.json?.ok, r.stdout + r.stderr).toBe(true);
  expect(r.json.data.stop?.output).toContain(`cwd [${other}]`);
  expect(notes().slice(before)).toEqual(["not used (a .gdbinit)"]);
});

test.skipIf(!ahead)("DEBUGGER_GDB_AHEAD=0 runs the stock adapter", async () => {
  const caller = { FOO: "z", DEBUGGER_GDB_AHEAD: "0" };
  const want = plain({ ...env().env, ...caller });
  const before = notes().length;
  expect(await underDebugger(caller)).toEqual([...want, "KEY DEBUGGER_ADAPTER_ID"].sort());
  expect(notes().slice(before)).toEqual([]);
});
