// `attach --wait NAME`: which processes answer to NAME (the kernel's comm is cut at 15 bytes).
import { expect, test } from "bun:test";
import { processMatches } from "../../src/daemon/processWait.ts";

test("a name matches the executable's comm or argv[0]'s base name; a long one needs the executable's own name", () => {
  expect(processMatches("myserver", { comm: "myserver", argv0: "./build/myserver" })).toBe(true);
  expect(processMatches("myserver", { comm: "myserver" })).toBe(true);
  // `exec -a` or a wrapper that names itself: argv[0] counts.
  expect(processMatches("worker", { comm: "python3", argv0: "/srv/bin/worker" })).toBe(true);
  expect(processMatches("myserver", { comm: "myserver2", argv0: "myserver2" })).toBe(false);
  expect(processMatches("server", { comm: "myserver", argv0: "/usr/bin/myserver" })).toBe(false);
  // comm holds 15 bytes: the long name must be the executable's (or argv[0]'s) own.
  const long = "a-very-long-program-name";
  expect(processMatches(long, { comm: long.slice(0, 15), argv0: "x", exe: `/opt/${long}` })).toBe(true);
  expect(processMatches(long, { comm: long.slice(0, 15), argv0: "x", exe: `/opt/${long} (deleted)` })).toBe(true);
  expect(processMatches(long, { comm: long.slice(0, 15), argv0: "x", exe: "/opt/a-very-long-program-other" })).toBe(false);
  expect(processMatches(long, { comm: long.slice(0, 15), argv0: `./${long}` })).toBe(true);
  // The 15-byte cut itself also names it (what `ps -o comm` shows).
  expect(processMatches(long.slice(0, 15), { comm: long.slice(0, 15), argv0: "x" })).toBe(true);
});
