// Load on one daemon (fake adapter): 50 clients × 100 commands on one stopped session, every
// answer checked; start/stop cycles with bounds on the daemon's descriptors, children and memory.
// Full sizes (1,000 cycles) run in `bun scripts/stress.ts cycles`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import pkg from "../../package.json" with { type: "json" };
import { Env } from "./harness.ts";

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
export async function socketClient(path: string, cwd: string): Promise<{ ask(command: string, args: Record<string, unknown>, session: string): Promise<any>; close(): void }> {
  const sock = connect(path);
  await new Promise<void>((resolve, reject) => {
    sock.once("connect", () => resolve());
    sock.once("error", reject);
  });
  let buf = "";
  let id = 0;
  const waiting = new Map<number, (reply: any) => void>();
  sock.on("data", (d) => {
    buf += d.toString();
    for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
      const reply = JSON.parse(buf.slice(0, nl));
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

const linux = process.platform === "linux" ? test : test.skip;

describe("load", () => {
  let env: Env;
  beforeAll(() => {
    env = new Env({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  });
  afterAll(async () => {
    await env.close();
  });

  linux("50 clients × 100 commands on one stopped session: all 5,000 answers right, the session still stopped there", async () => {
    await env.ok(["start", env.program(), "--break", "prog.c:4", "--session", "busy"]);
    // Each client asks a mix; each answer is checked against what the stop at line 4 must give.
    const checks: [string, Record<string, unknown>, (d: any) => boolean][] = [
      ["print", { expressions: ["line", "1+2"] }, (d) => d.results[0].result === "4" && d.results[1].result === "3"],
      ["backtrace", {}, (d) => d.frames.length === 1 && d.frames[0].line === 4 && d.frames[0].function === "main"],
      ["locals", {}, (d) => d.variables.find((v: any) => v.name === "line")?.value === "4"],
      ["status", {}, (d) => d.state === "stopped" && d.stop.frame.line === 4],
      ["threads", {}, (d) => d.threads.length === 1 && d.threads[0].id === 7],
    ];
    const wrong: string[] = [];
    let answered = 0;
    await Promise.all(
      Array.from({ length: 50 }, async (_, c) => {
        const client = await socketClient(env.socket, env.dir);
        for (let i = 0; i < 100; i++) {
          const [command, args, ok] = checks[(c + i) % checks.length]!;
          const reply = await client.ask(command, args, "busy");
          answered++;
          if (!reply.ok || !ok(reply.data)) wrong.push(`client ${c} #${i} ${command}: ${JSON.stringify(reply).slice(0, 300)}`);
        }
        client.close();
      }),
    );
    expect(wrong).toEqual([]);
    expect(answered).toBe(5000);
    expect((await env.ok(["status", "--session", "busy"])).stop.frame.line).toBe(4);
    expect((await env.ok(["next", "--session", "busy"])).stop.frame.line).toBe(5);
    await env.ok(["stop", "--session", "busy"]);
  }, 90_000);

  linux("100 start/stop cycles: the daemon's descriptors and children return to where they were, memory stays bounded", async () => {
    const program = env.program();
    const client = await socketClient(env.socket, env.dir);
    const cycle = async (n: number) => {
      const start = await client.ask("start", { program, args: [], break: [], stopOnEntry: true }, `cycle${n % 3}`);
      if (!start.ok || start.data.stop?.reason !== "entry") throw new Error(`cycle ${n}: ${JSON.stringify(start).slice(0, 300)}`);
      const stop = await client.ask("stop", {}, `cycle${n % 3}`);
      if (!stop.ok) throw new Error(`cycle ${n} stop: ${JSON.stringify(stop).slice(0, 300)}`);
    };
    const pid = (await env.ok(["daemon", "status"])).pid;
    // Warm-up: the first cycles load code and grow pools once.
    for (let n = 0; n < 10; n++) await cycle(n);
    const before = footprint(pid);
    for (let n = 10; n < 110; n++) await cycle(n);
    client.close();
    // Adapters exit after stop; their process objects go a moment later.
    let after = footprint(pid);
    for (let i = 0; i < 50 && (after.children > before.children || after.fds > before.fds); i++) {
      await Bun.sleep(100);
      after = footprint(pid);
    }
    expect(after.children).toBeLessThanOrEqual(before.children);
    expect(after.fds).toBeLessThanOrEqual(before.fds + 2);
    expect(after.rssKb - before.rssKb).toBeLessThan(64 * 1024);
    console.log(`100 cycles: daemon before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
  }, 120_000);
});
