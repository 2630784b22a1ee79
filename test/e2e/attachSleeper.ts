// One attach-by-pid round trip, run against each backend that attaches to a native process
// (gdb.test.ts, lldbCli.test.ts): attach to the C sleeper, break in tick, see two hits one tick
// apart, detach, and the process keeps running untraced.
import { expect } from "bun:test";
import { markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { alive, spawnAndReadPid, tracerPid, waitFor, type DebuggerEnv } from "./harness.ts";

const SLEEPER_SRC = sourcePath("c/sleeper.c");

function valueOf(variables: { name: string; value: string }[], name: string): string | undefined {
  return variables.find((v) => v.name === name)?.value;
}

export async function attachByPidRoundTrip(env: DebuggerEnv, sleeper: string, adapter: string, session: string): Promise<void> {
  const tickBody = markerLine(SLEEPER_SRC, "tick_body");
  const { proc, pid } = await spawnAndReadPid([sleeper]);
  try {
    const s = env.session(session);
    await s.ok(["attach", String(pid), "--adapter", adapter]);
    expect((await s.ok(["status"])).pid).toBe(pid);

    const [bp] = (await s.ok(["breakpoint", "add", `${SLEEPER_SRC}:${tickBody}`])).breakpoints;
    expect(bp).toMatchObject({ line: tickBody, verified: true });
    // Running since the attach: the next tick (every ~100 ms) stops there.
    const first = (await s.ok(["await"])).stop;
    expect(first).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: "tick", file: SLEEPER_SRC, line: tickBody } });
    expect(valueOf(first.locals, "n")).toBe("1");
    const before = Number((await s.ok(["print", "counter"])).result);

    const second = (await s.ok(["continue"])).stop;
    expect(second).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: "tick", line: tickBody } });
    expect(Number((await s.ok(["print", "counter"])).result)).toBe(before + 1);

    await s.ok(["detach"]);
    expect(alive(pid)).toBe(true);
    if (tracerPid(pid) !== undefined) await waitFor(() => tracerPid(pid) === 0, 5000, `${adapter} to let go of the sleeper`);
    expect(proc.exitCode).toBeNull();
  } finally {
    proc.kill(9);
    await proc.exited;
  }
}
