// The files a Go debug build is keyed by (src/adapters/goBuild.ts): what go builds the program
// from, and nothing it skips; a symlink loop is walked once.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { moduleFiles } from "../../src/adapters/goBuild.ts";

const dir = mkdtempSync(join(tmpdir(), "dbg-gobuild-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(path: string, text = "package x\n"): void {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), text);
}

test("a module's build inputs: go.mod, go.sum and sources below it; not tests, testdata, hidden or _ directories, nested modules", () => {
  file("go.mod", "module example.com/m\n");
  file("go.sum", "");
  file("main.go");
  file("main_test.go");
  file("asm_amd64.s", "");
  file("cgo/helper.c", "");
  file("cgo/helper.h", "");
  file("pkg/a.go");
  file("pkg/README.md", "");
  file("testdata/t.go");
  file(".git/x.go");
  file("_old/y.go");
  file("tools/go.mod", "module example.com/tools\n");
  file("tools/t.go");
  symlinkSync(dir, join(dir, "pkg", "loop")); // a cycle: walked once
  const got = moduleFiles(dir, true)!.map((f) => f.slice(dir.length + 1));
  expect(got.sort()).toEqual(["asm_amd64.s", "cgo/helper.c", "cgo/helper.h", "go.mod", "go.sum", "main.go", "pkg/a.go"]);
  // Without a go.mod (a lone file's directory): that directory only.
  expect(moduleFiles(join(dir, "pkg"), false)!.map((f) => f.slice(dir.length + 1))).toEqual(["pkg/a.go"]);
});
