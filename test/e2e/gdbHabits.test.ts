// What gdb and lldb users reach for (issue 23): `break --function NAME` / `-f`, and `--timeout` on
// print, eval and raw for a slow evaluation. Real lldb-dap on a C program.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, useEnv } from "../harness/index.ts";

const SLOW_C = `#include <unistd.h>
int slow(int s) {
  sleep(s);
  return s;
}

int work(int n) {
  return n * 2;
}

int main(void) {
  int n = work(3);
  return n - 6;
}
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-habits-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/gdbHabits.test.ts");
const t = haveLldb ? test : test.skip;
let dir: string;
let prog: string;

beforeAll(() => {
  if (!haveLldb) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-habits-src-"));
  writeFileSync(join(dir, "slow.c"), SLOW_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "slow"), join(dir, "slow.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  prog = join(dir, "slow");
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));
afterEach(() => env().stopSessions());

t("break --function NAME and -f NAME break at the function; a FILE:LINE or a second location is a usage error", async () => {
  const s = env().session("fn");
  await s.ok(["start", prog, "--stop-on-entry"]);
  const long = await s.ok(["break", "--function", "work"]);
  expect(long.breakpoints[0].verified).toBe(true);
  expect(long.breakpoints[0].line).toBe(8);
  const short = await s.ok(["breakpoint", "add", "-f", "slow"]);
  expect(short.breakpoints[0].line).toBe(3);
  const stop = await s.ok(["continue"]);
  expect(stop.stop.frame.function).toMatch(/^work/);

  const file = await s.run(["break", "-f", "slow.c:8"]);
  expect(file.exitCode).toBe(2);
  expect(file.json.error.message).toContain("--function takes a function name");
  const twice = await s.run(["break", "main", "-f", "work"]);
  expect(twice.exitCode).toBe(2);
  const none = await s.run(["break"]);
  expect(none.exitCode).toBe(2);
  expect(none.json.error.message).toContain("needs a location");
});

t("--timeout on eval and raw ends a slow evaluation with TIMEOUT; the session still answers", async () => {
  const s = env().session("slow");
  await s.ok(["start", prog, "--break", "work"]);
  const t0 = Date.now();
  const cut = await s.run(["eval", "slow(3)", "--timeout", "0.5"]);
  const took = Date.now() - t0;
  expect(cut.exitCode).not.toBe(0);
  expect(cut.json.error.code).toBe("TIMEOUT");
  expect(cut.json.error.message).toBe("eval did not finish within 0.5 s (the adapter may still be evaluating it)");
  // It gave up at the timeout, not at the end of the call (3 s).
  expect(took).toBeLessThan(2500);
  // The session still answers once the adapter is done with it.
  expect((await s.ok(["print", "n"], {})).expression).toBe("n");

  const room = await s.ok(["eval", "n * 2 + 1", "--timeout", "10"]);
  expect(room.result).toContain("7"); // n is 3 in work(3)

  const raw = await s.run(["raw", "expression -- slow(3)", "--timeout", "0.5"]);
  expect(raw.json.error.code).toBe("TIMEOUT");
  expect(raw.json.error.message).toContain("raw did not finish within 0.5 s");

  const bad = await s.run(["print", "n", "--timeout", "-1"]);
  expect(bad.exitCode).toBe(2);
});

// debugpy is a Python module (as in python.test.ts), not an executable on PATH.
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by /usr/bin/python3", "test/e2e/gdbHabits.test.ts");
(haveDebugpy ? test : test.skip)("print --timeout ends a slow Python expression with TIMEOUT; the session still answers", async () => {
  const py = mkdtempSync(join(tmpdir(), "dbg-habits-py-"));
  try {
    writeFileSync(join(py, "p.py"), "import time\n\n\ndef main():\n    x = 1\n    return x\n\n\nmain()\n");
    const s = env().session("py");
    await s.ok(["start", join(py, "p.py"), "--break", `${join(py, "p.py")}:6`], { cwd: py });
    const t0 = Date.now();
    const cut = await s.run(["print", "time.sleep(3)", "--timeout", "0.5"], { cwd: py });
    expect(cut.json.error.code).toBe("TIMEOUT");
    expect(cut.json.error.message).toContain("print did not finish within 0.5 s");
    expect(Date.now() - t0).toBeLessThan(2500);
    expect((await s.ok(["print", "x"], { cwd: py })).result).toBe("1");
  } finally {
    rmSync(py, { recursive: true, force: true });
  }
});
