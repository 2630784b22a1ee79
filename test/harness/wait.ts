import { readdirSync, readFileSync } from "node:fs";
// Tests wait on conditions, never on fixed sleeps.

/** Polls until the condition holds, backing off from 5 to 100 ms. */
export async function waitFor(cond: () => boolean | Promise<boolean>, ms = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + ms;
  let delay = 5;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await Bun.sleep(delay);
    delay = Math.min(delay * 2, 100);
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Alive and not a zombie (a process nobody has reaped yet counts as gone). A SIGKILLed process's
 * main thread turns zombie while its other threads still exit, and its files (a daemon's listening
 * socket) close with the last one: measured, a connect then is reset, and a CLI's request was taken
 * into the backlog and dropped ("closed the connection before replying"). Gone means every thread is.
 */
export function running(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (state !== "Z" && state !== "X") return true;
    return readdirSync(`/proc/${pid}/task`).length > 1;
  } catch {
    return process.platform !== "linux";
  }
}
