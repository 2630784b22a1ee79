// Stops inside the C library land in the user's code by fact (userCode.ts), whether or not the C
// library's debug info is installed: with libc6-dbg, lldb-dap names glibc frames
// `sysdeps/nptl/futex-internal.h` and gdb `./nptl/pthread_create.c`, which look like a project's
// relative paths. Checked on lldb-dap and gdb: a crash in strlen, an abort in free, a hang in
// pthread_join (pause, backtrace --all, frame N --thread T, thread T). Both machine paths are in the
// unit tables (test/unit/userCode.test.ts); here the one this machine has runs, and says which.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { adapterAvailable, CI, E2eEnv, type SessionHandle } from "../harness/index.ts";
import type { StopReport } from "../../src/ipc/types.ts";
import { stopOf } from "../harness/index.ts";

const FILE = "test/e2e/userFrames.test.ts";
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null;
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn(`SKIP ${FILE} (gdb): gdb's DAP adapter is not installed`);
// Debian's libc6-dbg puts glibc's debug info under /usr/lib/debug (.ci/run installs it).
const glibcDebugInfo =
  existsSync("/usr/lib/debug/.build-id") && Bun.spawnSync(["dpkg-query", "-W", "-f=${Status}", "libc6-dbg"]).stdout.toString().includes("installed");
console.warn(
  `${FILE}: glibc's debug info is ${glibcDebugInfo ? "installed (libc6-dbg): library frames have source paths" : "not installed: library frames have no source"}`,
);
if (CI && !glibcDebugInfo) throw new Error("CI=true and libc6-dbg is not installed (.ci/run installs it)");

const env = new E2eEnv();
let prog = "";
beforeAll(async () => {
  prog = (await buildFixtures())["c-libc"]!;
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const SRC = "c/libc.c";

for (const adapter of ["lldb-dap", "gdb"] as const) {
  describe.skipIf(adapter === "lldb-dap" ? !lldb : !gdbFound)(`the user's frame on ${adapter}`, () => {
    test("a crash in strlen and an abort in free stop at the caller in the program", async () => {
      const s = env.session(`crash-${adapter}`);
      const strlen = (await s.ok(["start", prog, "--adapter", adapter, "--", "strlen"])).stop;
      expect(strlen).toMatchObject({ reason: "signal", frame: { function: "measure", line: markerLine(SRC, "measure") }, frameIndex: 1 });
      expect(strlen.skipped[0]).toMatch(/strlen/);
      // Which path ran: with the debug info the library frame has a source file (not on this disk).
      const top = (await s.ok(["backtrace", "--limit", "1"])).frames[0];
      expect(!!top.file).toBe(glibcDebugInfo);
      await s.ok(["stop"]);
      const free = (await s.ok(["start", prog, "--adapter", adapter, "--", "free"])).stop;
      expect(free).toMatchObject({ reason: "signal", frame: { function: "release", line: markerLine(SRC, "release") } });
      expect(free.frameIndex).toBeGreaterThan(1);
      expect(free.skipped.join(" ")).toMatch(/free/);
    });

    test("a hang in pthread_join: pause, backtrace --all, frame N --thread T and thread T all land in the program", async () => {
      const s = env.session(`hang-${adapter}`);
      await s.ok(["start", prog, "--adapter", adapter, "--break", `libc.c:${markerLine(SRC, "join")}`, "--", "hang"]);
      await s.ok(["breakpoint", "remove", "--all"]);
      const stop = await pausedInJoin(s);
      expect(stop).toMatchObject({ reason: "pause", frame: { function: "main", line: markerLine(SRC, "join") } });
      expect((stop.skipped ?? []).join(" ")).toMatch(/join|futex|wait/);
      const all = await s.ok(["backtrace", "--all"]);
      const worker = all.threads.find((t) => t.userFrame?.function === "worker")!;
      const main = all.threads.find((t) => t.userFrame?.function === "main")!;
      expect(main.userFrame).toMatchObject({ line: markerLine(SRC, "join") });
      expect(main.userFrame.index).toBeGreaterThan(0);
      expect(worker.userFrame).toMatchObject({ line: markerLine(SRC, "worker_lock") });
      expect(worker.userFrame.index).toBeGreaterThan(0);
      const human = await s.run(["backtrace", "--all"], { json: false });
      expect(human.stdout).toContain(`at #${worker.userFrame.index} worker (`);
      // The number shown reaches the frame in one call.
      const frame = await s.ok(["frame", String(worker.userFrame.index), "--thread", String(worker.id)]);
      expect(frame).toMatchObject({ threadId: worker.id, frameIndex: worker.userFrame.index, frame: { function: "worker" } });
      // `thread T` switches and shows that thread where its code is, with its locals.
      await s.ok(["thread", String(main.id)]);
      const shown = await s.ok(["thread", String(worker.id)]);
      expect(shown.context).toMatchObject({
        threadId: worker.id,
        frameIndex: worker.userFrame.index,
        frame: { function: "worker", line: markerLine(SRC, "worker_lock") },
      });
      expect(shown.context.locals.map((v) => v.name)).toContain("arg");
      expect(shown.context.reason).toBeUndefined(); // the pause was reported for the other thread
      const text = await s.run(["thread", String(worker.id)], { json: false });
      expect(text.stdout).toMatch(
        new RegExp(`^Frame #${worker.userFrame.index} worker \\(.*libc\\.c:${markerLine(SRC, "worker_lock")}\\), thread ${worker.id}`),
      );
      expect((await s.ok(["context"])).frame.function).toBe("worker");
    });
  });
}

/** Continue past the breakpoint before pthread_join and pause once main is inside it (it gets there in microseconds; a pause can come first). */
async function pausedInJoin(s: SessionHandle): Promise<StopReport> {
  for (let i = 0; i < 10; i++) {
    await s.ok(["continue", "--no-wait"]);
    const stop = stopOf(await s.ok(["pause"]));
    if (stop.frameIndex !== undefined && stop.frameIndex > 0) return stop;
  }
  throw new Error("main never paused inside pthread_join");
}
