// A request whose caller gives up (an MCP cancel) must not reach the daemon once given up: the
// daemon would run it for nobody (a trace to its --max, a batch) with no client to end it. Aborts
// at each point of the request: before it, while connecting, and after it went out.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket, UnixSocketListener } from "bun";
import { request } from "../../src/ipc/client.ts";

let dir: string;
let listener: UnixSocketListener<undefined>;
/** What the stand-in daemon saw: connections opened, bytes received, connections closed. */
const seen = { opened: 0, bytes: 0, closed: 0 };
const before = process.env.DEBUGGER_RUNTIME_DIR;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-abort-"));
  process.env.DEBUGGER_RUNTIME_DIR = dir;
  // A stand-in daemon that never replies: the request waits until its caller gives up.
  listener = Bun.listen({
    unix: join(dir, "daemon.sock"),
    socket: {
      open: () => void seen.opened++,
      data: (_s: Socket<undefined>, chunk: Buffer) => void (seen.bytes += chunk.length),
      close: () => void seen.closed++,
    },
  });
});
afterEach(() => {
  seen.opened = seen.bytes = seen.closed = 0;
});
afterAll(() => {
  listener.stop(true);
  if (before === undefined) delete process.env.DEBUGGER_RUNTIME_DIR;
  else process.env.DEBUGGER_RUNTIME_DIR = before;
  rmSync(dir, { recursive: true, force: true });
});

const msg = { command: "status", session: "s", cwd: "/", args: {} } as const;

test("aborted before it starts: nothing connects", async () => {
  const ac = new AbortController();
  ac.abort(new Error("cancelled"));
  await expect(request(msg, 5000, { signal: ac.signal })).rejects.toThrow("cancelled");
  await Bun.sleep(50);
  expect(seen).toEqual({ opened: 0, bytes: 0, closed: 0 });
});

test("aborted while connecting: the connection closes and the request is never sent", async () => {
  const ac = new AbortController();
  const p = request(msg, 5000, { signal: ac.signal });
  // After request() began connecting, before the connection is open (that takes an event-loop turn).
  queueMicrotask(() => ac.abort(new Error("cancelled")));
  await expect(p).rejects.toThrow("cancelled");
  await Bun.sleep(100);
  expect(seen.opened).toBe(1);
  expect(seen.bytes).toBe(0);
  expect(seen.closed).toBe(1);
});

test("aborted after it went out: the connection closes (the daemon's sign that its client is gone)", async () => {
  const ac = new AbortController();
  const p = request(msg, 5000, { signal: ac.signal });
  p.catch(() => {});
  for (let i = 0; i < 100 && seen.bytes === 0; i++) await Bun.sleep(5);
  expect(seen.bytes).toBeGreaterThan(0);
  ac.abort(new Error("cancelled"));
  await expect(p).rejects.toThrow();
  for (let i = 0; i < 100 && seen.closed === 0; i++) await Bun.sleep(5);
  expect(seen.closed).toBe(1);
});
