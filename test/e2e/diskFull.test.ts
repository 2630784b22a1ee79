// A full disk under the output file (issue 33's resource-exhaustion round): a private mount
// namespace puts a 64 KiB tmpfs where the output files go, and `run` of a program that logs
// 3,000 lines (130 KB) and crashes must say where its file stopped and why, not that all of it is
// there. Root only (`unshare -m`); skipped, said, elsewhere (in CI it runs as root).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, BIN } from "./harness.ts";

const haveLldb = adapterAvailable("lldb-dap", "test/e2e/diskFull.test.ts");
const canUnshare = process.getuid?.() === 0 && Bun.spawnSync(["unshare", "-m", "true"]).exitCode === 0;
if (!canUnshare) console.warn("skipping test/e2e/diskFull.test.ts: needs `unshare -m` (root) for a private tmpfs");
let bins: Record<string, string>;
let dir: string;

beforeAll(async () => {
  bins = await buildFixtures();
  dir = mkdtempSync(join(tmpdir(), "dbg-full-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.if(haveLldb && canUnshare)("the output file on a full disk", () => {
  test("run says the file stopped at N bytes with no space left, names no file as the whole, and the program's last lines are still shown", () => {
    const state = join(dir, "state");
    const script = 'mkdir -p "$1" && mount -t tmpfs -o size=64k none "$1" && shift && "$@"; code=$?; "$BIN" daemon stop >/dev/null 2>&1; exit $code';
    const r = Bun.spawnSync(["unshare", "-m", "sh", "-c", script, "sh", state, BIN, "run", bins["c-logcrash"]!, "--json"], {
      env: {
        ...process.env,
        BIN,
        DEBUGGER_RUNTIME_DIR: join(dir, "rt"),
        XDG_STATE_HOME: state,
        XDG_CONFIG_HOME: join(dir, "config"),
        DEBUGGER_LOG_FILE: join(dir, "daemon.log"),
        DEBUGGER_SESSION: "",
      },
      stdout: "pipe",
      stderr: "pipe",
      timeout: 60_000,
    });
    const out = JSON.parse(r.stdout.toString());
    expect(out.ok).toBe(true);
    const stop = out.data.stop;
    expect(stop.signal ?? stop.reason).toBeDefined();
    expect(stop.output).toContain("line 3000 of the run");
    expect(stop.outputFile).toBeUndefined();
    const note = (stop.truncated as string[]).find((t) => t.startsWith("output:"))!;
    expect(note).toMatch(
      /^output: the last \d+ of 3000 lines shown; the file that keeps it, \S+\.log, stopped at \d+ bytes, the rest not kept: no space left on the device \(ENOSPC\); free space there, or set XDG_STATE_HOME elsewhere$/,
    );
    const kept = Number(/stopped at (\d+) bytes/.exec(note)![1]);
    expect(kept).toBeLessThanOrEqual(64 * 1024);
  }, 90_000);
});
