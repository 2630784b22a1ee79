// `attach PID --adapter node` makes Node open its inspector on 127.0.0.1:9229 (SIGUSR1): one port
// for the whole machine. Another test run here (a parallel shard, another developer's suite)
// attaching the same way holds it for its session, and the debugger then rightly refuses
// (ATTACH_FAILED "port 9229 … is taken by another process"). Tests wait for the port, not fail.
import { readFileSync } from "node:fs";
import type { CliResult } from "./env.ts";
import { waitFor } from "./wait.ts";

/** Some process listens on TCP 9229 (read from /proc/net: probing by binding it could break another run's attach). */
export function inspectorPortTaken(): boolean {
  for (const f of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of readFileSync(f, "utf8").split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[1]?.endsWith(":2405") && cols[3] === "0A") return true;
      }
    } catch {}
  }
  return false;
}

/** Runs the attach; while it is refused for a taken 9229, waits for the port to be free and tries again (up to `ms`). */
export async function attachWhenInspectorPortFree<R extends Pick<CliResult, "exitCode" | "json">>(attach: () => Promise<R>, ms = 120_000): Promise<R> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await attach();
    const refused = r.exitCode !== 0 && r.json?.error?.code === "ATTACH_FAILED" && /port 9229\b.*is taken/.test(r.json.error.message ?? "");
    if (!refused || Date.now() > deadline) return r;
    await waitFor(() => !inspectorPortTaken(), Math.max(deadline - Date.now(), 1000), "port 9229 to be free").catch(() => {});
  }
}
