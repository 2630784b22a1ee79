// Processes a test starts itself (attach targets, probes) and what Linux says about them.
import { readFileSync } from "node:fs";

/** Linux: the pid of the process tracing `pid` (0 when none); undefined where /proc is missing. */
export function tracerPid(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const m = /^TracerPid:\s*(\d+)/m.exec(status);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** A program started by the test itself (for attach): its pid comes from its first stdout line. */
export async function spawnAndReadPid(argv: string[]): Promise<{ proc: ReturnType<typeof Bun.spawn>; pid: number }> {
  const proc = Bun.spawn(argv, { stdin: "ignore", stdout: "pipe", stderr: "inherit" });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let text = "";
  while (!/pid=\d+\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${argv[0]} exited before printing its pid (got ${JSON.stringify(text)})`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { proc, pid: Number(/pid=(\d+)/.exec(text)![1]) };
}

/** Runs a helper command (a probe, not the debugger): its exit code and trimmed stdout; -1 if it cannot start. */
export function runCommand(cmd: string[]): { exitCode: number; out: string } {
  try {
    const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
    return { exitCode: r.exitCode ?? -1, out: r.stdout.toString().trim() };
  } catch {
    return { exitCode: -1, out: "" };
  }
}
