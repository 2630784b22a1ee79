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
