// The smoke run every release build gets on a machine that can run it (test/dist/smoke.test.ts
// on the build's own runner, test/dist/arm64.test.ts under qemu-user here): the binary says what
// it is, answers `status` and `doctor`, and drives one real session per adapter —
// start at a breakpoint → next → print → stop — through its own daemon.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { waitFor } from "../harness/wait.ts";
import type { DataOf } from "../harness/replies.ts";
import { run, type Ran } from "./helpers.ts";

export type SmokeAdapter = "lldb-dap" | "debugpy";

export interface Smoke {
  /** The executable under test, and anything before it (e.g. a user switch). */
  bin: string[];
  /** Environment for every command: a private runtime, config and state directory. */
  env: Record<string, string>;
}

/** A private daemon for `bin`: its own runtime, config and state directories under `dir`. */
export function smokeEnv(bin: string[], dir: string, extra: Record<string, string> = {}): Smoke {
  for (const d of ["rt", "config", "state"]) mkdirSync(join(dir, d), { recursive: true });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DEBUGGER_RUNTIME_DIR: join(dir, "rt"),
    XDG_CONFIG_HOME: join(dir, "config"),
    XDG_STATE_HOME: join(dir, "state"),
    DEBUGGER_SESSION: "",
    DEBUGGER_JSON: "",
    ...extra,
  };
  return { bin, env };
}

/** Runs one command with --json; throws with everything it printed unless it succeeded. */
export async function ok<const A extends readonly string[]>(s: Smoke, args: A): Promise<DataOf<A>> {
  const r = await run([...s.bin, ...args, "--json"], { env: s.env });
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {}
  if (r.code !== 0 || json?.ok !== true) throw new Error(`debugger ${args.join(" ")}: exit ${r.code}\n${r.stdout}\n${r.stderr}`);
  return json.data;
}

/**
 * `status` until it answers: the first command starts the daemon and gives up after 5 s, which an
 * emulated (qemu) or busy machine can exceed while the daemon it spawned is still coming up.
 */
export async function daemonUp(s: Smoke, ms = 90_000): Promise<DataOf<["status"]>> {
  let status: any;
  await waitFor(
    async () => {
      const r = await run([...s.bin, "status", "--json"], { env: s.env });
      try {
        status = JSON.parse(r.stdout);
      } catch {}
      return r.code === 0 && status?.ok === true;
    },
    ms,
    `the daemon of ${s.bin.join(" ")} to answer status`,
  );
  return status.data;
}

export async function plain(s: Smoke, args: string[]): Promise<Ran> {
  return run([...s.bin, ...args], { env: s.env });
}

export interface DoctorAdapter {
  name: string;
  found: boolean;
  ok: boolean;
  message: string;
}

/** doctor --json's adapter list: in `data`, or in the error's details when another check failed. */
export function doctorAdapters(stdout: string): DoctorAdapter[] {
  const json = JSON.parse(stdout);
  const adapters = (json.data ?? json.error?.details)?.adapters;
  if (!Array.isArray(adapters)) throw new Error(`doctor --json has no adapter list: ${stdout.slice(0, 500)}`);
  return adapters;
}

/** The C fixture, compiled with the machine's cc into `dir` (only this one: no Rust or C++ needed). */
export async function compileC(dir: string): Promise<string> {
  const out = join(dir, "c-basic");
  const r = await run(["cc", "-g", "-O0", "-o", out, sourcePath("c/basic.c")]);
  if (r.code !== 0) throw new Error(`cc failed (exit ${r.code}): ${r.stderr}`);
  return out;
}

/**
 * start at factorial_call → next → print f and total → stop. The same fixture logic in C and
 * Python: after the step, f = factorial(4) = 24 and total = 0+1+2+3+4 = 10.
 */
export async function smokeSession(s: Smoke, adapter: SmokeAdapter, program: string) {
  const source = adapter === "debugpy" ? "python/basic.py" : "c/basic.c";
  const file = source.split("/")[1]!;
  const line = markerLine(source, "factorial_call");
  const session = `smoke-${adapter}`;
  try {
    const start = await ok(s, ["start", program, "--session", session, "--adapter", adapter, "--break", `${file}:${line}`]);
    const next = await ok(s, ["next", "--session", session]);
    const f = await ok(s, ["print", "f", "--session", session]);
    const total = await ok(s, ["print", "total", "--session", session]);
    const stop = await ok(s, ["stop", "--session", session]);
    return { line, start, next, f: f.result as string, total: total.result as string, stop };
  } finally {
    await plain(s, ["stop", "--session", session]); // no-op after a clean stop; cleans up after a failure
  }
}
