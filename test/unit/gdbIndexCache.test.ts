// gdb's index cache: the options by gdb version, our private directory, and the budget kept.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gdbIndexCacheOptions, pruneIndexCache } from "../../src/adapters/gdbIndexCache.ts";

const root = mkdtempSync(join(tmpdir(), "gdb-index-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test.each([
  ["13.1", "set index-cache enabled on"],
  ["12.1", "set index-cache enabled on"],
  ["15.2", "set index-cache enabled on"],
  ["11.2", "set index-cache on"],
  ["8.3", "set index-cache on"],
  ["8.2", undefined],
  ["7.12", undefined],
  [undefined, undefined],
])("gdb %s: %s", (version, on) => {
  const dir = join(root, "given");
  const options = gdbIndexCacheOptions(version, dir);
  expect(options).toEqual(on ? ["-iex", `set index-cache directory ${dir}`, "-iex", on] : []);
});

test("a directory gdb could not be told (a line break in it) gives no options", () => {
  expect(gdbIndexCacheOptions("13.1", join(root, "a\nb"))).toEqual([]);
});

test("ours is made private under XDG_CACHE_HOME; a symlink in its place is refused, not followed", () => {
  const saved = process.env.XDG_CACHE_HOME;
  try {
    process.env.XDG_CACHE_HOME = join(root, "xdg");
    const options = gdbIndexCacheOptions("13.1");
    const dir = join(root, "xdg", "debugger-cli", "gdb-index");
    expect(options[1]).toBe(`set index-cache directory ${dir}`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    process.env.XDG_CACHE_HOME = join(root, "xdg2");
    const elsewhere = join(root, "someone-elses");
    mkdirSync(elsewhere);
    mkdirSync(join(root, "xdg2", "debugger-cli"), { recursive: true });
    symlinkSync(elsewhere, join(root, "xdg2", "debugger-cli", "gdb-index"));
    expect(gdbIndexCacheOptions("13.1")).toEqual([]);
  } finally {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
  }
});

test("pruning removes the files used least recently until the rest fit, and nothing while they fit", () => {
  const dir = join(root, "prune");
  mkdirSync(dir);
  const now = Date.now() / 1000;
  // Used: the later of the last write and the last read.
  const files: [string, number, number, number][] = [
    ["old.gdb-index", 400, now - 3000, now - 3000],
    ["read-lately.gdb-index", 400, now - 5000, now - 10],
    ["mid.gdb-index", 400, now - 2000, now - 2000],
    ["new.gdb-index", 400, now - 100, now - 100],
  ];
  for (const [name, size, mtime, atime] of files) {
    writeFileSync(join(dir, name), Buffer.alloc(size));
    utimesSync(join(dir, name), atime, mtime);
  }
  pruneIndexCache(dir, 1600);
  expect(readdirSync(dir).sort()).toHaveLength(4);
  pruneIndexCache(dir, 900);
  expect(readdirSync(dir).sort()).toEqual(["new.gdb-index", "read-lately.gdb-index"]);
  pruneIndexCache(join(root, "missing"), 0);
  expect(existsSync(join(root, "missing"))).toBe(false);
});
