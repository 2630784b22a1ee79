// debugpy without the ~40 ms Nagle stalls: the bootstrap sitecustomize reaches the adapter, the
// launcher and the program, sets TCP_NODELAY, and still runs the user's own sitecustomize.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2eEnv, CI, runCommand } from "./harness.ts";

const available = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).code === 0;
if (!available) {
  if (CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/pythonNoDelay.test.ts cannot run");
  console.warn("SKIP test/e2e/pythonNoDelay.test.ts: debugpy is not installed");
}

const env = new E2eEnv();
afterEach(() => env.stopSessions());
afterAll(() => env.close());

describe.skipIf(!available)("debugpy with TCP_NODELAY", () => {
  test("the program's sockets get TCP_NODELAY and the user's sitecustomize still runs", async () => {
    const dir = join(env.dir, "py");
    const mine = join(dir, "mine");
    mkdirSync(mine, { recursive: true });
    writeFileSync(join(mine, "sitecustomize.py"), "import builtins\nbuiltins.USER_SITECUSTOMIZE = 'ran'\n");
    const prog = join(dir, "prog.py");
    writeFileSync(prog, ["import socket", "s = socket.create_server(('127.0.0.1', 0))", "c = socket.create_connection(s.getsockname())", "x = 1  # stop here", "print(x)", ""].join("\n"));
    const s = env.session("nodelay");
    const r = await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:4`, "--env", `PYTHONPATH=${mine}`]);
    expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { line: 4 } });
    const p = await s.ok(["print", "c.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)", "USER_SITECUSTOMIZE", "socket.socket.connect.__name__"]);
    expect(p.results.map((x: any) => x.result)).toEqual(["1", "'ran'", "'_connect'"]);
  });

  test("DEBUGGER_PYTHON_NODELAY=0 leaves debugpy's sockets alone", async () => {
    const off = new E2eEnv();
    try {
      off.env.DEBUGGER_PYTHON_NODELAY = "0";
      const prog = join(off.dir, "prog.py");
      writeFileSync(prog, ["import socket", "x = 1", "print(x)", ""].join("\n"));
      const s = off.session("plain");
      await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:2`]);
      expect((await s.ok(["print", "socket.socket.connect.__name__"])).result).toBe("'connect'");
      await s.ok(["stop"]);
    } finally {
      await off.close();
    }
  });
});
