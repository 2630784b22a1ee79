import { expect, test } from "bun:test";
import { daemonSocketPath } from "../../src/common/platform.ts";

test("POSIX: the socket file in the runtime directory", () => {
  expect(daemonSocketPath("/run/user/1000/debugger-cli", "linux")).toBe("/run/user/1000/debugger-cli/daemon.sock");
  expect(daemonSocketPath("/tmp/x", "darwin")).toBe("/tmp/x/daemon.sock");
});

test("Windows: a named pipe per runtime directory, whatever the case of its path", () => {
  const a = daemonSocketPath("C:\\Users\\ann\\AppData\\Local\\Temp\\debugger-cli-0", "win32");
  expect(a).toMatch(/^\\\\\.\\pipe\\debugger-cli-[0-9a-z]+$/);
  expect(daemonSocketPath("c:\\users\\ann\\appdata\\local\\temp\\debugger-cli-0", "win32")).toBe(a);
  expect(daemonSocketPath("C:\\Users\\bob\\AppData\\Local\\Temp\\debugger-cli-0", "win32")).not.toBe(a);
});
