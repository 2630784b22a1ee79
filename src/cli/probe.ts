// Asks a running daemon something without starting one or replacing it (doctor, completion).
// `ping` is answered whatever the version; anything else is sent only to a daemon of this version,
// because a request of another version makes the daemon leave for a new one.
import { existsSync } from "node:fs";
import { socketPath } from "../common/paths.ts";
import { VERSION } from "../common/version.ts";

export type Probe = { state: "absent" } | { state: "stale"; error: string } | { state: "live"; data: any };

function once(command: string, timeoutMs: number): Promise<Probe> {
  return new Promise((resolve) => {
    let buf = "";
    let done = false;
    const finish = (p: Probe) => {
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
          s.write(JSON.stringify({ id: 1, version: VERSION, command, session: "default", cwd: process.cwd(), args: {} }) + "\n");
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

export async function probeDaemon(command: "ping" | "sessions" = "ping", timeoutMs = 2000): Promise<Probe> {
  if (!existsSync(socketPath())) return { state: "absent" };
  const ping = await once("ping", timeoutMs);
  if (command === "ping" || ping.state !== "live" || ping.data?.version !== VERSION) return ping;
  return once(command, timeoutMs);
}
