// Where a bare source name (`textwrap.py:30`) resolves: the file in the cwd, else the one file of that
// name below it (Python, Go; a native source found once), else an error naming the candidates (Python, Go) or
// the name left to the adapter (native).
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBelow, located } from "../../src/daemon/handlers/common.ts";

const root = mkdtempSync(join(tmpdir(), "dbg-search-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (path: string, lines = 40) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), "x = 1\n".repeat(lines));
};
put("report.py");
put("vendor/textwrap.py");
put("a/util.py");
put("b/util.py");
put("node_modules/pkg/thing.py");
put(".venv/lib/hidden.py");
put("lib/site-packages/pkg/installed.py");
put("cmd/server/main.go");

test("a bare Python name found once below the cwd is that file", async () => {
  expect((await located("textwrap.py:30", root)).loc).toMatchObject({ kind: "line", file: join(root, "vendor/textwrap.py"), line: 30 });
});

test("a name in the cwd wins over the search", async () => {
  expect((await located("report.py:3", root)).loc).toMatchObject({ file: join(root, "report.py") });
});

test("a Go name is searched too", async () => {
  expect((await located("main.go:5", root)).loc).toMatchObject({ file: join(root, "cmd/server/main.go") });
});

test("two candidates are an error that names both", async () => {
  const e = await located("util.py:3", root).catch((x) => x);
  expect(e.code).toBe("INVALID_LOCATION");
  expect(e.message).toContain("a/util.py");
  expect(e.message).toContain("b/util.py");
  expect(e.hint).toContain("a/util.py:LINE");
});

test("packages, caches and hidden directories are not searched; an unknown name is left for the adapter", async () => {
  expect(findBelow(root, "thing.py")).toEqual([]);
  expect(findBelow(root, "hidden.py")).toEqual([]);
  expect(findBelow(root, "installed.py")).toEqual([]);
  expect((await located("json.py:3", root)).loc).toMatchObject({ file: "json.py" });
});

test("a native source found once below the cwd is that file (the set falls back to the bare name: breakpointSync)", async () => {
  put("src/basic.c");
  expect((await located("basic.c:3", root)).loc).toMatchObject({ file: join(root, "src/basic.c") });
});

test("a native name found twice or not at all is left for the adapter to match against the debug info", async () => {
  put("x/twice.rs");
  put("y/twice.rs");
  expect((await located("twice.rs:3", root)).loc).toMatchObject({ file: "twice.rs" });
  expect((await located("stl_vector.h:3", root)).loc).toMatchObject({ file: "stl_vector.h" });
  // Not a native source by its extension: as before.
  put("web/app.js");
  expect((await located("app.js:3", root)).loc).toMatchObject({ file: "app.js" });
});

test("the search is bounded by depth", () => {
  put("d1/d2/d3/d4/deep.py");
  expect(findBelow(root, "deep.py", 3)).toEqual([]);
  expect(findBelow(root, "deep.py", 5)).toEqual([join(root, "d1/d2/d3/d4/deep.py")]);
});
