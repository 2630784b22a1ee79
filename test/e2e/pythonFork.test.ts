// Python programs that fork run under debugpy: the child (os.fork, a multiprocessing.Pool worker)
// is left undebugged and runs on, so the parent reaches its breakpoints with the children's
// results; a breakpoint only the child reaches does not stop anything. (With debugpy's subprocess
// support on, the child waited for a client to attach to it and the parent hung: `start` timed
// out with no output.) Issue 24, item 4.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CI, E2eEnv, runCommand, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-pyfork-" }));
const haveDebugpy = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0;
if (!haveDebugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3");
if (!haveDebugpy) console.warn("skipping test/e2e/pythonFork.test.ts: debugpy is not importable by /usr/bin/python3");
const t = haveDebugpy ? test : test.skip;

const FORK_PY = `import os
print("parent", os.getpid(), flush=True)
pid = os.fork()
if pid == 0:
    print("child", os.getpid(), flush=True)
    os._exit(7)
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status)
done = code
`;

const POOL_PY = `import multiprocessing


def square(x):
    return x * x


if __name__ == "__main__":
    with multiprocessing.Pool(2) as pool:
        results = pool.map(square, range(5))
    done = sum(results)
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-pyfork-src-"));
  writeFileSync(join(dir, "fork.py"), FORK_PY);
  writeFileSync(join(dir, "pool.py"), POOL_PY);
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

t(
  "os.fork: the parent stops after the child, with the child's exit status; the child ran",
  async () => {
    const s = env().session("fork");
    const r = await s.ok(["start", join(dir, "fork.py"), "--python", "/usr/bin/python3", "--break", `${join(dir, "fork.py")}:9`, "--timeout", "30"]);
    expect(r.stop.frame.line).toBe(9);
    expect(r.stop.locals.find((v) => v.name === "code")!.value).toBe("7");
    // What happened to the child is said on the debugger's console, never as program output.
    const pid = r.stop.locals.find((v) => v.name === "pid")!.value;
    expect(r.stop.console).toContain(`forked child process ${pid} runs without the debugger: breakpoints stop only this process`);
    expect(r.stop.output).not.toContain("forked child process");
    // The program's own output: the parent's line, then the child's (the console line above can
    // come before or after them in the whole record, which `output` without a filter shows).
    const out = (await s.ok(["output", "--stdout"])).text as string;
    expect(out).toMatch(/^parent \d+\nchild \d+\n/);
    expect(out).not.toContain("forked child process");
    expect((await s.ok(["continue", "--timeout", "30"])).stop.reason).toBe("exited");
  },
  90_000,
);

t(
  "multiprocessing.Pool: the workers run undebugged; a breakpoint only they reach does not stop; the parent gets their results",
  async () => {
    const s = env().session("pool");
    const file = join(dir, "pool.py");
    const r = await s.ok(["start", file, "--python", "/usr/bin/python3", "--break", `${file}:5`, "--break", `${file}:11`, "--timeout", "60"]);
    expect(r.stop.frame.line).toBe(11);
    expect(r.stop.locals.find((v) => v.name === "results")!.value).toBe("[0, 1, 4, 9, 16]");
    expect(r.stop.console.match(/forked child process \d+ runs without the debugger/g)?.length).toBeGreaterThanOrEqual(2); // one per worker
    expect(r.stop.output ?? "").not.toContain("forked child process");
    expect((await s.ok(["continue", "--timeout", "30"])).stop.reason).toBe("exited");
  },
  90_000,
);
