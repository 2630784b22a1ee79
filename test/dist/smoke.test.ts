// The smoke run of one build on the machine it is for. In the suite it checks dist/debugger; the
// release workflow points it at the downloaded release artifact on each runner
// (DEBUGGER_SMOKE_BIN): linux-x64, linux-arm64, darwin-arm64, windows-x64.
// Windows gets --version, status and a debugpy session (no lldb-dap session there: the runner
// has no lldb-dap); the others also `doctor` and an lldb-dap session on the C fixture.
// DEBUGGER_PYTHON (honoured by the binary) names the interpreter that has debugpy, where it is not
// the first python3 on PATH.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sourcePath } from "../../scripts/build-fixtures.ts";
import { CI, ROOT, tempDir } from "./helpers.ts";
import { compileC, daemonUp, doctorAdapters, plain, smokeEnv, smokeSession } from "./smoke.ts";

const bin = process.env.DEBUGGER_SMOKE_BIN || join(ROOT, "dist", process.platform === "win32" ? "debugger.exe" : "debugger");
if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`bun scripts/build.ts\` (or set DEBUGGER_SMOKE_BIN to a release artifact)`);
const windows = process.platform === "win32";
const dir = tempDir("dbg-smoke-");
const s = smokeEnv([bin], dir.path);
const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** What `doctor` found, read once; the harness's adapter search is not used: it needs dist/debugger. */
let doctor: { name: string; found: boolean; ok: boolean; message: string }[] | undefined;

/** Is the adapter there? Locally a missing one skips with a message; with CI=true it fails. */
function have(name: string): boolean {
  if (windows && name === "debugpy") return true; // no doctor on Windows: the session itself tells
  if (doctor?.find((a) => a.name === name)?.found) return true;
  const why = `${name} is not installed (doctor: ${doctor?.find((a) => a.name === name)?.message ?? "no report"})`;
  if (CI) throw new Error(`CI=true and ${why}`);
  console.warn(`SKIP smoke ${name} session: ${why}`);
  return false;
}

afterAll(async () => {
  await plain(s, ["daemon", "stop"]);
  dir[Symbol.dispose]();
});

test("--version names this version and this platform; status answers", async () => {
  const v = await plain(s, ["--version"]);
  expect(v.code).toBe(0);
  expect(v.stdout.startsWith(`${version} (`)).toBe(true);
  expect(v.stdout).toContain(`, ${process.platform}-${process.arch}, `);
  const status = await daemonUp(s);
  expect(status.state).toBe("idle");
  expect(status.daemon.version).toBe(version);
}, 60_000);

test.skipIf(windows)(
  "doctor finds the adapters the smoke sessions use",
  async () => {
    // Other adapters (Delve, gdb) may be missing on a smoke runner: only these two must answer.
    const r = await plain(s, ["doctor", "--json"]);
    doctor = doctorAdapters(r.stdout);
    for (const name of ["lldb-dap", "debugpy"].filter(have)) {
      const a = doctor!.find((x) => x.name === name);
      expect({ name, ok: a?.ok, message: a?.message }).toMatchObject({ name, ok: true });
    }
  },
  120_000,
);

test.skipIf(windows)(
  "lldb-dap: start at a breakpoint → next → print → stop",
  async () => {
    if (!have("lldb-dap")) return;
    const r = await smokeSession(s, "lldb-dap", await compileC(dir.path));
    expect(r.start.stop).toMatchObject({ reason: "breakpoint", frame: { line: r.line } });
    expect(r.next.stop).toMatchObject({ reason: "step", frame: { line: r.line + 1 } });
    expect([r.f, r.total]).toEqual(["24", "10"]);
  },
  60_000,
);

test("debugpy: start at a breakpoint → next → print → stop", async () => {
  if (!have("debugpy")) return;
  const r = await smokeSession(s, "debugpy", sourcePath("python/basic.py"));
  expect(r.start.stop).toMatchObject({ reason: "breakpoint", frame: { line: r.line } });
  expect(r.next.stop).toMatchObject({ reason: "step", frame: { line: r.line + 1 } });
  expect([r.f, r.total]).toEqual(["24", "10"]);
}, 60_000);
