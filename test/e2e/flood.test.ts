// An output flood under lldb-dap: a C program writes 2 MB to stdout and 2 MB to stderr, then
// reaches a breakpoint. Every byte arrives, in order, nothing dropped (under the 10 MB ring cap).
// Full size (100 MB each) and its timing: `bun scripts/stress.ts flood` (RELIABILITY.md).
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv } from "./harness.ts";

const BYTES = 2_000_000; // per stream: 250 writes of 8,000 bytes = 20,000 lines of 100 bytes
const available = adapterAvailable("lldb-dap", "flood.test.ts");
const env = new E2eEnv();
let program = "";

beforeAll(async () => {
  program = (await buildFixtures())["c-flood"]!;
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

test.if(available)(
  "lldb-dap: 2 × 2 MB of output, then the breakpoint after it; all 4 MB retained, 0 dropped",
  async () => {
    const line = markerLine("c/flood.c", "after_flood");
    const started = await env.ok(["start", program, "--break", `flood.c:${line}`, "--timeout", "120", "--", String(BYTES)]);
    expect(started.stop).toMatchObject({ reason: "breakpoint", frame: { line } });
    const out = await env.ok(["output", "--stdout"]);
    // lldb-dap runs the program on a pty: stdout and stderr arrive as one stream.
    expect(out.dropped).toBe(0);
    expect(out.text.length).toBe(2 * BYTES);
    const lines: string[] = out.text.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength((2 * BYTES) / 100);
    expect(lines.every((l) => /^[a-z]{99}$/.test(l))).toBe(true);
    await env.ok(["stop"]);
  },
  180_000,
);

// At the exit the daemon waits only 5 ms of quiet on the pty (the program has ended, its output is
// in the pty's buffer): what it wrote just before exiting must still all be there.
test.if(available)(
  "lldb-dap: 2 × 200 KB written just before the program exits are all retained",
  async () => {
    const small = 200_000;
    const started = await env.ok(["start", program, "--timeout", "120", "--", String(small)]);
    expect(started.stop).toMatchObject({ reason: "exited" });
    const out = await env.ok(["output", "--stdout"]);
    expect(out.dropped).toBe(0);
    const lines: string[] = out.text.split("\n").filter((l: string) => /^[a-z]{99}$/.test(l));
    expect(lines).toHaveLength((2 * small) / 100);
  },
  180_000,
);
