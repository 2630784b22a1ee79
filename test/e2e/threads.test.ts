// `threads` on a real multi-threaded program: each thread's state and its frame in the user's code
// (numbered, as `backtrace --all` shows it); `continue
// --thread` refused where the adapter cannot resume one thread alone (lldb-dap 19).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv } from "../harness/index.ts";

const available = adapterAvailable("lldb-dap", "test/e2e/threads.test.ts");

describe.skipIf(!available)("threads on lldb-dap", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  test("four threads, each stopped at its frame in the user's code; the breakpoint's thread says why", async () => {
    const s = env.session("mt");
    const start = await s.ok(["start", bins["c-threads"]!, "--break", `threads.c:${markerLine("c/threads.c", "main_wait")}`]);
    const { threads } = await s.ok(["threads"]);
    expect(threads).toHaveLength(4);
    const main = threads.find((t) => t.id === start.stop.threadId);
    expect(main).toMatchObject({
      current: true,
      state: "stopped",
      reason: "breakpoint",
      frame: { function: "main", line: markerLine("c/threads.c", "main_wait") },
    });
    for (const t of threads.filter((x) => x !== main)) {
      expect(t.state).toBe("stopped");
      expect(t.reason).toBeUndefined();
    }
    // Each worker at its own code (usleep's frames above it named, not shown), as `backtrace --all` says.
    const all = await s.ok(["backtrace", "--all"]);
    for (const t of threads.filter((x) => x !== main)) {
      expect(t.frame.function).toBe("worker");
      const stack = all.threads!.find((x) => x.id === t.id)!;
      expect(stack.userFrame.function).toBe("worker");
      expect(t.frameIndex ?? 0).toBe(stack.userFrame.index);
      if (t.frameIndex) expect(t.top).toBe(stack.frames[0].function);
      else expect(t.top).toBeUndefined();
    }
    const other = threads.find((x) => x !== main)!;
    const r = await s.run(["continue", "--thread", String(other.id)]);
    expect(r.json.error.code).toBe("UNSUPPORTED");
    expect((await s.ok(["status"])).state).toBe("stopped");
  });
});
