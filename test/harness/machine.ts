// What the machine itself can do, asked once per test process. Some virtual machines (Firecracker
// with PVM, for one) do not pass the CPU's debug registers through: a hardware watchpoint is
// accepted by every debugger and never fires. Tests that need one firing say so and skip there.
import { expect } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let fires: boolean | undefined;

/** Does a hardware watchpoint fire here? Asked of gdb on a three-line C program (no gdb or gcc: assumed yes). */
export function hardwareWatchpointsFire(): boolean {
  if (fires !== undefined) return fires;
  const dir = mkdtempSync(join(tmpdir(), "dbg-hwwatch-"));
  try {
    const src = join(dir, "w.c");
    const bin = join(dir, "w");
    writeFileSync(src, "int g;\nint main(void) { for (int i = 0; i < 3; i++) g += 1; return g; }\n");
    const cc = Bun.spawnSync(["gcc", "-g", "-O0", "-o", bin, src], { stdout: "ignore", stderr: "ignore" });
    if (cc.exitCode !== 0) return (fires = true);
    const gdb = Bun.spawnSync(["gdb", "-nx", "-batch", "-ex", "break main", "-ex", "run", "-ex", "watch g", "-ex", "continue", bin], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const out = gdb.stdout.toString();
    if (!/Hardware watchpoint/.test(out)) return (fires = true);
    fires = /Old value = 0\s+New value = 1/.test(out);
    return fires;
  } catch {
    return (fires = true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** For `describe.skipIf(!…)`: true when hardware watchpoints fire; otherwise prints why the tests are skipped. */
export function watchpointsFire(testFile: string): boolean {
  if (hardwareWatchpointsFire()) return true;
  console.warn(
    `SKIP (some tests in) ${testFile}: hardware watchpoints do not fire on this machine (gdb's own watchpoint on a test program never stopped; a virtual machine without debug registers)`,
  );
  return false;
}

const told = new Set<string>();

/**
 * The stop of a `continue` after an lldb-dap `watch`, on either kind of machine: where hardware
 * watchpoints fire, the watchpoint's stop (true); where they do not, the `watch` reply said so (its
 * warning) and the program ran on past the write (false: the firing part is skipped, said once).
 */
export function expectWatchStop(testFile: string, watchReply: { warnings?: string[] } | undefined, stop: { reason: string }): boolean {
  if (hardwareWatchpointsFire()) {
    expect(stop.reason).toMatch(/watch|data/);
    return true;
  }
  if (!told.has(testFile)) {
    told.add(testFile);
    console.warn(`SKIP (a watchpoint firing in) ${testFile}: hardware watchpoints do not fire on this machine; checked that \`watch\` says so instead`);
  }
  expect(watchReply?.warnings?.join(" ") ?? "").toContain("hardware watchpoints do not fire on this machine");
  expect(stop.reason).not.toMatch(/watch|data/);
  return false;
}
