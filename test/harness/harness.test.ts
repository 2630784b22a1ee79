// The harness itself: cleanup that a failing test cannot skip, and the one name for the exit code.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Env } from "../integration/harness.ts";
import { FakeAdapterEnv, running, useEnv, waitFor, withFlags } from "./index.ts";

describe("stopSessions", () => {
  test("ends a session a test left behind, so the next start of that name succeeds", async () => {
    const env = new FakeAdapterEnv();
    try {
      await env.ok(["start", env.program(), "--stop-on-entry", "--session", "left"]);
      await env.ok(["start", env.program(), "--stop-on-entry"]); // the default session, unnamed
      const again = await env.run(["start", env.program(), "--stop-on-entry", "--session", "left"]);
      expect(again.json.error.code).toBe("SESSION_EXISTS"); // what used to cascade into the next test
      await env.stopSessions();
      expect((await env.ok(["sessions"])).sessions).toEqual([]);
      await env.ok(["start", env.program(), "--stop-on-entry", "--session", "left"]);
    } finally {
      await env.close();
    }
  });

  test("keeps the sessions it is told to keep", async () => {
    const env = new FakeAdapterEnv();
    try {
      await env.ok(["start", env.program(), "--stop-on-entry", "--session", "chain"]);
      await env.ok(["start", env.program(), "--stop-on-entry", "--session", "other"]);
      await env.stopSessions({ keep: ["chain"] });
      expect((await env.ok(["sessions"])).sessions.map((s) => s.name)).toEqual(["chain"]);
    } finally {
      await env.close();
    }
  });

  test("does not start a daemon when none is up", async () => {
    const env = new FakeAdapterEnv();
    try {
      await env.stopSessions();
      expect(existsSync(env.socket)).toBe(false);
    } finally {
      await env.close();
    }
  });
});

describe("useEnv", () => {
  const env = useEnv(() => new FakeAdapterEnv());
  test("a test that ends without stopping its session…", async () => {
    const s = env().session("forgotten");
    expect((await s.ok(["start", env().program(), "--stop-on-entry"])).session.name).toBe("forgotten");
  });
  test("…leaves nothing for the next one", async () => {
    expect((await env().ok(["sessions"])).sessions).toEqual([]);
  });
});

/** Pids of processes whose command line mentions TEXT (Linux /proc). */
function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(text)) pids.push(Number(name));
    } catch {} // gone meanwhile
  }
  return pids;
}

test.skipIf(!existsSync("/proc/self/cmdline"))("close stops the daemon and the adapter it started, and removes the temp dir", async () => {
  const env = new FakeAdapterEnv();
  await env.ok(["start", env.program(), "--stop-on-entry"]);
  const daemon = await env.daemonPid();
  // The fake adapter is started with `--log <temp dir>/adapter.log`.
  const adapters = processesMentioning(env.logFile);
  expect(adapters.length).toBeGreaterThan(0);
  await env.close();
  expect(running(daemon)).toBe(false); // exited (perhaps not reaped yet by a slow init)
  await waitFor(() => adapters.every((p) => !running(p)), 5000, "the adapter to exit");
  expect(existsSync(env.dir)).toBe(false);
});

describe("results", () => {
  test("exitCode is the exit status; the integration entry's old name `code` is an alias that toEqual does not see", async () => {
    const env = new Env();
    try {
      const r = await env.run(["contnue"]);
      expect(r.exitCode).toBe(2);
      expect(r.code).toBe(2);
      expect(Object.keys(r).sort()).toEqual(["exitCode", "json", "stderr", "stdout"]);
      const human = await env.run(["contnue"], { json: false });
      expect(human.json).toBeUndefined();
      expect(human.stderr).toContain("unknown command 'contnue'");
    } finally {
      await env.close();
    }
  });

  test("flags go before a `--`, after which arguments are the program's", () => {
    expect(withFlags(["start", "p"], ["--json"])).toEqual(["start", "p", "--json"]);
    expect(withFlags(["start", "p", "--", "--json"], ["--session", "a"])).toEqual(["start", "p", "--session", "a", "--", "--json"]);
  });
});
