// One pass of a line is one row (runPasses.ts): stops at another code location of the same line, in
// the same frame, with nothing between, are the same pass; a location already stopped at begins the next.
import { expect, test } from "bun:test";
import { laterRead, Passes, type StopSite } from "../../src/daemon/runPasses.ts";

const at = (pc: string, frame = "f", line = "main.rs:88"): StopSite => ({ line, frame, pc });

test("two code locations per pass (a match arm, a call spanning lines): one pass each two stops", () => {
  const p = new Passes();
  expect([at("A"), at("B"), at("A"), at("B"), at("A")].map((s) => p.add(s))).toEqual([false, true, false, true, false]);
  // A's follower within a pass is known from the passes before: the last pass may go on at B.
  expect(p.mayGoOn()).toBe(true);
  p.add(at("B"));
  expect(p.mayGoOn()).toBe(false);
});

test("a Rust `for` line: the set-up once, then one location per pass", () => {
  const p = new Passes();
  expect([at("into_iter"), at("next"), at("next"), at("next")].map((s) => p.add(s))).toEqual([false, true, false, false]);
});

test("one location per pass, another frame (recursion), another line, or no code address: each stop a pass", () => {
  const p = new Passes();
  expect([at("A"), at("A"), at("A")].map((s) => p.add(s))).toEqual([false, false, false]);
  const d = new Passes();
  d.add(at("A"));
  expect(d.add(at("B", "deeper"))).toBe(false);
  const q = new Passes();
  q.add(at("A"));
  expect(q.add(at("B", "f", "main.rs:89"))).toBe(false);
  const r = new Passes();
  r.add(undefined);
  expect(r.add(undefined)).toBe(false);
  expect(r.mayGoOn()).toBe(false);
});

test("the later location's read wins, but a value read earlier is not lost to a later error", () => {
  const earlier = [
    { expression: "q", error: "'q' is no local here yet" },
    { expression: "total", value: "3" },
  ];
  const later = [
    { expression: "q", value: "100" },
    { expression: "total", error: "optimized out" },
  ];
  expect(laterRead(earlier, later)).toEqual([
    { expression: "q", value: "100" },
    { expression: "total", value: "3" },
  ]);
});

// debugpy gives no code address: the stop's offset is read in its frame, with whether it can only
// continue a pass (Python tells a line again where a statement spans lines: pythonSites.ts).
const py = (offset: number, continues: boolean, frame = "f"): StopSite => ({ line: "prog.py:7", frame, pc: `@${offset}`, offset, continues });

test("Python: a call over lines stops at its first instruction, then again past its arguments: one pass each two stops", () => {
  const p = new Passes();
  expect([py(38, false), py(50, true), py(38, false), py(50, true)].map((s) => p.add(s))).toEqual([false, true, false, true]);
});

test("Python: a stop that begins a pass, or one told continuing but behind the pass's last stop, or in another frame, is a new pass", () => {
  const p = new Passes();
  // `for j in (\n range(2)):` comes to its line from the next line once (the set-up), then by jumps.
  expect([py(246, true), py(248, false), py(248, false), py(246, true), py(248, false)].map((s) => p.add(s))).toEqual([false, false, false, false, false]);
  const q = new Passes();
  q.add(py(18, false, "rec(2)"));
  expect(q.add(py(38, true, "rec(1)"))).toBe(false);
  // `y = [\n i,\n 2]`: the line is told only from its elements' lines: each stop a pass.
  const r = new Passes();
  expect([py(110, true), py(110, true)].map((s) => r.add(s))).toEqual([false, false]);
});
