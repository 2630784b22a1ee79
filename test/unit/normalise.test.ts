// normalise() scrubs what varies between runs and machines from human output, and nothing else.
import { describe, expect, test } from "bun:test";
import { normalise } from "../harness/normalise.ts";

const opts = { root: "/work/repo", tmp: "/tmp" };
const n = (text: string) => normalise(text, opts);

describe("normalise", () => {
  test("the repository's path becomes <repo>; relative paths stay", () => {
    expect(n("Session 'a' started /work/repo/test/fixtures/build/c-basic with lldb-dap.")).toBe(
      "Session 'a' started <repo>/test/fixtures/build/c-basic with lldb-dap.",
    );
    expect(n("main (test/fixtures/c/basic.c:31)")).toBe("main (test/fixtures/c/basic.c:31)");
    // A sibling whose name starts the same is not the repository.
    expect(n("/work/repository/x and /work/repo-old/x")).toBe("/work/repository/x and /work/repo-old/x");
    expect(n("cwd: /work/repo")).toBe("cwd: <repo>");
  });

  test("a temp directory's random name becomes <tmp>, what follows it stays", () => {
    expect(n("program '/tmp/dbg-e2e-Ab12Cd/prog' is not executable")).toBe("program '<tmp>/prog' is not executable");
    expect(n("socket /tmp/tmp.I6ymzloS9B/rt/daemon.sock")).toBe("socket <tmp>/rt/daemon.sock");
  });

  test("pids and thread ids", () => {
    expect(n("started ./app with lldb-dap (pid 8984).")).toBe("started ./app with lldb-dap (pid <pid>).");
    expect(n("sleeper pid=4242")).toBe("sleeper pid=<pid>");
    expect(n("Daemon 8918 stopped.")).toBe("Daemon <pid> stopped.");
    expect(n("Stopped: step in add (a.c:12), thread 8984")).toBe("Stopped: step in add (a.c:12), thread <thread>");
  });

  test("addresses become <addr>; short hex numbers are values and stay", () => {
    expect(n("scores (const int *) = 0x00007fffffffe690")).toBe("scores (const int *) = <addr>");
    expect(n("→ 0x401136  mov eax, 0x1f")).toBe("→ <addr>  mov eax, 0x1f");
  });

  test("timestamps, clock times and durations", () => {
    expect(n("#3 2026-11-23T00:12:34.567Z exited")).toBe("#3 <timestamp> exited");
    expect(n("at 00:12:34.5")).toBe("at <clock>");
    expect(n("took 12 ms, then 1.25 s, then 300µs")).toBe("took <duration>, then <duration>, then <duration>");
    // Whole seconds are settings (`--timeout 5`), not measurements: they stay.
    expect(n("no stop within 5 s")).toBe("no stop within 5 s");
  });

  test("adapter and toolchain versions", () => {
    expect(n("GNU gdb (Debian 13.1-3) 13.1")).toBe("GNU gdb <version>");
    expect(n("runtime.main (/usr/lib/go-1.19/src/runtime/proc.go:250)")).toBe("runtime.main (/usr/lib/go-<version>/src/runtime/proc.go:250)");
    expect(n("/usr/lib/python3.11/json/decoder.py")).toBe("/usr/lib/python<version>/json/decoder.py");
    expect(n("lldb-dap version 19.1.7")).toBe("lldb-dap version <version>");
    expect(n("dlv 1.20.2, debugpy 1.8.0")).toBe("dlv <version>, debugpy <version>");
    // Values and line numbers are not versions.
    expect(n("x (double) = 3.5\nmain (a.go:22)")).toBe("x (double) = 3.5\nmain (a.go:22)");
  });

  test("colour escapes, CRLF and trailing blanks go; everything else stays as it was", () => {
    expect(n("\x1b[1mStopped\x1b[0m: x\r\n  14  \r\n")).toBe("Stopped: x\n  14\n");
    const plain = "Locals:\n  n (int) = 1\n  p (Point) = {x = 3, y = 4}\n";
    expect(n(plain)).toBe(plain);
  });

  test("is idempotent", () => {
    const once = n("Session 'a' started /work/repo/x (pid 12), thread 12 at 0x00007fffffffe690 in 3 ms");
    expect(n(once)).toBe(once);
  });
});
