// Shared by the distribution tests: temp dirs, running a command, a session on the C fixture.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";

export const ROOT = join(import.meta.dir, "..", "..");
export const HOST_BIN = join(ROOT, "dist", "debugger");
export const CI = process.env.CI === "true";

export function tempDir(prefix: string): { path: string; [Symbol.dispose](): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, [Symbol.dispose]: () => rmSync(path, { recursive: true, force: true }) };
}

export interface Ran {
  code: number;
  signal: string | null;
  stdout: string;
  stderr: string;
}

export async function run(argv: string[], opts: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<Ran> {
  const proc = Bun.spawn(argv, { cwd: opts.cwd, env: opts.env as Record<string, string>, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  await proc.exited;
  return { code: proc.exitCode ?? -1, signal: proc.signalCode === null ? null : String(proc.signalCode), stdout, stderr };
}

/**
 * A real session through `debugger` as `prefix` runs it (`prefix` is the command and anything
 * before it, e.g. a user switch): start the C fixture with a breakpoint, stop there, continue to
 * its exit (code 3), stop the daemon. `program` is a copy of the fixture where the default one
 * cannot be read. Returns the replies for the test to check.
 */
export async function debugSession(
  prefix: string[],
  env: Record<string, string>,
  cwd?: string,
  program?: string,
): Promise<{ stop: any; exit: any; line: number }> {
  program ??= (await buildFixtures())["c-basic"]!;
  const line = markerLine("c/basic.c", "add_body");
  const ok = async (args: string[]) => {
    const r = await run([...prefix, ...args, "--json"], { env, cwd });
    let json: any;
    try {
      json = JSON.parse(r.stdout);
    } catch {}
    if (r.code !== 0 || json?.ok !== true) throw new Error(`debugger ${args.join(" ")}: exit ${r.code}\n${r.stdout}\n${r.stderr}`);
    return json.data;
  };
  try {
    const stop = await ok(["start", program, "--break", `basic.c:${line}`]);
    await ok(["breakpoint", "remove", "--all"]);
    const exit = await ok(["continue"]);
    return { stop: stop.stop, exit: exit.stop, line };
  } finally {
    await run([...prefix, "daemon", "stop"], { env, cwd });
  }
}
