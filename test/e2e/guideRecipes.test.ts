// Issue 31 item 8: every recipe of `debugger guide` and every example of `debugger --help` runs as
// written. The recipes are the guide's indented `debugger …` lines, read from its text
// (src/cli/guide/guide.md), and the help page's example lines (src/cli/help.ts PAGE), each run in
// order in a directory holding test/fixtures/guide (app.c built as ./app, app.py, test_app.py),
// whose line numbers are theirs. A recipe edited into something that no longer works, or no
// longer shows what it is there to show, fails here.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitWords } from "../../src/cli/batch.ts";
import { guideText } from "../../src/cli/guideText.ts";
import { pageExamples } from "../../src/cli/help.ts";
import { adapterAvailable, E2eEnv, missing, runCommand, useEnv } from "../harness/index.ts";
import { expectWatchStop } from "../harness/machine.ts";

const FILE = "test/e2e/guideRecipes.test.ts";
const FIXTURES = join(import.meta.dir, "..", "fixtures", "guide");
const env = useEnv(() => new E2eEnv({ prefix: "dbg-guide-" }));
let dir = "";

/** The guide's recipes: its indented `debugger …` lines, as argv (the words after `debugger`). */
export function recipes(text: string): string[][] {
  return text
    .split("\n")
    .filter((l) => /^ {4}debugger /.test(l))
    .map((l) => splitWords(l.trim()).slice(1));
}

const ready =
  (adapterAvailable("lldb-dap", FILE) &&
    (runCommand(["gcc", "--version"]).exitCode === 0 || missing("gcc is not installed", FILE)) &&
    (runCommand(["pytest", "--version"]).exitCode === 0 || missing("pytest is not on PATH", FILE)) &&
    (runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE))) ||
  false;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-guide-app-"));
  for (const f of ["app.c", "app.py", "test_app.py"]) copyFileSync(join(FIXTURES, f), join(dir, f));
  if (ready) expect(runCommand(["gcc", "-g", "-O0", "-o", join(dir, "app"), join(dir, "app.c")]).exitCode).toBe(0);
});
// The env's own afterAll ends its daemon and sessions (the `test` recipe leaves one stopped).
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the guide has a recipe for each of run, start, trace, watch, test and diff", () => {
  const named = new Set(recipes(guideText()).map((r) => r[0]));
  for (const c of ["run", "start", "trace", "watch", "continue", "print", "stop", "test", "diff"]) expect(named).toContain(c);
});

test.skipIf(!ready)(
  "every recipe of the guide runs as written, in order, on the guide's fixture",
  async () => {
    const done: string[] = [];
    let watched: Record<string, any> | undefined;
    for (const argv of recipes(guideText())) {
      const r = await env().run(argv, { cwd: dir });
      const line = `debugger ${argv.join(" ")}`;
      if (r.exitCode !== 0 || r.json?.ok !== true)
        throw new Error(`${line} (after: ${done.join("; ") || "none"}) failed, exit ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
      const data = r.json.data as Record<string, any>;
      // What each recipe is there to show, so a recipe that runs but no longer shows it fails too.
      if (argv[0] === "run" && argv.some((w) => / if /.test(w)))
        expect(data.hits.map((h: any) => h.values.map((v: any) => v.value).join(" "))).toEqual(["4 14", "5 30"]);
      else if (argv[0] === "run")
        expect(data.hits.map((h: any) => `${h.frame.line}:${h.values.map((v: any) => `${v.expression}=${v.value}`).join(",")}`)).toEqual([
          "9:i=0",
          "9:i=1",
          "9:i=2",
          "9:i=3",
          "11:total=14",
        ]);
      if (argv[0] === "trace") expect(data.hits.map((h: any) => h.values[0].value)).toEqual(["0", "1", "5"]);
      if (argv[0] === "watch") watched = data;
      if (argv[0] === "continue") expectWatchStop(FILE, watched, data.stop);
      if (argv[0] === "test") expect(data.stop).toMatchObject({ frame: { function: "test_squares", line: 6 } });
      if (argv[0] === "diff") expect(data).toMatchObject({ agree: 4, a: { stops: 4 }, b: { stops: 6 } });
      done.push(line);
    }
    expect(done.length).toBe(recipes(guideText()).length);
  },
  300_000,
);

/**
 * The help page's runner lines that need a project of their own (a crate, a Go module, a Node
 * test directory): read by the CLI's parser in test/unit/guide.test.ts; the runners themselves
 * run in test/e2e/rust.test.ts, go.test.ts and jsRunners.test.ts.
 */
const ELSEWHERE = /^test -- (cargo test|go test|node --test) /;

test("the help page's examples cover run, a script, test and a session; only the other runners' lines are left to their own suites", () => {
  const lines = pageExamples();
  expect(lines.filter((l) => ELSEWHERE.test(l))).toHaveLength(3);
  const named = new Set(lines.filter((l) => !ELSEWHERE.test(l)).map((l) => splitWords(l)[0]));
  for (const c of ["run", "test", "start", "continue", "trace", "watch", "print", "stop"]) expect(named).toContain(c);
});

test.skipIf(!ready)(
  "every example of --help runs as written, in order, on the same fixture (lldb-dap for C, debugpy for Python)",
  async () => {
    const done: string[] = [];
    let watched: Record<string, any> | undefined;
    const rows = (data: any) => data.hits.map((h: any) => `${h.frame.line}:${h.values.map((v: any) => `${v.expression}=${v.value}`).join(",")}`);
    for (const line of pageExamples().filter((l) => !ELSEWHERE.test(l))) {
      const argv = splitWords(line);
      const r = await env().run(argv, { cwd: dir });
      if (r.exitCode !== 0 || r.json?.ok !== true)
        throw new Error(`debugger ${line} (after: ${done.join("; ") || "none"}) failed, exit ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
      const data = r.json.data as Record<string, any>;
      const is = (prefix: string) => line.startsWith(prefix);
      // What each line is there to show.
      if (is("run ./app --break 'app.c:9 if")) expect(rows(data)).toEqual(["9:i=4,total=14", "9:i=5,total=30"]);
      else if (is("run ./app")) expect(rows(data)).toEqual(["9:i=0", "9:i=1", "9:i=2", "9:i=3", "11:total=14"]);
      else if (is("run app.py")) expect(rows(data)).toEqual(["9:i=3,total=5"]);
      else if (is("test --break")) {
        expect(rows(data)).toEqual(["9:i=0,total=0", "9:i=1,total=0", "9:i=2,total=1", "9:i=3,total=5"]);
        expect(data.stop).toMatchObject({ reason: "exception", frame: { function: "test_squares", line: 6 } });
      } else if (is("test")) expect(data.stop).toMatchObject({ frame: { function: "test_squares", line: 6 } });
      else if (is("start")) expect(data.stop).toMatchObject({ frame: { function: "squares", line: 9 } });
      else if (is("trace")) expect(data.hits.map((h: any) => h.values[0].value)).toEqual(["1", "5", "14"]);
      else if (is("watch")) {
        expect(data.breakpoints[0]).toMatchObject({ kind: "data", location: "total", verified: true });
        watched = data;
      } else if (line === "continue") expectWatchStop(FILE, watched, data.stop);
      else if (is("continue")) expect(data.stop.displays?.[0]).toMatchObject({ expression: "total", value: "0" });
      else if (is("print")) expect(data).toMatchObject({ expression: "n", result: "6" }); // main's n, frame 1
      done.push(line);
    }
    expect(done.length).toBe(pageExamples().length - 3);
  },
  300_000,
);
