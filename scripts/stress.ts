// Reliability checks at full size (the test suite runs them smaller). Prints one line per check
// and exits 1 if any fails. Results are recorded in RELIABILITY.md.
//
//   bun scripts/stress.ts            everything
//   bun scripts/stress.ts fuzz       DAP decoder, DAP client and IPC decoder: 10 seeds × 100,000 inputs each
//   bun scripts/stress.ts flood      lldb-dap: 100 MB to stdout and 100 MB to stderr, then a breakpoint;
//                                    must take < 3× the program alone writing to a terminal
//   FLOOD_MB=20 bun scripts/stress.ts flood   a smaller flood
//   bun scripts/stress.ts cycles     fake adapter: 1,000 start/stop cycles; the daemon's descriptors,
//                                    children and RSS must come back (CYCLES=N for another count)
//   bun scripts/stress.ts clients    fake adapter: 50 clients × 1,000 commands on one stopped session,
//                                    every answer checked (COMMANDS=N per client)
import { buildFixtures, markerLine } from "./build-fixtures.ts";
import { FakeAdapterEnv } from "../test/harness/index.ts";
import { footprint, socketClient, startStopCycle } from "../test/integration/loadTools.ts";
import type { CommandName } from "../src/ipc/commands.ts";
import { fuzzDapClient, fuzzDapDecoder, fuzzIpc, type FuzzResult } from "../test/fuzz/targets.ts";

const which = process.argv[2] ?? "all";
let failed = false;

function report(name: string, ok: boolean, detail: string): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
  if (!ok) failed = true;
}

async function fuzz(): Promise<void> {
  const targets: [string, (seed: number, n: number) => FuzzResult, number][] = [
    ["DAP decoder", fuzzDapDecoder, 100_000],
    ["DAP client dispatch", fuzzDapClient, 100_000],
    ["IPC line decoder + validation", fuzzIpc, 100_000],
  ];
  for (const [name, run, cases] of targets) {
    const started = performance.now();
    const total = { cases: 0, refused: 0, decoded: 0, maxHeld: 0 };
    Bun.gc(true);
    const heapBefore = process.memoryUsage().heapUsed;
    try {
      for (let seed = 100; seed < 110; seed++) {
        const r = run(seed, cases);
        total.cases += r.cases;
        total.refused += r.refused;
        total.decoded += r.decoded;
        total.maxHeld = Math.max(total.maxHeld, r.maxHeld);
      }
      // Rejected requests settle on the next turn: let them, then measure what is still held.
      await Bun.sleep(0);
      Bun.gc(true);
      const heapGrowth = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
      report(
        `fuzz ${name}`,
        true,
        `${total.cases} inputs (seeds 100-109), ${total.refused} refused with the decoder's own error, ${total.decoded} decoded, ` +
          `max held ${total.maxHeld} bytes, heap after GC +${heapGrowth.toFixed(1)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (e) {
      report(`fuzz ${name}`, false, (e as Error).message);
    }
  }
}

async function timed(argv: string[], env: Record<string, string>): Promise<{ ms: number; stdout: string; code: number }> {
  const started = performance.now();
  const proc = Bun.spawn(argv, { env, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [stdout, , code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).arrayBuffer(), proc.exited]);
  return { ms: performance.now() - started, stdout, code };
}

/** The program alone, its stdio on a pty that is read as fast as it comes (as under a terminal). */
async function baselineOnPty(program: string, bytes: number): Promise<number> {
  let received = 0;
  const terminal = new Bun.Terminal({ data: (_t, d) => void (received += d.length) });
  const started = performance.now();
  const proc = Bun.spawn([program, String(bytes)], { terminal });
  await proc.exited;
  const ms = performance.now() - started;
  terminal.close();
  void received;
  return ms;
}

async function flood(): Promise<void> {
  const mb = Number(process.env.FLOOD_MB ?? 100);
  const bytes = mb * 1_000_000;
  const program = (await buildFixtures())["c-flood"]!;
  const line = markerLine("c/flood.c", "after_flood");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "dbg-stress-"));
  const env = {
    ...(process.env as Record<string, string>),
    DEBUGGER_RUNTIME_DIR: join(dir, "rt"),
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
    DEBUGGER_SESSION: "",
  };
  const bin = join(import.meta.dir, "..", "dist", "debugger");
  try {
    const alone = await baselineOnPty(program, bytes);
    const pipe = await timed([program, String(bytes)], env);
    await timed([bin, "daemon", "status", "--json"], env); // the daemon's start-up is not the flood's
    const run = await timed([bin, "start", program, "--break", `flood.c:${line}`, "--timeout", "900", "--json", "--", String(bytes)], env);
    const reply = JSON.parse(run.stdout);
    const out = JSON.parse((await timed([bin, "output", "--stdout", "--json"], env)).stdout).data;
    const reached = reply.ok && reply.data.stop?.reason === "breakpoint" && reply.data.stop?.frame?.line === line;
    const ratio = run.ms / alone;
    report(
      `flood lldb-dap ${mb} MB stdout + ${mb} MB stderr`,
      reached && ratio < 3,
      `breakpoint ${reached ? "reached" : `NOT reached (${run.stdout.slice(0, 300)})`} in ${(run.ms / 1000).toFixed(2)} s; ` +
        `the program alone on a pty ${(alone / 1000).toFixed(2)} s (to pipes: ${(pipe.ms / 1000).toFixed(2)} s); ratio ${ratio.toFixed(2)} (limit 3); ` +
        `buffer keeps ${out.text.length} bytes, ${out.dropped} chunks dropped and counted`,
    );
    await timed([bin, "daemon", "stop"], env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function cycles(): Promise<void> {
  const count = Number(process.env.CYCLES ?? 1000);
  const env = new FakeAdapterEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  try {
    const program = env.program();
    const pid = (await env.ok(["daemon", "status"])).pid as number;
    const client = await socketClient(env.socket, env.dir);
    const cycle = (n: number) => startStopCycle(client, program, n);
    for (let n = 0; n < 10; n++) await cycle(n);
    const before = footprint(pid);
    const started = performance.now();
    let peakRss = before.rssKb;
    for (let n = 10; n < count + 10; n++) {
      await cycle(n);
      if (n % 100 === 0) peakRss = Math.max(peakRss, footprint(pid).rssKb);
    }
    const seconds = (performance.now() - started) / 1000;
    client.close();
    let after = footprint(pid);
    for (let i = 0; i < 50 && (after.children > before.children || after.fds > before.fds); i++) {
      await Bun.sleep(100);
      after = footprint(pid);
    }
    const ok = after.children <= before.children && after.fds <= before.fds + 2 && after.rssKb - before.rssKb < 64 * 1024;
    report(
      `cycles fake adapter ${count} start/stop`,
      ok,
      `${seconds.toFixed(1)} s; daemon fds ${before.fds} → ${after.fds}, children ${before.children} → ${after.children}, RSS ${before.rssKb} → ${after.rssKb} kB (peak ${peakRss} kB; limit +64 MB)`,
    );
  } catch (e) {
    report(`cycles fake adapter ${count} start/stop`, false, (e as Error).message);
  } finally {
    await env.close();
  }
}

async function clients(): Promise<void> {
  const perClient = Number(process.env.COMMANDS ?? 1000);
  const env = new FakeAdapterEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  try {
    await env.ok(["start", env.program(), "--break", "prog.c:4", "--session", "busy"]);
    const checks: [CommandName, Record<string, unknown>, (d: any) => boolean][] = [
      ["print", { expressions: ["line", "1+2"] }, (d) => d.results[0].result === "4" && d.results[1].result === "3"],
      ["backtrace", {}, (d) => d.frames.length === 1 && d.frames[0].line === 4],
      ["locals", {}, (d) => d.variables.find((v: any) => v.name === "line")?.value === "4"],
      ["status", {}, (d) => d.state === "stopped" && d.stop.frame.line === 4],
    ];
    let wrong = 0;
    let answered = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async (_, c) => {
        const client = await socketClient(env.socket, env.dir);
        for (let i = 0; i < perClient; i++) {
          const [command, args, ok] = checks[(c + i) % checks.length]!;
          const reply = await client.ask(command, args, "busy");
          answered++;
          if (!reply.ok || !ok(reply.data)) wrong++;
        }
        client.close();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    report(
      `clients 50 × ${perClient} commands, one stopped session`,
      wrong === 0 && answered === 50 * perClient,
      `${answered} answered, ${wrong} wrong, ${seconds.toFixed(1)} s (${Math.round(answered / seconds)} commands/s)`,
    );
  } catch (e) {
    report(`clients 50 × ${perClient}`, false, (e as Error).message);
  } finally {
    await env.close();
  }
}

if (which === "all" || which === "fuzz") await fuzz();
if (which === "all" || which === "flood") await flood();
if (which === "all" || which === "cycles") await cycles();
if (which === "all" || which === "clients") await clients();
process.exit(failed ? 1 : 0);
