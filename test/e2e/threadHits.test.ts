// One thread per reply, and no hit lost: four workers (threads in C, goroutines in Go) run k over
// 0..3 through one breakpoint line, 12 hits in all, several often at the same instant. `continue
// --print ID --print k` until the end must report all 12, each reply's values from the thread it
// names (the job's own id in the struct, read through --print and in Locals, agrees with the
// thread), a thread that stopped with another listed in `alsoStopped` and reported by the next
// `continue` before anything runs, and the breakpoint's hit count 12; `trace` records all 12. On lldb-dap (one `stopped`
// event per thread), gdb (keeps the others' hits itself) and Delve (steps them past unreported).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { findGdb, gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, CI, E2eEnv, type SessionHandle } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const T = 120_000;
const C_SRC = sourcePath("c/hits.c");
const GO_SRC = join(goFixturesDir, "hits", "main.go");

interface Hit {
  thread: number;
  id: string;
  k: string;
  /** Threads the reply said stopped with it. */
  also: number[];
}

/** The job id a reply's Locals show (`j` is a pointer to the job: `{id = 2, …}` or `{id: 2, …}`). */
function localId(stop: StopReport): string | undefined {
  const j = stop.locals.find((v) => v.name === "j")?.value as string | undefined;
  return j ? /\bid ?[:=] ?(\d+)/.exec(j)?.[1] : undefined;
}

function displayed(stop: StopReport, expression: string): string | undefined {
  return stop.displays?.find((d) => d.expression === expression)?.value;
}

/** Runs the fixture from start to exit, one `continue` per hit; every reply checked as it comes. */
async function run(s: SessionHandle, args: string[], idExpr: string): Promise<{ hits: Hit[]; bpHits: number }> {
  const hits: Hit[] = [];
  const record = (stop: StopReport) => {
    expect(stop.reason).toBe("breakpoint");
    const id = displayed(stop, idExpr);
    const k = displayed(stop, "k");
    // The values asked for and the Locals come from the thread and frame the reply names.
    expect(id).toBeDefined();
    expect(localId(stop)).toBe(id);
    expect(stop.locals.find((v) => v.name === "k")?.value).toBe(k);
    hits.push({ thread: stop.threadId!, id: id!, k: k!, also: (stop.alsoStopped ?? []).map((o) => o.threadId) });
  };
  const start = await s.ok(["start", ...args]);
  // start has no --print: read the same values with print, in the selection the report made.
  const first = await s.ok(["print", idExpr, "k"]);
  record({ ...start.stop, displays: first.results.map((r) => ({ expression: r.expression, value: r.result })) });
  for (let i = 0; i < 30; i++) {
    const r = await s.ok(["continue", "--print", idExpr, "--print", "k"]);
    if (r.stop.reason !== "breakpoint") {
      expect(r.stop.reason).toBe("exited");
      break;
    }
    const before = hits.at(-1)!;
    record(r.stop);
    // A thread the last reply listed is reported first, at the breakpoint it stopped at then.
    if (before.also.length) expect(before.also).toContain(r.stop.threadId);
  }
  const bps = await s.ok(["breakpoints"]);
  return { hits, bpHits: bps.breakpoints[0].hits };
}

function checkAll(hits: Hit[], bpHits: number): void {
  // Every one of the 12 hits, each once: job 0..3 × k 0..2.
  expect(hits.map((h) => `${h.id}/${h.k}`).sort()).toEqual(["0", "1", "2", "3"].flatMap((id) => ["0", "1", "2"].map((k) => `${id}/${k}`)).sort());
  expect(bpHits).toBe(12);
  // A thread always shows its own job.
  const jobOf = new Map<number, string>();
  for (const h of hits) {
    if (!jobOf.has(h.thread)) jobOf.set(h.thread, h.id);
    expect(`thread ${h.thread}: job ${h.id}`).toBe(`thread ${h.thread}: job ${jobOf.get(h.thread)}`);
  }
}

/** `trace` over the whole run: 12 hits, each job and k once, each thread always its own job. */
async function traced(s: SessionHandle, start: string[], location: string, idExpr: string): Promise<void> {
  await s.ok(["start", ...start, "--stop-on-entry"]);
  const t = await s.ok(["trace", location, "--print", idExpr, "--print", "k"]);
  expect(t.stoppedBy).toBe("exit");
  const hits: Hit[] = t.hits.map((h) => ({ thread: h.threadId, id: h.values[0].value, k: h.values[1].value, also: [] }));
  checkAll(hits, 12);
}

/**
 * Runs until a run had hits at the same instant (the workers leave a barrier together, so most
 * runs do): that is the path under test, and it must be seen. Every run is checked in full.
 */
async function runs(s: () => SessionHandle, args: string[], idExpr: string): Promise<Hit[]> {
  for (let attempt = 1; ; attempt++) {
    const { hits, bpHits } = await run(s(), args, idExpr);
    checkAll(hits, bpHits);
    if (hits.some((h) => h.also.length)) return hits;
    expect(`${attempt} runs, none with two threads stopped at the breakpoint at once`).toBe(
      attempt < 5 ? `${attempt} runs, none with two threads stopped at the breakpoint at once` : "a run with two threads stopped at once",
    );
  }
}

const gdbMissing = !findGdb()
  ? "gdb is not installed (apt-get install gdb)"
  : !gdb.discover({ options: {} })
    ? "no DAP adapter for gdb (`debugger setup gdb`)"
    : "";
if (gdbMissing) {
  if (CI) test("gdb and its DAP adapter are installed", () => expect(gdbMissing).toBe(""));
  else console.warn(`SKIP test/e2e/threadHits.test.ts (gdb): ${gdbMissing}`);
}
const goMissing = [!(process.env.DEBUGGER_DLV || Bun.which("dlv")) && "dlv", !Bun.which("go") && "go"].filter(Boolean);
if (goMissing.length) {
  if (CI) test("delve and go are installed", () => expect(goMissing).toEqual([]));
  else console.warn(`SKIP test/e2e/threadHits.test.ts (delve): not installed: ${goMissing.join(", ")}`);
}

describe("one thread per reply, no hit lost", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  let goBins: Record<string, string>;
  let n = 0;
  const session = () => env.session(`hits${++n}`);
  beforeAll(async () => {
    bins = await buildFixtures();
    goBins = goMissing.length ? {} : await buildGoFixtures();
    env = new E2eEnv();
  }, T);
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  const cArgs = (adapter: string) => [bins["c-hits"]!, "--adapter", adapter, "--break", `${C_SRC}:${markerLine(C_SRC, "hit")}`];

  test.skipIf(!adapterAvailable("lldb-dap", "test/e2e/threadHits.test.ts"))(
    "lldb-dap: 12 hits of four threads, each reply from its own thread",
    async () => {
      const hits = await runs(session, cArgs("lldb-dap"), "j->id");
      expect(new Set(hits.map((h) => h.thread)).size).toBe(4);
      await traced(session(), [bins["c-hits"]!, "--adapter", "lldb-dap"], `${C_SRC}:${markerLine(C_SRC, "hit")}`, "j->id");
    },
    T * 2,
  );

  test.skipIf(!!gdbMissing)(
    "gdb: 12 hits of four threads, each reply from its own thread",
    async () => {
      const { hits, bpHits } = await run(session(), cArgs("gdb"), "j->id");
      checkAll(hits, bpHits);
      await traced(session(), [bins["c-hits"]!, "--adapter", "gdb"], `${C_SRC}:${markerLine(C_SRC, "hit")}`, "j->id");
    },
    T,
  );

  test.skipIf(goMissing.length > 0)(
    "delve: 12 hits of four goroutines, each reply from its own goroutine",
    async () => {
      const hits = await runs(session, [goBins.hits!, "--break", `${GO_SRC}:${goMarkerLine("hits", "hit")}`], "j.id");
      expect(new Set(hits.map((h) => h.thread)).size).toBe(4);
      await traced(session(), [goBins.hits!], `${GO_SRC}:${goMarkerLine("hits", "hit")}`, "j.id");
    },
    T * 2,
  );

  test.skipIf(!adapterAvailable("lldb-dap", "test/e2e/threadHits.test.ts"))(
    "lldb-dap: `next` steps the thread the report named; the others' hits stay pending and count once",
    async () => {
      // Until a start where several threads stopped at once.
      let s!: SessionHandle;
      let start: any;
      for (let i = 0; i < 8; i++) {
        s = session();
        start = await s.ok(["start", ...cArgs("lldb-dap")]);
        if (start.stop.alsoStopped?.length) break;
        await s.ok(["stop"]);
      }
      expect(start.stop.alsoStopped?.length ?? 0).toBeGreaterThan(0);
      const others = start.stop.alsoStopped.map((o: any) => o.threadId);
      const counted = (await s.ok(["breakpoints"])).breakpoints[0].hits;
      expect(counted).toBe(1 + others.length);
      const stepped = await s.ok(["next"]);
      expect(stepped.stop.threadId).toBe(start.stop.threadId);
      // Still at the breakpoint, not run: listed again, not counted again.
      expect(stepped.stop.alsoStopped.map((o) => o.threadId)).toEqual(others);
      expect((await s.ok(["breakpoints"])).breakpoints[0].hits).toBe(counted);
      const next = await s.ok(["continue"]);
      expect(next.stop.threadId).toBe(others[0]);
      expect(next.stop.reason).toBe("breakpoint");
    },
    T * 2,
  );
});
