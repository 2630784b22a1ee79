// Launches made ahead: when a session's launch ends, the daemon launches the same program again
// on a fresh adapter, up to the adapter's `initialized` — where the program has run none of its own
// code (Delve: stopped at its first instruction; debugpy: held in pydevd until configurationDone)
// — and parks it. The next start whose launch is the same (the same adapter command, the launch
// arguments equal as JSON — program, arguments, working directory, the whole environment, the
// interpreter — and the same stamp: what that launch read, AdapterSpec.launchAhead) takes it and
// goes straight to its breakpoints and configurationDone. Anything else discards it and starts as
// before. What the adapter sent while parked is kept and given to the session that takes it.
//
// A launch made ahead never runs the program: discarded (another launch, expiry, the memory budget,
// the daemon's end), its processes are SIGKILLed before the adapter, so no exit handler of the
// program runs. At most one per kind, expired after LAUNCHED_EXPIRY_MS.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterProcess } from "../../../adapters/connection.ts";
import type { AdapterSpec, FoundAdapter } from "../../../adapters/types.ts";
import { redactEnv } from "../../../common/callerEnv.ts";
import { log } from "../../../common/log.ts";
import { descendants, endProcesses, withEnvironment } from "./processTree.ts";
import { spawnWithSink, type SpareSink } from "./spareSpawn.ts";

/** A spare adapter of the warm pool's (warmPool.ts Spare): spawned and initialized, its output sent where its sink says. */
interface SpareAdapter {
  proc: AdapterProcess;
  capabilities: P.Capabilities;
  sink: Launched["sink"];
}

export interface LaunchedView {
  adapter: string;
  pid?: number;
  program: string;
  ageSeconds: number;
}

interface Launched {
  kind: string;
  /** The adapter's executable, as a spare's (the daemon's state file). */
  path: string;
  /** The adapter command it was made with (WarmPool's key). */
  key: string;
  program: string;
  proc: AdapterProcess;
  capabilities: P.Capabilities;
  /** The launch arguments as canonical JSON, computed against this adapter process. */
  args: string;
  stamp: string;
  /** What the adapter sent while parked (not `initialized`), for the session. */
  events: P.Event[];
  /** The program's output on the adapter's own stdout/stderr meanwhile (Delve's). */
  output: [string, "stdout" | "stderr"][];
  /** Where the adapter's stderr and trace go: logged while parked, the session's once taken. */
  sink: SpareSink;
  /** The answer to launch (debugpy answers only after configurationDone). */
  reply: Promise<unknown>;
  failed: boolean;
  stopBuffering: () => void;
  createdAt: number;
}

/** A launch on its way: what it is, as far as it can be told before its adapter runs. */
interface Pending {
  key: string;
  /** The launch arguments against no adapter process in particular (the adapter's own parts left out). */
  args: string;
  stamp: string;
  /** Resolves once it is held (true) or given up (false). */
  ready: Promise<boolean>;
}

/** An adapter process with nothing of its own: what every launch shares, for telling two apart before either's adapter runs. */
const NO_ADAPTER = { inherited: [] as string[] } as unknown as AdapterProcess;

/** What a session needs of a launch made ahead it took. */
export interface TakenLaunch {
  proc: AdapterProcess;
  capabilities: P.Capabilities;
  reply: Promise<unknown>;
  events: P.Event[];
  output: [string, "stdout" | "stderr"][];
  sink: Launched["sink"];
}

/** What the next launch of this program is: the launch arguments against a given adapter process, and the stamp. */
export interface LaunchPlan {
  program: string;
  argsFor(proc: AdapterProcess): Record<string, unknown>;
  /** What the launch reads, as of now (undefined: it cannot be made ahead now). */
  stamp(): string | undefined;
}

const LAUNCHED_EXPIRY_MS = 5 * 60 * 1000;
/** The longest a start waits for the same launch still on its way (a launch takes ~100–400 ms). */
const PENDING_WAIT_MS = 5000;

/** JSON with object keys sorted: the same launch gives the same text whatever order the caller's variables came in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export class LaunchesAhead {
  private readonly parked = new Map<string, Launched>();
  /** Launches being made, by kind, from their start: a start of the same launch waits for one. */
  private readonly pending = new Map<string, Pending>();
  private readonly making = new Map<string, Promise<void>>();
  /** The adapter of each launch being made, once it has one: ended at once by close, and recorded. */
  private readonly inFlight = new Map<string, { proc: AdapterProcess; path: string }>();
  private closed = false;

  constructor(
    private readonly enabled: () => boolean,
    private readonly requestTimeoutMs: () => number,
    private readonly startTimeoutMs: () => number,
    private readonly onChange: () => void,
    /** Called when a launch is parked (the memory budget looks again). */
    private readonly onParked: () => void,
    private readonly initializeArguments: (adapterID: string) => P.InitializeRequestArguments,
    /** The warm pool's spares: one is taken for a launch made ahead, and made again after. */
    private readonly spares: { take(spec: AdapterSpec, found: FoundAdapter): SpareAdapter | undefined; replace(spec: AdapterSpec, found: FoundAdapter): void },
  ) {}

  /**
   * Launches `plan` ahead on the kind's spare (or a fresh adapter), replacing the one parked.
   * Resolves once it is parked or given up.
   */
  launch(spec: AdapterSpec, found: FoundAdapter, key: string, plan: LaunchPlan): Promise<void> {
    if (this.closed || !this.enabled()) return Promise.resolve();
    // One at a time per kind: a launch made while another is under way is made after it, and replaces it.
    const before = this.making.get(spec.name) ?? Promise.resolve();
    const job = before
      .then(() => this.make(spec, found, key, plan))
      .catch((e: Error) => log("info", `${spec.name}: no launch ahead of ${plan.program} (${e.message})`))
      .finally(() => {
        if (this.making.get(spec.name) === job) this.making.delete(spec.name);
      });
    this.making.set(spec.name, job);
    return job;
  }

  private async make(spec: AdapterSpec, found: FoundAdapter, key: string, plan: LaunchPlan): Promise<void> {
    if (this.closed || !this.enabled()) return;
    const held = this.parked.get(spec.name);
    if (held && !this.mismatch(held, key, plan)) return; // the same launch is already held
    const started = Date.now();
    const stamp = plan.stamp();
    if (stamp === undefined) return log("info", `${spec.name}: no launch ahead of ${plan.program} (what it reads cannot be told now)`);
    let ready: (ok: boolean) => void = () => {};
    const pending: Pending = {
      key,
      args: canonicalJson(plan.argsFor(NO_ADAPTER)),
      stamp,
      ready: new Promise<boolean>((r) => {
        ready = r;
      }),
    };
    // A start of the same launch may wait for it from here (take).
    this.pending.set(spec.name, pending);
    try {
      ready(await this.makeHeld(spec, found, key, plan, stamp, started));
    } catch (e) {
      ready(false);
      throw e;
    } finally {
      if (this.pending.get(spec.name) === pending) this.pending.delete(spec.name);
      // The spare it may have taken is made again now that the launch no longer needs the CPU.
      this.spares.replace(spec, found);
    }
  }

  /** Makes the launch and parks it; whether it was parked. */
  private async makeHeld(spec: AdapterSpec, found: FoundAdapter, key: string, plan: LaunchPlan, stamp: string, started: number): Promise<boolean> {
    const events: P.Event[] = [];
    const output: [string, "stdout" | "stderr"][] = [];
    const sink: Launched["sink"] = {
      stderr: (text) => log("debug", `${spec.name} launched ahead: adapter stderr: ${text.trimEnd()}`),
      programOutput: (text, stream) => output.push([text, stream]),
      trace: (dir, m) => log("debug", `[${spec.name} ahead] ${dir === "in" ? "<-" : "->"} ${JSON.stringify(redactEnv(m))}`),
    };
    // The kind's spare, spawned and initialized already, when there is one (the pool makes another).
    const spare = this.spares.take(spec, found);
    if (spare) {
      spare.sink.stderr = (text) => sink.stderr(text);
      spare.sink.programOutput = (text, stream) => sink.programOutput(text, stream);
      spare.sink.trace = (dir, m) => sink.trace(dir, m);
    }
    const proc = spare?.proc ?? (await spawnWithSink(spec, found, sink, this.requestTimeoutMs()));
    this.inFlight.set(spec.name, { proc, path: found.path });
    this.onChange();
    try {
      return await this.park(spec, found, key, plan, stamp, started, proc, { events, output, sink, spare });
    } finally {
      if (this.inFlight.get(spec.name)?.proc === proc) this.inFlight.delete(spec.name);
    }
  }

  private async park(
    spec: AdapterSpec,
    found: FoundAdapter,
    key: string,
    plan: LaunchPlan,
    stamp: string,
    started: number,
    proc: AdapterProcess,
    { events, output, sink, spare }: { events: P.Event[]; output: Launched["output"]; sink: SpareSink; spare: SpareAdapter | undefined },
  ): Promise<boolean> {
    const client = proc.client;
    let launched: Launched | undefined;
    try {
      const capabilities = spare?.capabilities ?? (await client.request("initialize", this.initializeArguments(spec.name), this.requestTimeoutMs())) ?? {};
      const args = plan.argsFor(proc);
      const stopBuffering = client.onAny((e) => {
        if (e.event !== "initialized") events.push(e);
      });
      const initialized = client.waitForEvent("initialized", this.startTimeoutMs());
      initialized.catch(() => {});
      const reply = client.request("launch", args as P.LaunchRequestArguments & Record<string, unknown>, 0);
      launched = {
        kind: spec.name,
        path: found.path,
        key,
        program: plan.program,
        proc,
        capabilities,
        args: canonicalJson(args),
        stamp,
        events,
        output,
        sink,
        reply,
        failed: false,
        stopBuffering,
        createdAt: Date.now(),
      };
      const mine = launched;
      reply.catch(() => {
        mine.failed = true;
      });
      await Promise.race([initialized, reply.then(() => initialized)]);
    } catch (e) {
      this.end(launched ?? { proc }, "its launch failed");
      throw e;
    }
    if (this.closed || !this.enabled()) {
      this.end(launched, "the daemon is ending");
      return false;
    }
    const old = this.parked.get(spec.name);
    if (old) this.end(old, "replaced");
    this.parked.set(spec.name, launched);
    this.onChange();
    this.onParked();
    log("info", `${spec.name} launched ${plan.program} ahead (adapter ${proc.pid}, ${Date.now() - started} ms)`);
    const mine = launched;
    void proc.exited.then(() => {
      if (this.parked.get(spec.name) !== mine) return;
      this.parked.delete(spec.name);
      this.end(mine, "its adapter exited");
      this.onChange();
    });
    setTimeout(() => {
      if (this.parked.get(spec.name) !== mine) return;
      this.drop(spec.name, "expired");
    }, LAUNCHED_EXPIRY_MS).unref?.();
    return true;
  }

  /** Whether the launch on its way is `plan`'s. */
  private samePending(p: Pending, key: string, plan: LaunchPlan): boolean {
    try {
      return p.key === key && p.args === canonicalJson(plan.argsFor(NO_ADAPTER)) && p.stamp === plan.stamp();
    } catch {
      return false;
    }
  }

  /** Why `l` is not `plan`'s launch (undefined: it is). */
  private mismatch(l: Launched, key: string, plan: LaunchPlan): string | undefined {
    let args: string;
    let stamp: string | undefined;
    try {
      args = canonicalJson(plan.argsFor(l.proc));
      stamp = plan.stamp();
    } catch {
      return "another launch"; // the start fails the same way on its own path
    }
    if (l.key !== key) return "another adapter command";
    if (l.args !== args) return `another launch: ${differsAt(JSON.parse(l.args), JSON.parse(args)) ?? "its arguments"} differs`;
    return l.stamp !== stamp ? "what the launch read changed" : undefined;
  }

  /**
   * The launch held for this kind if it is exactly `plan`'s (the same adapter command, the same
   * launch arguments against its adapter, the same stamp) and alive; it is the caller's from now
   * on. Any other held launch of the kind is discarded. One of `plan` still on its way to
   * `initialized` is waited for (at most PENDING_WAIT_MS): it is ahead of a launch made now.
   */
  async take(spec: AdapterSpec, key: string, plan: LaunchPlan): Promise<TakenLaunch | undefined> {
    const pending = this.pending.get(spec.name);
    if (pending && this.samePending(pending, key, plan)) {
      const waited = Date.now();
      const ok = await Promise.race([pending.ready, Bun.sleep(PENDING_WAIT_MS).then(() => false)]);
      log("info", `${spec.name} launch of ${plan.program} made ahead: waited ${Date.now() - waited} ms for it (${ok ? "ready" : "not ready"})`);
    }
    const l = this.parked.get(spec.name);
    if (!l) return undefined;
    const why = this.mismatch(l, key, plan) ?? (l.failed || l.proc.client.closed || l.proc.pid === undefined ? "its adapter is gone" : undefined);
    this.parked.delete(spec.name);
    this.onChange();
    if (why) {
      this.end(l, why);
      return undefined;
    }
    l.stopBuffering();
    log("info", `${spec.name} launch of ${l.program} made ahead taken (adapter ${l.proc.pid})`);
    return { proc: l.proc, capabilities: l.capabilities, reply: l.reply, events: l.events, output: l.output, sink: l.sink };
  }

  /** Discards the launch parked for this kind (the memory budget, expiry). */
  drop(kind: string, why: string): void {
    const l = this.parked.get(kind);
    if (!l) return;
    this.parked.delete(kind);
    this.end(l, why);
    this.onChange();
  }

  /** The program's processes SIGKILLed first (none of its code has run; no exit handler runs), then the adapter. */
  private end(l: Pick<Launched, "proc"> & Partial<Launched>, why: string): void {
    const { proc } = l;
    if (l.kind) log("info", `${l.kind} launch of ${l.program} made ahead discarded (${why})`);
    if (proc.pid !== undefined) endProcesses(descendants(proc.pid).filter((p) => p.pid !== proc.pid));
    if (proc.envMark) endProcesses(withEnvironment(proc.envMark).filter((p) => p.pid !== proc.pid));
    proc.kill("SIGKILL");
  }

  /** Kinds, adapter pids and when made, for the memory budget. */
  entries(): { kind: string; pid: number | undefined; createdAt: number }[] {
    return [...this.parked.values()].map((l) => ({ kind: l.kind, pid: l.proc.pid, createdAt: l.createdAt }));
  }

  records(): { pid: number; path: string }[] {
    return [...this.parked.values(), ...this.inFlight.values()].flatMap((l) => (l.proc.pid ? [{ pid: l.proc.pid, path: l.path }] : []));
  }

  list(): LaunchedView[] {
    return [...this.parked.values()].map((l) => ({
      adapter: l.kind,
      pid: l.proc.pid,
      program: l.program,
      ageSeconds: Math.round((Date.now() - l.createdAt) / 1000),
    }));
  }

  async close(): Promise<void> {
    this.closed = true;
    // A launch on its way is ended now, not waited for: an adapter left with a launch it never
    // configured does not always exit when its client goes (seen: debugpy's, held for half an hour).
    for (const [kind, { proc }] of this.inFlight) this.end({ proc }, `the daemon is ending (${kind})`);
    await Promise.allSettled([...this.making.values()]);
    for (const kind of [...this.parked.keys()]) this.drop(kind, "the daemon is ending");
  }
}

/** The first path where two JSON values differ (`env.NAME`, `args[2]`): names only, never a value (an environment holds secrets). */
export function differsAt(a: unknown, b: unknown, path = ""): string | undefined {
  if (a === b) return undefined;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const at = Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
      const d = differsAt((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at);
      if (d) return d;
    }
    return undefined;
  }
  return path || "the whole";
}
