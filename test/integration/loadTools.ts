// Tools for load tests and scripts/stress.ts: a raw client of the daemon's socket (no CLI process
// per command, so the daemon is what is measured) and a process's footprint in /proc.
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import pkg from "../../package.json" with { type: "json" };
import type { CommandName, Replies } from "../../src/ipc/commands.ts";
import type { Reply } from "../../src/ipc/protocol.ts";

/** A raw client of the daemon's socket: each reply typed by the command asked. */
export interface SocketClient {
  ask<C extends CommandName>(command: C, args: Record<string, unknown>, session: string): Promise<Reply<Replies[C]>>;
  close(): void;
}

export interface DaemonFootprint {
  fds: number;
  children: number;
  rssKb: number;
}

/** Open descriptors, live children and resident memory of a process (Linux /proc). */
export function footprint(pid: number): DaemonFootprint {
  let children = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid && fields[0] !== "Z") children++;
    } catch {}
  }
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return { fds: readdirSync(`/proc/${pid}/fd`).length, children, rssKb: rss ? Number(rss[1]) : 0 };
}

/** One client on the daemon's socket: requests in sequence, each reply matched to its id. */
export async function socketClient(path: string, cwd: string): Promise<SocketClient> {
  const sock = connect(path);
  await new Promise<void>((resolve, reject) => {
    sock.once("connect", () => resolve());
    sock.once("error", reject);
  });
  let buf = "";
  let id = 0;
  const waiting = new Map<number | null, (reply: Reply<never>) => void>();
  sock.on("data", (d) => {
    buf += d.toString();
    for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
      const reply: Reply<never> = JSON.parse(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    }
  });
  return {
    ask(command, args, session) {
      const n = ++id;
      return new Promise((resolve) => {
        waiting.set(n, resolve);
        sock.write(`${JSON.stringify({ id: n, version: pkg.version, command, session, cwd, args })}\n`);
      });
    },
    close: () => sock.end(),
  };
}

/** One start (to the entry stop) and stop over a raw socket client; throws with the reply when either fails. */
export async function startStopCycle(client: Pick<SocketClient, "ask">, program: string, n: number): Promise<void> {
  const session = `cycle${n % 3}`;
  const start = await client.ask("start", { program, args: [], break: [], stopOnEntry: true }, session);
  if (!start.ok || start.data?.stop?.reason !== "entry") throw new Error(`cycle ${n}: ${JSON.stringify(start).slice(0, 300)}`);
  const stop = await client.ask("stop", {}, session);
  if (!stop.ok) throw new Error(`cycle ${n} stop: ${JSON.stringify(stop).slice(0, 300)}`);
}
