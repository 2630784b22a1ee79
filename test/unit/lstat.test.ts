// lstat.ts reads the kernel's struct stat through bun:ffi on linux-x64: its answers must be
// node:fs lstat's, for every kind of file the ownership checks meet.
import { afterAll, expect, test } from "bun:test";
import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nativeFfiUsed } from "../../src/common/libc.ts";
import { ffiLstatUsed, lstatOrUndefined } from "../../src/common/lstat.ts";

const dir = mkdtempSync(join(tmpdir(), "dbg-lstat-"));
const server = Bun.listen({ unix: join(dir, "sock"), socket: { data() {} } });
afterAll(() => {
  server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

const ffiHere = process.platform === "linux" && process.arch === "x64";
if (!ffiHere) console.warn(`lstat.test: the FFI path is linux-x64 only; ${process.platform}-${process.arch} uses node:fs`);

test("the FFI path is taken exactly where its struct layout is known", () => {
  expect(ffiLstatUsed()).toBe(ffiHere);
});

// Bun.FFI is what the bun:ffi module wraps, not a documented API: a Bun that drops or changes it
// would fall back to the module (~0.5 ms more a command). This says so instead of slowing silently.
// libc.ts binds on Linux (glibc: these tests' machines), for the socket too (src/cli/syncSocket.ts).
test("where FFI is used, it is Bun's native object, not the bun:ffi module", () => {
  expect(nativeFfiUsed()).toBe(process.platform === "linux");
});

test("mode and uid equal node:fs lstat's for a directory, a file, a socket and symlinks", () => {
  mkdirSync(join(dir, "d"), { mode: 0o700 });
  writeFileSync(join(dir, "f"), "", { mode: 0o640 });
  symlinkSync(join(dir, "d"), join(dir, "link-to-dir"));
  symlinkSync(join(dir, "missing"), join(dir, "dangling"));
  for (const name of ["d", "f", "sock", "link-to-dir", "dangling"]) {
    const path = join(dir, name);
    const want = lstatSync(path);
    expect({ name, ...lstatOrUndefined(path) }).toEqual({ name, mode: want.mode, uid: want.uid });
  }
});

test("a missing path is undefined; other failures are node:fs's errors", () => {
  expect(lstatOrUndefined(join(dir, "nothing-here"))).toBeUndefined();
  expect(() => lstatOrUndefined(join(dir, "f", "below-a-file"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  expect(() => lstatOrUndefined(join(dir, "d\0x"))).toThrow();
});
