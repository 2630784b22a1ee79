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

// Issue 31 item 3: rows say new things only.
test("identical rows collapse into a count; an error said once reads 'as above' after", () => {
  const err = (n: number): RunHit => ({
    hit: n,
    breakpointIds: [1],
    frame: { function: "f", file: "/home/me/proj/a.c", line: 3 },
    values: [{ expression: "y", error: "no y" }],
  });
  const rows = [hit(1, "/home/me/proj/a.c", 3, "1"), hit(2, "/home/me/proj/a.c", 3, "1"), hit(3, "/home/me/proj/a.c", 3, "1"), err(4), err(5)];
  const text = runRows(data(rows), view);
  expect(text).toContain("#1  x = 1\n  (same on 2 more stops: #2–#3)\n#4  y = error: no y\n  (same on 1 more stop: #5)");
});

test("a pass merged from several code locations of its line is said once", () => {
  const rows = [1, 2].map((n) => ({ ...hit(n, "/home/me/proj/src/main.rs", 88, String(n)), locations: 2 }));
  const text = runRows(data(rows), view);
  expect(text).toContain(
    "#1  x = 1\n#2  x = 2\n(one row per pass: main.rs:88 stopped at 2 code locations of its line in a pass; the values are those at the last)",
  );
});

test("after rows, a stop that ended the run (a test's failure, a crash) shows its line alone; with no rows, its source around it", () => {
  const source = [10, 11, 12].map((line) => ({ line, text: `line ${line}`, current: line === 11 }));
  const stop = {
    reason: "exception",
    breakpointIds: [],
    frame: { function: "t", file: "/home/me/proj/a_test.go", line: 11 },
    source,
    locals: [{ name: "got", value: "3", variablesReference: 0 }],
    exception: { id: "failure", description: "want 4" },
  } as unknown as NonNullable<RunData["stop"]>;
  const ended = (hits: RunHit[]): RunData => ({ ...data(hits), stoppedBy: "other", stop });
  const after = runRows(ended([hit(1, "/home/me/proj/a.go", 3, "1")]), view);
  expect(after).toContain("→ 11");
  expect(after).not.toContain("line 10");
  expect(after).not.toContain("line 12");
  expect(after).toContain("got");
  const alone = runRows(ended([]), view);
  expect(alone).toContain("line 10");
  expect(alone).toContain("line 12");
});
