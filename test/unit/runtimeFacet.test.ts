// The runtime facet of each adapter (what replaced the `language ===` branches): which lock's owner
// the hang report reads, how many running threads it reads, and which interpreter runs a program.
// The text is the adapters' own: the user's line lldb-dap and gdb show above glibc's
// pthread_mutex_lock (test/fixtures/c/hang.c), debugpy's scripts and virtualenvs.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codelldb } from "../../src/adapters/codelldb.ts";
import { cWaits } from "../../src/adapters/cWaits.ts";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { node } from "../../src/adapters/node.ts";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import { firstArgument } from "../../src/daemon/session/inspection/waits.ts";

/** The daemon's reading: an adapter without waits has glibc's (cWaits). */
const waitsOf = (spec: AdapterSpec) => spec.waits ?? cWaits;

test.each([
  ["pthread_mutex_lock(&b); // @mark lock_b", "((pthread_mutex_t *)(&b))->__data.__owner"],
  ["    if (pthread_mutex_timedlock(&s->locks[i], &deadline) != 0) return;", "((pthread_mutex_t *)(&s->locks[i]))->__data.__owner"],
  ["pthread_mutex_lock(", undefined],
  ["lock(&b);", undefined],
])("glibc's lock owner from %j → %s", (text, want) => {
  for (const spec of [lldbDap, gdb, codelldb, node]) {
    const owner = waitsOf(spec).lockOwner!;
    expect(owner.waits).toBe("pthread_mutex_lock");
    const arg = firstArgument(text, owner.call);
    expect(arg && owner.expression(arg)).toBe(want);
  }
});

test("Go and Python runtimes have no glibc lock owner to read", () => {
  expect(waitsOf(delve).lockOwner).toBeUndefined();
  expect(waitsOf(debugpy).lockOwner).toBeUndefined();
});

test("only debugpy limits the stacks read while the program runs (pydevd answers each after half a second)", () => {
  expect(waitsOf(debugpy).runningThreads).toBe(16);
  for (const spec of [lldbDap, gdb, delve, node]) expect(waitsOf(spec).runningThreads).toBeUndefined();
});

const dir = mkdtempSync(join(tmpdir(), "runtime-facet-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("debugpy picks a script's interpreter: its #! without a .py name, the caller's virtualenv's, none when --python names one", () => {
  const script = join(dir, "tool");
  writeFileSync(script, "#!/usr/bin/python3\nprint(1)\n");
  chmodSync(script, 0o755);
  const pyFile = join(dir, "tool.py");
  writeFileSync(pyFile, "#!/usr/bin/python3\nprint(1)\n");
  const venvBin = join(dir, "venv", "bin");
  mkdirSync(venvBin, { recursive: true });
  writeFileSync(join(venvBin, "python"), "#!/bin/sh\n");
  chmodSync(join(venvBin, "python"), 0o755);
  const env = { PATH: "/usr/bin:/bin" };
  const where = { cwd: dir, env };
  expect(debugpy.programInterpreter?.(script, {}, where)).toBe("/usr/bin/python3");
  expect(debugpy.programInterpreter?.(pyFile, {}, where)).toBeUndefined();
  expect(debugpy.programInterpreter?.(pyFile, {}, { cwd: dir, env: { ...env, VIRTUAL_ENV: join(dir, "venv") } })).toMatch(/venv\/bin\/python3?$/);
  expect(debugpy.programInterpreter?.(script, { python: "/usr/bin/python3" }, where)).toBeUndefined();
  expect(debugpy.programInterpreter?.(script, {}, { cwd: dir, env: { ...env, DEBUGGER_PYTHON: "/usr/bin/python3" } })).toBeUndefined();
  // The other adapters run the program as it is.
  for (const spec of [lldbDap, gdb, delve, node]) expect(spec.programInterpreter).toBeUndefined();
});
