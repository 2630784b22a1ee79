// Asks a running daemon something without starting one or replacing it (doctor, completion).
// `ping` is answered whatever the version; anything else is sent only to a daemon of this version,
// because a request of another version makes the daemon leave for a new one.
import { existsSync } from "node:fs";
import { socketPath } from "../common/paths.ts";
import { VERSION } from "../common/version.ts";

import type { Replies } from "../ipc/commands.ts";

export type Probe<C extends "ping" | "sessions" = "ping"> = { state: "absent" } | { state: "stale"; error: string } | { state: "live"; data: Replies[C] };

function once<C extends "ping" | "sessions">(command: C, timeoutMs: number, session = "default"): Promise<Probe<C>> {
  return new Promise((resolve) => {
    let buf = "";
    let done = false;
    const finish = (p: Probe<C>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(p);
    };
    // A socket that accepts but never answers is not a live daemon either.
    const timer = setTimeout(() => finish({ state: "stale", error: `no reply within ${timeoutMs} ms` }), timeoutMs);
    Bun.connect({
      unix: socketPath(),
      socket: {
        open(s) {
          s.write(`${JSON.stringify({ id: 1, version: VERSION, command, session, cwd: process.cwd(), args: {} })}\n`);
        },
        data(s, d) {
          buf += d.toString();
          const nl = buf.indexOf("\n");
          if (nl < 0) return;
          try {
            const r = JSON.parse(buf.slice(0, nl));
            finish(r.ok ? { state: "live", data: r.data } : { state: "stale", error: r.error?.message ?? "an error reply" });
          } catch (e) {
            finish({ state: "stale", error: `a malformed reply: ${(e as Error).message}` });
          }
          // After finish: end() may run the close handler at once, which must not win.
          s.end();
        },
        close: () => finish({ state: "stale", error: "closed without a reply" }),
        error: (_s, e) => finish({ state: "stale", error: e.message }),
        connectError: (_s, e) => finish({ state: "stale", error: e.message }),
      },
    }).catch((e: Error) => finish({ state: "stale", error: e.message }));
  });
}

/** Pings a running daemon (whatever its version). */
export async function probeDaemon(timeoutMs = 2000): Promise<Probe<"ping">> {
  if (!existsSync(socketPath())) return { state: "absent" };
  return once("ping", timeoutMs);
}

/** The sessions of a running daemon of this version (another version is left alone). */
export async function probeSessions(timeoutMs = 2000): Promise<Probe<"sessions">> {
  const ping = await probeDaemon(timeoutMs);
  if (ping.state !== "live") return ping;
  if (ping.data.version !== VERSION) return { state: "stale", error: `the daemon is version ${ping.data.version}` };
  return once("sessions", timeoutMs);
}

/** A command that only reads (breakpoint list, threads, catch filters) on SESSION of a running daemon of this version. */
export async function probeSession(
  command: "breakpoint.list" | "threads" | "catch",
  session: string,
  timeoutMs = 2000,
): Promise<{ state: "absent" } | { state: "stale"; error: string } | { state: "live"; data: unknown }> {
  const ping = await probeDaemon(timeoutMs);
  if (ping.state !== "live") return ping;
  if (ping.data.version !== VERSION) return { state: "stale", error: `the daemon is version ${ping.data.version}` };
  return once(command as "sessions", timeoutMs, session);
}
