// Test-file lifecycle: one env per file (or per describe), created lazily in beforeAll, its sessions
// stopped after every test whatever the outcome, and the env closed after the last test.
import { afterAll, afterEach, beforeAll } from "bun:test";
import type { DebuggerEnv } from "./env.ts";

/**
 * Registers the hooks in the current file or describe block and returns a getter for the env:
 *
 *   const env = useEnv(() => new E2eEnv());
 *   test("…", async () => { const s = env().session("t1"); await s.ok(["start", …]); … });
 *
 * A test that throws half-way still has its sessions stopped (afterEach runs on failure), so the
 * next test never meets SESSION_EXISTS.
 */
export function useEnv<T extends DebuggerEnv>(make: () => T): () => T {
  let env: T | undefined;
  beforeAll(() => {
    env = make();
  });
  afterEach(async () => {
    await env?.stopSessions();
  });
  afterAll(async () => {
    await env?.close();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error("useEnv: the env exists only inside tests (between beforeAll and afterAll)");
    return env;
  };
}
