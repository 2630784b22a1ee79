// Warm adapters: spawning an adapter and answering `initialize` is a third of the time to the
// first stop (lldb-dap: 200–240 ms of ~600). After a session of a kind starts, the daemon keeps
// one spare of that kind spawned and initialized; the next start of that kind takes it and goes
// straight to launch, and a fresh spare is made in the background. At most one spare per kind,
// expired after an idle time, never reused across sessions, killed with the daemon. Adapters the
// daemon spawns (stdio, or a listening Delve) are kept warm; a start whose adapter must begin in a
// given directory (Delve building a test package itself: spawnCwd) does not take a spare.
//
// Memory: the daemon and its spares stay within a budget (RSS, [daemon] warm_memory_mb, 250 MB)
// where they can without costing a start: over it, the spares of kinds not used for a minute are
// dropped, least recently used first; the kind used last, and any used within the minute, keep
// theirs whatever the total (four kinds at once hold ~290 MB, mostly lldb-dap's LLVM libraries and gdb started
// ahead), and the check runs again when that minute is over. Dropping the least recently used
// kind at once would make kinds used in turn take each other's spares and none start warm.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterProcess } from "../../../adapters/connection.ts";
import type { AdapterSpec, FoundAdapter } from "../../../adapters/types.ts";
import { readdirSync, readFileSync } from "node:fs";
import { log } from "../../../common/log.ts";
import { DapRequestError } from "../../../dap/client.ts";
import { LaunchesAhead } from "./launchAhead.ts";
import { spawnWithSink, type SpareSink } from "./spareSpawn.ts";

export type { SpareSink } from "./spareSpawn.ts";

export interface Spare {
  kind: string;
  /** The adapter's executable, so a later daemon can tell the pid is still this spare. */
  path: string;
  key: string;
  proc: AdapterProcess;
  capabilities: P.Capabilities;
  /** Redirects the spare's stderr and DAP trace to its session. */
  sink: SpareSink;
  createdAt: number;
}

export interface SpareView {
  adapter: string;
  pid?: number;
  ageSeconds: number;
}

const IDLE_EXPIRY_MS = 10 * 60 * 1000;
/** A kind used this recently keeps its spare over the memory budget. */
const IN_USE_MS = 60 * 1000;

/** The `initialize` arguments every session sends (a spare must have been initialized the same way). */
export function initializeArguments(adapterID: string): P.InitializeRequestArguments {
  return {
    clientID: "debugger-cli",
    clientName: "debugger",
    adapterID,
    locale: "en-US",
    linesStartAt1: true,
    columnsStartAt1: true,
    pathFormat: "path",
    supportsVariableType: true,
    supportsVariablePaging: false,
    supportsRunInTerminalRequest: true,
    supportsMemoryReferences: true,
    supportsProgressReporting: false,
    supportsInvalidatedEvent: false,
  };
}

export function keyOf(spec: AdapterSpec, found: FoundAdapter): string {
  return JSON.stringify([spec.name, found.command, found.env ?? {}]);
}

/**
 * Any answer proves the adapter reads and answers. Not a request the adapter does not know:
 * lldb-dap 19 aborts on one ("terminate called without an active exception"). Before a launch
 * lldb-dap, debugpy and cdt-gdb-adapter answer `threads` with success:false at once (tried on each).
 */
const LIVENESS_PROBE = "threads";
/** Generous: a loaded machine answers in milliseconds; a fresh adapter costs far more than this wait. */
const SPARE_PROBE_MS = 2000;

export class WarmPool {
  private readonly spares = new Map<string, Spare>();
  private readonly making = new Map<string, Promise<void>>();
  /** When a session of each kind last started (took a spare or asked for one). */
  private readonly lastUsed = new Map<string, number>();
  private budgetTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Launches made ahead (launchAhead.ts): counted in the same memory budget as the spares. */
  readonly ahead: LaunchesAhead;

  constructor(
    private readonly enabled: () => boolean,
    private readonly requestTimeoutMs: () => number,
    /** Called when the set of spares changes (the daemon records their pids). */
    private readonly onChange: () => void = () => {},
    /** MB of RSS the daemon and its spares may hold (0: no limit), and how long a used kind is in use. */
    private readonly memory: { budgetMb: () => number; inUseMs?: number } = { budgetMb: () => 0 },
    /** Whether programs are launched ahead, and how long a launch may take to reach `initialized`. */
    ahead: { enabled: () => boolean; startTimeoutMs: () => number } = { enabled: () => false, startTimeoutMs: () => 10_000 },
  ) {
    this.ahead = new LaunchesAhead(
      () => this.enabled() && ahead.enabled(),
      requestTimeoutMs,
      ahead.startTimeoutMs,
      () => this.onChange(),
      () => this.keepWithinBudget(),
      initializeArguments,
      { take: (spec, found) => this.take(spec, found), replace: (spec, found) => this.prepare(spec, found) },
    );
  }

  /** Whether this adapter can be kept warm at all. */
  static warmable(spec: AdapterSpec): boolean {
    return spec.transport.kind === "stdio" || spec.transport.kind === "tcp-listen";
  }

  /** A live spare made with exactly this command, if there is one; it is the caller's from now on. */
  take(spec: AdapterSpec, found: FoundAdapter): Spare | undefined {
    const spare = this.spares.get(spec.name);
    if (!spare) return undefined;
    this.spares.delete(spec.name);
    const why =
      spare.key !== keyOf(spec, found)
        ? "another command"
        : spare.proc.client.closed || spare.proc.pid === undefined || !alive(spare.proc.pid)
          ? "its adapter is gone"
          : frozen(spare.proc.pid);
    if (why) {
      // Another interpreter, or its adapter died or was stopped while waiting: never handed out;
      // the session starts a fresh adapter instead.
      log("info", `warm ${spec.name} spare ${spare.proc.pid} discarded (${why})`);
      this.discard(spare);
      return undefined;
    }
    log("info", `warm ${spec.name} spare ${spare.proc.pid} taken`);
    this.lastUsed.set(spec.name, Date.now());
    this.onChange();
    return spare;
  }

  /**
   * `take`, then one `threads` request, which every adapter answers at once before a launch (with
   * an error: no program yet): a spare that is running but hung (deadlocked, spinning) would
   * otherwise take the whole start-up timeout to say nothing. One that does not answer within
   * SPARE_PROBE_MS is discarded and the start makes a fresh adapter; nothing has been launched on
   * it yet, so nothing is lost.
   */
  async takeAnswering(spec: AdapterSpec, found: FoundAdapter): Promise<Spare | undefined> {
    const spare = this.take(spec, found);
    if (!spare) return undefined;
    try {
      await spare.proc.client.requestRaw(LIVENESS_PROBE, undefined, SPARE_PROBE_MS);
    } catch (e) {
      if (!(e instanceof DapRequestError)) {
        log("info", `warm ${spec.name} spare ${spare.proc.pid} discarded (${(e as Error).message})`);
        this.discard(spare);
        return undefined;
      }
    }
    return spare;
  }

  /** Makes a spare of this kind in the background, replacing one of another command. */
  prepare(spec: AdapterSpec, found: FoundAdapter): void {
    if (this.closed || !WarmPool.warmable(spec)) return;
    this.lastUsed.set(spec.name, Date.now());
    if (!this.enabled()) {
      // Said, so that "no spare was made" is something a reader (or a test) can see happen.
      log("info", `warm ${spec.name}: no spare (warm adapters are off)`);
      return;
    }
    const key = keyOf(spec, found);
    const existing = this.spares.get(spec.name);
    if (existing?.key === key && !existing.proc.client.closed) return;
    if (this.making.has(spec.name)) return;
    const job = this.make(spec, found, key)
      .catch((e: Error) => log("warn", `warm ${spec.name} spare could not be made: ${e.message}`))
      .finally(() => this.making.delete(spec.name));
    this.making.set(spec.name, job);
  }

  private async make(spec: AdapterSpec, found: FoundAdapter, key: string): Promise<void> {
    const sink: SpareSink = { stderr: () => {}, programOutput: () => {}, trace: () => {} };
    const proc = await spawnWithSink(spec, found, sink, this.requestTimeoutMs());
    let capabilities: P.Capabilities;
    try {
      capabilities = (await proc.client.request("initialize", initializeArguments(spec.name), this.requestTimeoutMs())) ?? {};
    } catch (e) {
      proc.kill("SIGKILL");
      throw e;
    }
    if (this.closed) return proc.kill("SIGKILL");
    const old = this.spares.get(spec.name);
    if (old) this.discard(old);
    const spare: Spare = { kind: spec.name, path: found.path, key, proc, capabilities, sink, createdAt: Date.now() };
    this.spares.set(spec.name, spare);
    this.onChange();
    log("info", `warm ${spec.name} spare ${proc.pid} ready`);
    this.keepWithinBudget();
    // A spare whose adapter dies is dropped (the next start makes its own); an idle one expires.
    void proc.exited.then(() => {
      if (this.spares.get(spec.name) !== spare) return;
      this.spares.delete(spec.name);
      this.onChange();
    });
    const timer = setTimeout(() => {
      if (this.spares.get(spec.name) !== spare) return;
      this.spares.delete(spec.name);
      this.discard(spare);
      this.onChange();
      log("info", `warm ${spec.name} spare ${proc.pid} expired`);
    }, IDLE_EXPIRY_MS);
    timer.unref?.();
  }

  /**
   * Drops the spares of kinds out of use (IN_USE_MS), least recently used first, while the daemon
   * and its spares hold more than the budget; checks again when the next kind in use falls out of use.
   */
  keepWithinBudget(): void {
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.budgetTimer = undefined;
    const budgetKb = this.memory.budgetMb() * 1024;
    // What the budget can drop: the spares, and the launches made ahead (a program held before its
    // first line, with its adapter): of a kind out of use, the launch goes first.
    const held = [
      ...[...this.spares.values()].map((s) => ({
        kind: s.kind,
        pid: s.proc.pid,
        createdAt: s.createdAt,
        what: `spare ${s.proc.pid}`,
        spare: true,
        drop: () => {
          this.spares.delete(s.kind);
          this.discard(s);
          this.onChange();
        },
      })),
      ...this.ahead.entries().map((l) => ({ ...l, what: `launch made ahead (adapter ${l.pid})`, spare: false, drop: () => this.ahead.drop(l.kind, "memory") })),
    ];
    if (this.closed || budgetKb <= 0 || held.length === 0) return;
    const own = rssKb(process.pid);
    if (own === undefined) return; // no /proc: memory cannot be told
    const kb = new Map(held.map((h) => [h, h.pid ? treeRssKb(h.pid) : 0]));
    let total = own + [...kb.values()].reduce((a, b) => a + b, 0);
    if (total <= budgetKb) return;
    const inUseMs = this.memory.inUseMs ?? IN_USE_MS;
    const now = Date.now();
    const used = (h: (typeof held)[number]) => this.lastUsed.get(h.kind) ?? h.createdAt;
    const lastKind = held.reduce((a, b) => (used(b) > used(a) ? b : a)).kind;
    // The kind used last keeps its spare and launch whatever the budget: it limits how many kinds are warm.
    const order = held.filter((h) => h.kind !== lastKind).sort((a, b) => used(a) - used(b) || Number(a.spare) - Number(b.spare));
    for (const h of order) {
      if (total <= budgetKb) break;
      if (now - used(h) < inUseMs) {
        // In use: kept for now; looked at again once it is not.
        this.budgetTimer = setTimeout(() => this.keepWithinBudget(), used(h) + inUseMs - now + 100);
        this.budgetTimer.unref?.();
        break;
      }
      h.drop();
      log(
        "info",
        `warm ${h.kind} ${h.what} dropped (memory: the daemon and its spares held ${mb(total)} MB, over the ${mb(budgetKb)} MB budget; ${h.kind} unused for ${Math.round((now - used(h)) / 1000)} s)`,
      );
      total -= kb.get(h)!;
    }
  }

  private discard(spare: Spare): void {
    spare.proc.closeInput();
    setTimeout(() => spare.proc.kill("SIGKILL"), 500).unref?.();
  }

  /** Pids and executables, for the daemon's state file. */
  records(): { pid: number; path: string }[] {
    return [...this.spares.values()].flatMap((s) => (s.proc.pid ? [{ pid: s.proc.pid, path: s.path }] : [])).concat(this.ahead.records());
  }

  list(): SpareView[] {
    return [...this.spares.values()].map((s) => ({ adapter: s.kind, pid: s.proc.pid, ageSeconds: Math.round((Date.now() - s.createdAt) / 1000) }));
  }

  /** Daemon shut-down: no spare outlives it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    await Promise.allSettled([...this.making.values(), this.ahead.close()]);
    for (const s of this.spares.values()) s.proc.kill("SIGKILL");
    this.spares.clear();
  }
}

const mb = (kb: number) => Math.round(kb / 1024);

/** Resident KiB of a process (Linux /proc), or undefined where it cannot be told. */
function rssKb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb);
  } catch {
    return undefined;
  }
}

/**
 * Resident KiB of a process and its descendants (a spare's node holds gdb started ahead; a launch
 * made ahead, debugpy's launcher and the program). A child is listed under the thread that made it:
 * every thread's list is read (debugpy's adapter starts its launcher from another thread).
 */
function treeRssKb(pid: number, depth = 0): number {
  let kb = rssKb(pid) ?? 0;
  if (depth > 4) return kb;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean))
        kb += treeRssKb(Number(child), depth + 1);
  } catch {
    // no children file (kernel without CONFIG_PROC_CHILDREN), or gone meanwhile: what was read
  }
  return kb;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Why a live spare cannot answer, or undefined: stopped by a signal (SIGSTOP, a tracer) or a
 * zombie. A stopped adapter would take the whole start-up timeout to say nothing.
 */
export function frozen(pid: number, statText?: string): string | undefined {
  let text = statText;
  try {
    text ??= readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // no /proc: cannot tell, hand it out
  }
  const state = text.slice(text.lastIndexOf(")") + 2, text.lastIndexOf(")") + 3);
  if (state === "T") return "its adapter is stopped (SIGSTOP)";
  if (state === "t") return "its adapter is stopped by a tracer";
  if (state === "Z" || state === "X") return "its adapter is gone";
  return undefined;
}
