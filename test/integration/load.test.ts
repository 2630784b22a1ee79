// Load on one daemon (fake adapter): 50 clients × 100 commands on one stopped session, every
// answer checked; start/stop cycles with bounds on the daemon's descriptors, children and memory.
// Full sizes (1,000 cycles) run in `bun scripts/stress.ts cycles`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Env } from "./harness.ts";
import { footprint, socketClient, startStopCycle } from "./loadTools.ts";
import type { CommandName } from "../../src/ipc/commands.ts";

const linux = process.platform === "linux" ? test : test.skip;

describe("load", () => {
  let env: Env;
  beforeAll(() => {
    env = new Env({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  });
  afterAll(async () => {
    await env.close();
  });

  linux(
    "50 clients × 100 commands on one stopped session: all 5,000 answers right, the session still stopped there",
    async () => {
      await env.ok(["start", env.program(), "--break", "prog.c:4", "--session", "busy"]);
      // Each client asks a mix; each answer is checked against what the stop at line 4 must give.
      const checks: [CommandName, Record<string, unknown>, (d: any) => boolean][] = [
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
    },
    90_000,
  );

  linux(
    "100 start/stop cycles: the daemon's descriptors and children return to where they were, memory stays bounded",
    async () => {
      const program = env.program();
      const client = await socketClient(env.socket, env.dir);
      const cycle = (n: number) => startStopCycle(client, program, n);
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
    },
    120_000,
  );
});
