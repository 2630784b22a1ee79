// `start --connect HOST:PORT`: a session with an adapter somebody else started and that listens
// on a port (a program in a container or on another host is debugged this way).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, findAdapter, waitFor } from "./harness.ts";

const env = new E2eEnv();
let bins: Record<string, string> = {};
let goBins: Record<string, string> = {};
const children: ReturnType<typeof Bun.spawn>[] = [];

const haveLldb = adapterAvailable("lldb-dap", "remote.test.ts");
const haveDelve = adapterAvailable("dlv", "remote.test.ts");

beforeAll(async () => {
  if (haveLldb) bins = await buildFixtures();
  if (haveDelve) goBins = await buildGoFixtures();
});
afterEach(() => env.stopSessions());
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await env.close();
});

function freePort(): number {
  const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = server.port;
  server.stop(true);
  return port;
}

/** Starts an adapter listening on a port; returns the port once it accepts connections. */
async function serve(argv: (port: number) => string[]): Promise<number> {
  const port = freePort();
  children.push(Bun.spawn(argv(port), { stdout: "ignore", stderr: "ignore", stdin: "ignore" }));
  // Probing with a connect would use up a single-connection adapter: wait for the port by polling
  // /proc/net/tcp instead.
  await waitFor(
    async () => (await Bun.file("/proc/net/tcp").text()).includes(`:${port.toString(16).toUpperCase().padStart(4, "0")} 00000000:0000 0A`),
    10_000,
    `port ${port}`,
  );
  return port;
}

describe("start --connect", () => {
  test.skipIf(!haveLldb)("lldb-dap --port: launch through it, stop at a breakpoint, run to the exit code", async () => {
    const lldb = findAdapter("lldb-dap")!;
    const port = await serve((p) => [lldb, "--port", String(p)]);
    const src = sourcePath("c/basic.c");
    const line = markerLine(src, "loop_body");
    const d = await env.ok([
      "start",
      bins["c-basic"]!,
      "--connect",
      `127.0.0.1:${port}`,
      "--adapter",
      "lldb-dap",
      "--break",
      `${src}:${line}`,
      "--session",
      "remote-lldb",
    ]);
    expect(d.session).toMatchObject({ adapter: "lldb-dap", mode: "launch" });
    expect(d.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: "main", file: src, line } });
    expect(d.stop.locals.find((v) => v.name === "total")!.value).toBe("0");
    await env.ok(["breakpoint", "remove", "--all", "--session", "remote-lldb"]);
    const end = await env.ok(["continue", "--session", "remote-lldb"]);
    expect(end.stop).toMatchObject({ reason: "exited", exitCode: 3 });
    await env.ok(["stop", "--session", "remote-lldb"]);
  });

  test.skipIf(!haveDelve)("dlv dap --listen: launch a Go binary through it", async () => {
    const dlv = findAdapter("dlv")!;
    const port = await serve((p) => [dlv, "dap", `--listen=127.0.0.1:${p}`]);
    const line = goMarkerLine("basic", "loop_body");
    const d = await env.ok([
      "start",
      goBins.basic!,
      "--connect",
      `127.0.0.1:${port}`,
      "--adapter",
      "delve",
      "--break",
      `${sourcePath("go/basic/main.go")}:${line}`,
      "--session",
      "remote-dlv",
    ]);
    expect(d.stop).toMatchObject({ reason: "breakpoint", frame: { function: "main.main", line } });
    expect((await env.ok(["print", "add(2, 3)", "--session", "remote-dlv"])).result).toBe("5");
    await env.ok(["stop", "--session", "remote-dlv"]);
  });

  test("a port nobody listens on is a clear error and the daemon keeps serving", async () => {
    const port = freePort();
    const r = await env.run(["start", "/bin/true", "--connect", `127.0.0.1:${port}`, "--adapter", "lldb-dap", "--session", "remote-none"]);
    expect(r.exitCode).toBe(4);
    expect(r.json.error.code).toBe("ADAPTER_NOT_FOUND");
    expect(r.json.error.message).toStartWith(`could not connect to a debug adapter at 127.0.0.1:${port}`);
    expect((await env.ok(["status", "--session", "remote-none"])).state).toBe("idle");
    const bad = await env.run(["start", "/bin/true", "--connect", "nowhere", "--adapter", "lldb-dap"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error.code).toBe("USAGE");
    const noAdapter = await env.run(["start", "/bin/true", "--connect", "127.0.0.1:1"]);
    expect(noAdapter.json.error).toMatchObject({ code: "USAGE", message: "--connect needs --adapter to know how to talk to it" });
  });
});
