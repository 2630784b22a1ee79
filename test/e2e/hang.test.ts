// The hang report: `pause` on a blocked program lists every waiting thread or goroutine in one
// reply — its first frame in the program (number, function, file:line, the line), what it waits
// on, and the first one's locals; identical waiters are one entry. Through the built binary on
// Delve (test/fixtures/go/hang), lldb-dap and gdb with glibc's debug info (test/fixtures/c/hang.c),
// debugpy (test/fixtures/python/hang.py, whose blocked threads a pause never stops), in a batch
// and over MCP. A single-threaded pause keeps the plain stop report.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, BIN, CI, E2eEnv, missing, ROOT, runCommand, waitFor, type DataOf, type SessionHandle } from "../harness/index.ts";

const FILE = "test/e2e/hang.test.ts";
const T = 90_000;
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null || missing("gdb with a DAP adapter is not installed", FILE);
const delve = (!!Bun.which("dlv") && !!Bun.which("go")) || missing("dlv or go is not installed", FILE);
const debugpy =
  runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  runCommand(["python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by python3 (apt-get install python3-debugpy)", FILE);
const glibcDebugInfo = existsSync("/usr/lib/debug/.build-id");
if (CI && !glibcDebugInfo) throw new Error("CI=true and libc6-dbg is not installed (.ci/run installs it)");

const env = new E2eEnv();
let c = "";
let go = "";
beforeAll(async () => {
  c = (await buildFixtures())["c-hang"]!;
  if (delve) go = (await buildGoFixtures()).hang!;
}, T);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const C_SRC = "c/hang.c";
const GO_SRC = join(goFixturesDir, "hang", "main.go");
const PY_SRC = join(ROOT, "test", "fixtures", "python", "hang.py");
const pyLine = (mark: string) =>
  readFileSync(PY_SRC, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(`@mark ${mark}`)) + 1;

/** Waits for the program's "started", then pauses until every group the test names is there (threads reach their wait in microseconds; a pause can come first). */
async function pausedBlocked(s: SessionHandle, expected: number): Promise<DataOf<["pause"]>> {
  await waitFor(async () => JSON.stringify(await s.ok(["output"])).includes("started"), 20_000, "the program's 'started'");
  let last: DataOf<["pause"]> | undefined;
  for (let i = 0; i < 10; i++) {
    last = await s.ok(["pause"]);
    if (last.hang?.blocked && last.hang.groups.length >= expected) return last;
    await s.ok(["continue", "--no-wait"]);
    await Bun.sleep(50 * (i + 1));
  }
  throw new Error(`the program never showed ${expected} waiting groups: ${JSON.stringify(last).slice(0, 2000)}`);
}

const group = (hang: any, fn: string) => hang.groups.find((g: any) => g.frame.function === fn);
const local = (g: any, name: string) => g.locals?.find((v: any) => v.name === name)?.value;

describe.skipIf(!delve)("Delve", () => {
  test(
    "goroutines grouped, each wait named, WaitGroup, Mutex and Ticker by meaning",
    async () => {
      const s = env.session("hang-go");
      await s.ok(["start", go, "--no-wait"]);
      const d = await pausedBlocked(s, 4);
      const main = group(d.hang, "main.main");
      expect(main).toMatchObject({ waits: "sync.WaitGroup.Wait", frame: { line: goMarkerLine("hang", "wait"), file: GO_SRC } });
      expect(main.frame.index).toBeGreaterThan(0);
      expect(local(main, "wg")).toBe("sync.WaitGroup {counter 5, 1 waiting}");
      expect(local(main, "mu")).toBe("sync.Mutex {locked, 1 waiting}");
      // A pointer: its address, then what it points at (the type, *time.Ticker, is said by the type).
      expect(local(main, "tick")).toMatch(/^0xc[0-9a-f]+ → \{C: <-chan time.Time 0\/1, period 1h\}$/);
      const workers = group(d.hang, "main.worker");
      expect(workers).toMatchObject({
        waits: "chan send",
        in: "runtime.chansend1",
        frame: { line: goMarkerLine("hang", "send") },
        text: expect.stringContaining("results <- square"),
      });
      expect(workers.threads).toHaveLength(5);
      expect(local(workers, "id")).toBeDefined();
      expect(group(d.hang, "main.guarded")).toMatchObject({ waits: "sync.Mutex.Lock", frame: { line: goMarkerLine("hang", "lock") } });
      expect(group(d.hang, "main.watcher")).toMatchObject({ waits: "select", frame: { line: goMarkerLine("hang", "select") } });
      expect(d.hang.idle.length).toBeGreaterThan(0);
      // The frame number reaches the worker's frame in one call.
      const f = await s.ok(["frame", String(workers.frame.index), "--thread", String(workers.threads[1])]);
      expect(f.frame).toMatchObject({ function: "main.worker", line: goMarkerLine("hang", "send") });

      await s.ok(["continue", "--no-wait"]);
      const human = await s.run(["pause"], { json: false });
      expect(human.stdout).toMatch(/^Stopped: pause in .*\nBlocked: all 8 goroutines of yours wait, in 4 places\.\n/);
      expect(human.stdout).toMatch(/ \(×5\)  #\d+ main\.worker \(.*main\.go:\d+\) waits: chan send\n/);
      expect(human.stdout).toContain("wg = sync.WaitGroup {counter 5, 1 waiting}");
      expect(human.stdout).not.toMatch(/state1|runtimeTimer/);
      console.log(`Go hang report: ${Buffer.byteLength(human.stdout)} bytes`);
      expect(Buffer.byteLength(human.stdout)).toBeLessThan(1600);
    },
    T,
  );

  test(
    "a hundred identical goroutines are one line: the reply stays short",
    async () => {
      const s = env.session("hang-go-100");
      await s.ok(["start", go, "--no-wait", "--", "100"]);
      const d = await pausedBlocked(s, 4);
      expect(group(d.hang, "main.worker").threads).toHaveLength(100);
      expect(local(group(d.hang, "main.main"), "wg")).toBe("sync.WaitGroup {counter 100, 1 waiting}");
      await s.ok(["continue", "--no-wait"]);
      const human = await s.run(["pause"], { json: false });
      expect(human.stdout).toMatch(/ \(×100\)  #\d+ main\.worker /);
      console.log(`Go hang report, 100 workers: ${Buffer.byteLength(human.stdout)} bytes`);
      expect(Buffer.byteLength(human.stdout)).toBeLessThan(1600);
    },
    T,
  );
});

for (const adapter of ["lldb-dap", "gdb"] as const) {
  describe.skipIf(adapter === "lldb-dap" ? !lldb : !gdbFound)(`C on ${adapter}`, () => {
    test(
      "a two-mutex deadlock, a join, a condition wait and a read: each at the program's own frame",
      async () => {
        const s = env.session(`hang-${adapter}`);
        await s.ok(["start", c, "--adapter", adapter, "--no-wait"]);
        const d = await pausedBlocked(s, 5);
        const src = sourcePath(C_SRC);
        expect(group(d.hang, "main")).toMatchObject({ waits: "pthread_join", frame: { file: src, line: markerLine(C_SRC, "join") } });
        const ab = group(d.hang, "transfer_ab");
        const ba = group(d.hang, "transfer_ba");
        expect(ab).toMatchObject({
          waits: "pthread_mutex_lock",
          frame: { file: src, line: markerLine(C_SRC, "lock_b") },
          text: "pthread_mutex_lock(&b); // @mark lock_b",
        });
        expect(ba).toMatchObject({ waits: "pthread_mutex_lock", frame: { file: src, line: markerLine(C_SRC, "lock_a") } });
        expect(local(ab, "amount")).toBe("10");
        expect(local(ba, "amount")).toBe("20");
        // The deadlock's cycle: each holds the mutex the other waits for.
        expect(ab.heldBy.thread).toBe(ba.threads[0]);
        expect(ba.heldBy.thread).toBe(ab.threads[0]);
        // Every entry has its frame's locals (on gdb, through `info locals` where -var-create misses the frame).
        expect(local(group(d.hang, "main"), "t")).toMatch(/^\{\d+, \d+, \d+, \d+\}$/);
        expect(local(group(d.hang, "reader"), "got")).toBe("0");
        expect(group(d.hang, "waiter")).toMatchObject({ waits: "pthread_cond_wait", frame: { line: markerLine(C_SRC, "cond") } });
        expect(group(d.hang, "reader")).toMatchObject({ waits: "read", frame: { line: markerLine(C_SRC, "read") } });
        // With libc6-dbg the library frames have source paths: the user's frame is still the program's.
        for (const g of d.hang.groups) {
          expect(g.frame.file).toBe(src);
          expect(g.frame.index).toBeGreaterThan(0);
        }
        await s.ok(["continue", "--no-wait"]);
        const human = await s.run(["pause"], { json: false });
        expect(human.stdout).toMatch(/\nBlocked: all 5 threads of yours wait\.\n/);
        expect(human.stdout).toMatch(/#\d+ transfer_ab \(.*hang\.c:\d+\) waits: pthread_mutex_lock \(held by thread \d+\)\n +\d+  pthread_mutex_lock\(&b\);/);
        console.log(`C hang report on ${adapter}: ${Buffer.byteLength(human.stdout)} bytes`);
      },
      T,
    );
  });
}

describe.skipIf(!lldb)("lean where nothing hangs", () => {
  test(
    "a pause of a program with one thread of its own is the plain stop report",
    async () => {
      const s = env.session("hang-single");
      const sleeper = (await buildFixtures())["c-sleeper"]!;
      await s.ok(["start", sleeper, "--no-wait"]);
      await Bun.sleep(300);
      const d = await s.ok(["pause"]);
      expect(d.stop.reason).toBe("pause");
      expect(d.hang).toBeUndefined();
    },
    T,
  );
});

describe.skipIf(!debugpy)("debugpy", () => {
  test(
    "threads blocked in a lock, a join, an Event and a queue: the pause stops none, the reply has their stacks",
    async () => {
      const s = env.session("hang-py");
      await s.ok(["start", PY_SRC, "--no-wait"]);
      await waitFor(async () => JSON.stringify(await s.ok(["output"])).includes("started"), 20_000, "the program's 'started'");
      // The threads block microseconds after 'started'; a thread still running Python would stop.
      await Bun.sleep(300);
      const d = await s.ok(["pause"]);
      expect(d.state).toBe("running");
      expect(d.hang).toMatchObject({ blocked: true, notStopped: true });
      const at = (line: number) => d.hang.groups.find((g) => g.frame.line === line);
      expect(at(pyLine("join"))).toMatchObject({ waits: "Thread.join", frame: { function: "<module>" } });
      expect(at(pyLine("lock_b"))).toMatchObject({ frame: { function: "transfer_ab" }, text: "with b:  # @mark lock_b" });
      expect(at(pyLine("lock_a"))).toMatchObject({ waits: "Lock.acquire", frame: { function: "transfer_ba" } });
      expect(at(pyLine("event"))?.waits).toMatch(/^wait/);
      expect(at(pyLine("get"))?.waits).toBe("queue.get");
      const human = await s.run(["pause"], { json: false });
      expect(human.stdout).toMatch(/^Not stopped: all 5 threads wait in code that runs no Python/);
      expect(human.stdout).toContain("waits: Lock.acquire");
      // The session still answers and ends.
      expect((await s.ok(["status"])).state).toBe("running");
    },
    T,
  );
});

describe.skipIf(!lldb)("batch and MCP", () => {
  test(
    "a batch's pause prints the report; MCP's pause carries data.hang and the same text",
    async () => {
      const s = env.session("hang-batch");
      await s.ok(["start", c, "--no-wait"]);
      await pausedBlocked(s, 5);
      await s.ok(["continue", "--no-wait"]);
      const b = await s.run(["batch"], { json: false, stdin: "pause\n" });
      expect(b.stdout).toMatch(/» pause\nStopped: pause in .*\nBlocked: all 5 threads of yours wait\./);

      const client = new Client({ name: "hang-test", version: "1" });
      await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: env.env, cwd: env.dir, stderr: "inherit" }));
      try {
        await client.callTool({ name: "continue", arguments: { session: "hang-batch", wait: false } });
        const r = (await client.callTool({ name: "pause", arguments: { session: "hang-batch" } })) as { content: { text: string }[]; structuredContent: any };
        expect(r.structuredContent.hang.blocked).toBe(true);
        expect(r.structuredContent.hang.groups.map((g: any) => g.waits).sort()).toEqual([
          "pthread_cond_wait",
          "pthread_join",
          "pthread_mutex_lock",
          "pthread_mutex_lock",
          "read",
        ]);
        expect(r.content.map((x) => x.text).join("\n")).toContain("waits: pthread_mutex_lock");
      } finally {
        await client.close();
      }
    },
    T,
  );
});

// `run` to a program that never ends: at --timeout it pauses and shows the hang report, then ends
// the program — a hung program diagnosed in one call, as `gdb -batch -p PID -ex 'thread apply all bt'`.
describe.skipIf(!delve)("run --timeout on a hung program (Delve)", () => {
  test(
    "one call: the waiting goroutines by group with their waits and locals, and nothing left behind",
    async () => {
      const s = env.session("hang-run-go");
      const d = await s.ok(["run", go, "--timeout", "3"]);
      expect(d.stoppedBy).toBe("timeout");
      expect(d.stop.reason).toBe("pause");
      expect(d.hang.blocked).toBe(true);
      expect(group(d.hang, "main.main")).toMatchObject({ waits: "sync.WaitGroup.Wait", frame: { line: goMarkerLine("hang", "wait") } });
      expect(group(d.hang, "main.worker").threads).toHaveLength(5);
      expect(d.kept).toBe(false);
      expect((await s.ok(["sessions"])).sessions).toEqual([]);
      const human = await s.run(["run", go, "--timeout", "3"], { json: false });
      expect(human.exitCode).toBe(0);
      expect(human.stdout).toMatch(/^Timed out after 0 stops, still running; paused to show where it was:\nStopped: pause in main\.main /);
      expect(human.stdout).toMatch(/\nBlocked: all \d+ goroutines of yours wait, in \d+ places\.\n/);
      expect(human.stdout).toMatch(/ \(×5\)  #\d+ main\.worker \(.*main\.go:\d+\) waits: chan send\n/);
      expect(human.stdout).toMatch(/\nThe program was ended \(`run --keep` leaves it there to inspect\)\.\n?$/);
      console.log(`run --timeout on the hung Go program: 1 call, ${Buffer.byteLength(human.stdout)} bytes`);
    },
    T,
  );
});

describe.skipIf(!lldb)("run --timeout on a hung program (lldb-dap)", () => {
  test(
    "the deadlocked threads at their own frames; --keep leaves the session paused there",
    async () => {
      const s = env.session("hang-run-c");
      const d = await s.ok(["run", c, "--timeout", "3", "--keep"]);
      expect(d.stoppedBy).toBe("timeout");
      expect(d.kept).toBe(true);
      expect(group(d.hang, "transfer_ab")).toMatchObject({ waits: "pthread_mutex_lock", frame: { line: markerLine(C_SRC, "lock_b") } });
      expect(group(d.hang, "main")).toMatchObject({ waits: "pthread_join" });
      expect((await s.ok(["status"])).state).toBe("stopped");
      await s.ok(["stop"]);
    },
    T,
  );
  test(
    "a single thread still running at the timeout: its plain stop report, no hang list",
    async () => {
      const s = env.session("hang-run-single");
      const sleeper = (await buildFixtures())["c-sleeper"]!;
      const d = await s.ok(["run", sleeper, "--timeout", "1"]);
      expect(d.stoppedBy).toBe("timeout");
      expect(d.stop.reason).toBe("pause");
      expect(d.hang).toBeUndefined();
      expect((await s.ok(["sessions"])).sessions).toEqual([]);
    },
    T,
  );
});
