// `run`'s rows name each stop's place when there are several: by the file's base name where that
// names one file among the rows (as the agent wrote the breakpoint), else by its path.
import { expect, test } from "bun:test";
import type { RunData, RunHit } from "../../src/ipc/commands.ts";
import { runRows } from "../../src/present/run.ts";

const hit = (n: number, file: string, line: number, value: string): RunHit => ({
  hit: n,
  breakpointIds: [1],
  frame: { function: "f", file, line },
  values: [{ expression: "x", value }],
});
const data = (hits: RunHit[]): RunData => ({ session: { name: "s", state: "exited" }, hits, stoppedBy: "max", kept: false, breakpoints: [] });
const view = { cwd: "/home/me/proj", session: "s" };

test("several places in files of different names: each row names the file's base name and line", () => {
  const text = runRows(data([hit(1, "/build/elsewhere/vendor/cache/src/lib.rs", 98, "1"), hit(2, "/build/elsewhere/src/main.rs", 12, "2")]), view);
  expect(text).toContain("#1 lib.rs:98  x = 1");
  expect(text).toContain("#2 main.rs:12  x = 2");
  expect(text).not.toContain("/build/elsewhere");
});

test("two files of one base name: each row keeps its path, shortened under the cwd", () => {
  const text = runRows(data([hit(1, "/home/me/proj/a/util.c", 3, "1"), hit(2, "/home/me/proj/b/util.c", 4, "2")]), view);
  expect(text).toContain("#1 a/util.c:3  x = 1");
  expect(text).toContain("#2 b/util.c:4  x = 2");
});

test("one place: named once above the rows, as before", () => {
  const text = runRows(data([hit(1, "/home/me/proj/a.c", 3, "1"), hit(2, "/home/me/proj/a.c", 3, "2")]), view);
  expect(text).toContain("Stops at f (a.c:3):\n#1  x = 1\n#2  x = 2");
});
