// The daemon's breakpoints. The adapter's view is derived from this registry: DAP replaces the
// whole set per source file (and the whole function set), so every change re-sends the complete
// list for that file and adding one never drops another. Pure: no I/O.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { Location } from "../../../common/location.ts";
import { sourceMatchScore, type PathFacts } from "../../../common/sourcePaths.ts";

export interface BreakpointOptions {
  condition?: string;
  hitCondition?: string;
  logMessage?: string;
  temporary?: boolean;
  /** Expressions shown at this breakpoint's stops only (`LOC print EXPR, …`), beside a command's `--print`. */
  prints?: string[];
  /** Set by the daemon itself, never shown or removed by the user: the stop reason it stands for ("panic"). */
  internal?: string;
}

export interface Breakpoint extends BreakpointOptions {
  id: number;
  /** The location as the user asked for it. */
  location: string;
  kind: "line" | "function" | "address" | "data";
  file?: string;
  line?: number;
  column?: number;
  function?: string;
  address?: string;
  /** Watchpoints: the expression, the adapter's data id and what access stops. */
  expression?: string;
  dataId?: string;
  accessType?: "read" | "write" | "readWrite";
  /** The adapter's words for what is watched ("4 bytes at 0x7ffe… total"). */
  description?: string;
  /** A watchpoint's value when last seen, so its stop can say old → new. */
  lastValue?: string;
  /** What to evaluate for a watchpoint's value when it is watched by location (gdb: `$debugger_watch3[0]`). */
  readAs?: string;
  enabled: boolean;
  verified: boolean;
  message?: string;
  /** Where the adapter actually put it. */
  resolvedFile?: string;
  resolvedLine?: number;
  /** The code address of its (first) location, where the adapter says it (lldb-dap's `instructionReference`). */
  codeAddress?: string;
  adapterId?: number;
  hits: number;
  /** The daemon checks the condition itself for the first hits, to say why it never stopped. */
  probe?: ProbeState;
}

// The condition probe's state on a breakpoint (conditionProbe.ts checks conditions at stops; the
// registry starts a probe and sends the adapter no condition while it runs).
export interface ConditionFalse {
  /** Hits where the daemon found the condition false. */
  hits: number;
  /** The daemon stopped counting (budget spent): the adapter checked the later hits. */
  more?: boolean;
  /** The operands' values at the last false hit. */
  last?: { expression: string; value?: string; error?: string }[];
  /** The adapter checked the condition from the start (the daemon could not read its value). */
  byAdapter?: boolean;
}

export interface ProbeState extends ConditionFalse {
  /** The daemon checks the condition (the adapter has the breakpoint without it). */
  active: boolean;
  spentMs: number;
  /** Handed to the adapter for good (budget spent), not just for a step. */
  done?: boolean;
  /** The condition as the adapter's evaluator reads it (AdapterSpec.translateExpression), found at a hit. */
  translated?: string;
  /** The condition reads what only the daemon can (a Rust enum's variant under LLDB): it stays the daemon's to check. */
  daemonOnly?: boolean;
  /** When the budget was spent (Date.now()): the adapter checks every pass from then on. */
  handedAt?: number;
  /** The debugger's error (one line) the first time the condition could not be evaluated: it then stops at every pass. */
  error?: string;
  /** When that error was first seen (Date.now()): the command that saw it says it. */
  errorAt?: number;
  /** The source was read for `notYet` (once: the line is the same at every hit). */
  sourceRead?: boolean;
  /** Names the condition reads that are declared on the breakpoint's line or below it, in its function. */
  notYet?: { name: string; line: number }[];
}

/** Breakpoints whose condition the daemon can check: a plain condition on a line or function breakpoint. */
export function probeable(bp: Breakpoint): boolean {
  return !!bp.condition && !bp.hitCondition && !bp.logMessage && !bp.internal && (bp.kind === "line" || bp.kind === "function");
}

/** The condition sent to the adapter: none while the daemon checks it. */
export function adapterCondition(bp: Breakpoint & { probe?: ProbeState }): string | undefined {
  return bp.probe?.active ? undefined : (bp.probe?.translated ?? bp.condition);
}

/** A new breakpoint with a condition the daemon can check starts with the daemon checking it. */
export function startProbe(bp: Breakpoint): void {
  if (probeable(bp)) bp.probe = { active: true, hits: 0, spentMs: 0 };
}

/** The three DAP sets a breakpoint can belong to. */
export type SetKey = { kind: "source"; file: string } | { kind: "function" } | { kind: "address" } | { kind: "data" };

export class BreakpointRegistry {
  private nextId = 1;
  private readonly items = new Map<number, Breakpoint>();

  add(location: string, loc: Location, opts: BreakpointOptions = {}): Breakpoint {
    const bp: Breakpoint = { id: this.nextId++, location, kind: loc.kind, enabled: true, verified: false, hits: 0 };
    if (loc.kind === "line") Object.assign(bp, { file: loc.file, line: loc.line, column: loc.column });
    else if (loc.kind === "function") bp.function = loc.name;
    else bp.address = loc.address;
    for (const [k, v] of Object.entries(opts)) if (v !== undefined && v !== "") (bp as unknown as Record<string, unknown>)[k] = v;
    startProbe(bp);
    this.items.set(bp.id, bp);
    return bp;
  }

  /** A watchpoint: the adapter's `dataBreakpointInfo` gave its data id. */
  addData(
    expression: string,
    dataId: string,
    accessType: "read" | "write" | "readWrite",
    description: string | undefined,
    opts: BreakpointOptions = {},
  ): Breakpoint {
    const bp: Breakpoint = {
      id: this.nextId++,
      location: expression,
      kind: "data",
      expression,
      dataId,
      accessType,
      description,
      enabled: true,
      verified: false,
      hits: 0,
    };
    for (const [k, v] of Object.entries(opts)) if (v !== undefined && v !== "") (bp as unknown as Record<string, unknown>)[k] = v;
    this.items.set(bp.id, bp);
    return bp;
  }

  /** A number for the next watchpoint's own names (the gdb convenience variable holding its address). */
  nextWatchSlot(): number {
    return this.nextId;
  }

  get(id: number): Breakpoint | undefined {
    return this.items.get(id);
  }

  remove(id: number): Breakpoint | undefined {
    const bp = this.items.get(id);
    this.items.delete(id);
    if (bp) this.taken(bp);
    return bp;
  }

  /**
   * The adapter's ids of code breakpoints the session took away (removed, disabled): a stop the
   * adapter tells as a hit of one of them after that is a late one (LLDB: its removal raced a
   * thread at the breakpoint). Adapters number breakpoints up, never again; a new program (restart)
   * numbers anew, so resetHits forgets them.
   */
  private readonly gone = new Set<number>();
  /** Their code addresses, where the adapter said them (a trap told as a bare signal there is a late one too). */
  private readonly goneAddresses = new Set<string>();

  private taken(bp: Breakpoint): void {
    if (bp.kind === "data") return;
    if (bp.adapterId !== undefined) this.gone.add(bp.adapterId);
    if (bp.codeAddress) this.goneAddresses.add(addressKey(bp.codeAddress));
  }

  /** Whether ADDRESS was a location of a code breakpoint the session took away, and is none of a breakpoint it has now. */
  wasAt(address: string): boolean {
    const key = addressKey(address);
    return this.goneAddresses.has(key) && !this.list().some((b) => b.kind !== "data" && b.codeAddress && addressKey(b.codeAddress) === key);
  }

  /** Whether a stop names only breakpoints the session took away, none of its own now (AdapterIds from a `stopped` event). */
  namesOnlyGone(adapterIds: readonly number[] | undefined): boolean {
    const named = adapterIds ?? [];
    return named.length > 0 && named.every((aid) => this.gone.has(aid) && !this.list().some((b) => b.adapterId === aid && b.kind !== "data"));
  }

  list(): Breakpoint[] {
    return [...this.items.values()];
  }

  keyOf(bp: Breakpoint): SetKey {
    if (bp.kind === "line") return { kind: "source", file: bp.file! };
    return { kind: bp.kind };
  }

  /** Every set that has (or had) members; re-sending all of them rebuilds the adapter's view. */
  allKeys(): SetKey[] {
    const files = new Set<string>();
    const keys: SetKey[] = [];
    for (const bp of this.items.values()) if (bp.kind === "line") files.add(bp.file!);
    for (const file of files) keys.push({ kind: "source", file });
    if (this.list().some((b) => b.kind === "function")) keys.push({ kind: "function" });
    if (this.list().some((b) => b.kind === "address")) keys.push({ kind: "address" });
    if (this.list().some((b) => b.kind === "data")) keys.push({ kind: "data" });
    return keys;
  }

  /** Enabled members of a set, in a stable order (the order DAP answers in). */
  members(key: SetKey): Breakpoint[] {
    return this.list().filter((b) => {
      if (!b.enabled) return false;
      if (key.kind === "source") return b.kind === "line" && b.file === key.file;
      return b.kind === key.kind;
    });
  }

  sourceBreakpoints(file: string): P.SourceBreakpoint[] {
    return this.members({ kind: "source", file }).map((b) => ({
      line: b.line!,
      column: b.column,
      condition: adapterCondition(b),
      hitCondition: b.hitCondition,
      logMessage: b.logMessage,
    }));
  }

  functionBreakpoints(): P.FunctionBreakpoint[] {
    return this.members({ kind: "function" }).map((b) => ({ name: b.function!, condition: adapterCondition(b), hitCondition: b.hitCondition }));
  }

  instructionBreakpoints(): P.InstructionBreakpoint[] {
    return this.members({ kind: "address" }).map((b) => ({ instructionReference: b.address!, condition: b.condition, hitCondition: b.hitCondition }));
  }

  dataBreakpoints(): P.DataBreakpoint[] {
    return this.members({ kind: "data" }).map((b) => ({ dataId: b.dataId!, accessType: b.accessType, condition: b.condition, hitCondition: b.hitCondition }));
  }

  /** DAP answers a set request with one breakpoint per member, in the same order. */
  applyResponse(key: SetKey, answered: readonly P.Breakpoint[]): void {
    const members = this.members(key);
    members.forEach((bp, i) => {
      this.applyOne(bp, answered[i]);
    });
    // Disabled members are not at the adapter any more.
    for (const bp of this.list()) {
      if (!bp.enabled && sameKey(this.keyOf(bp), key)) {
        this.taken(bp);
        bp.adapterId = undefined;
      }
    }
  }

  /** A `breakpoint` event: the adapter moved, verified or dropped one of its breakpoints. */
  applyEvent(reason: string, answered: P.Breakpoint): Breakpoint | undefined {
    if (answered.id === undefined) return undefined;
    const bp = this.list().find((b) => b.adapterId === answered.id);
    if (!bp) return undefined;
    if (reason === "removed") {
      bp.verified = false;
      bp.message = answered.message ?? "removed by the adapter";
      return bp;
    }
    this.applyOne(bp, answered);
    return bp;
  }

  /**
   * Maps adapter ids from a `stopped` event to CLI ids and counts the hits. `among`: the ids are
   * a data breakpoint's (watchpoints) or code breakpoints' — LLDB numbers the two apart, so
   * breakpoint 1 and watchpoint 1 can both exist.
   */
  recordHits(adapterIds: readonly number[] | undefined, among: "data" | "code" | "any" = "any"): number[] {
    const ids: number[] = [];
    const candidates = this.list().filter((b) => among === "any" || (among === "data") === (b.kind === "data"));
    for (const aid of adapterIds ?? []) {
      const bp = candidates.find((b) => b.adapterId === aid);
      if (bp) {
        bp.hits++;
        ids.push(bp.id);
      }
    }
    return ids;
  }

  /** The CLI's ids of the adapter's breakpoint ids, without counting a hit. */
  idsOf(adapterIds: readonly number[] | undefined, among: "data" | "code" | "any" = "any"): number[] {
    const candidates = this.list().filter((b) => among === "any" || (among === "data") === (b.kind === "data"));
    return (adapterIds ?? []).flatMap((aid) =>
      candidates
        .filter((b) => b.adapterId === aid)
        .slice(0, 1)
        .map((b) => b.id),
    );
  }

  /**
   * Finds breakpoints at a stop location when the adapter gave no ids (some never do). A line
   * breakpoint's file is compared by any spelling of it (sourcePaths.ts): among line breakpoints
   * at that line, those whose file matches best. `facts` tells what exists here (symlinks, a
   * prefix rewritten by the compiler); without it only the spellings are compared.
   */
  matchLocation(file: string | undefined, line: number | undefined, fn: string | undefined, facts?: PathFacts): Breakpoint[] {
    const scored = this.list().flatMap((b): { b: Breakpoint; score: number }[] => {
      if (!b.enabled) return [];
      if (b.kind === "line" && line !== undefined && file) {
        if ((b.resolvedLine ?? b.line) !== line) return [];
        const score = Math.max(sourceMatchScore(b.file!, file, facts), b.resolvedFile ? sourceMatchScore(b.resolvedFile, file, facts) : 0);
        return score > 0 ? [{ b, score }] : [];
      }
      if (b.kind === "function" && fn && functionMatches(b.function!, fn)) return [{ b, score: Infinity }];
      return [];
    });
    const lines = scored.filter((s) => s.b.kind === "line");
    const best = Math.max(0, ...lines.map((s) => s.score));
    return scored.filter((s) => s.b.kind !== "line" || s.score === best).map((s) => s.b);
  }

  neverHit(): Breakpoint[] {
    return this.userList().filter((b) => b.hits === 0);
  }

  /** The breakpoints the user set (the daemon's own, such as the Rust panic hook, are left out). */
  userList(): Breakpoint[] {
    return this.list().filter((b) => !b.internal);
  }

  resetHits(): void {
    this.gone.clear();
    this.goneAddresses.clear();
    for (const b of this.items.values()) {
      b.hits = 0;
      if (b.probe) b.probe = undefined;
      startProbe(b);
      b.adapterId = undefined;
      b.verified = false;
    }
  }

  private applyOne(bp: Breakpoint, answered: P.Breakpoint | undefined): void {
    if (!answered) {
      bp.verified = false;
      bp.message = "the adapter did not answer for this breakpoint";
      return;
    }
    if (answered.id !== undefined) bp.adapterId = answered.id;
    bp.verified = answered.verified;
    bp.message = answered.message || undefined;
    if (answered.line !== undefined) bp.resolvedLine = answered.line;
    if (answered.source?.path) bp.resolvedFile = answered.source.path;
    if (answered.instructionReference) bp.codeAddress = answered.instructionReference;
  }
}

/** An address as one spelling: `0x0000555555555131` and `0x555555555131` are one. */
function addressKey(address: string): string {
  const m = /^0x0*([0-9a-f]+)$/i.exec(address.trim());
  return m ? `0x${m[1]!.toLowerCase()}` : address.trim().toLowerCase();
}

function sameKey(a: SetKey, b: SetKey): boolean {
  return a.kind === b.kind && (a.kind !== "source" || a.file === (b as { file: string }).file);
}

/** `add` matches frames named `add`, `add(int, int)`, `basic::add`, `main.add`. */
export function functionMatches(wanted: string, frameName: string): boolean {
  const bare = stripSignature(frameName);
  if (wanted === frameName) return true;
  wanted = stripSignature(wanted);
  if (bare === wanted) return true;
  return bare.endsWith(`::${wanted}`) || bare.endsWith(`.${wanted}`);
}

/** `Foo::get() const` → `Foo::get`, `add<int>(int, int)` → `add`, `basic::add<i32>` → `basic::add`. */
function stripSignature(name: string): string {
  // Drop a trailing parameter list and what follows it (` const &`), matching parentheses from
  // the right so Go's `main.(*T).add` keeps its receiver.
  let n = name.trim().replace(/\)[\s\w&*]*$/, ")");
  if (n.endsWith(")")) {
    let depth = 0;
    for (let i = n.length - 1; i >= 0; i--) {
      if (n[i] === ")") depth++;
      else if (n[i] === "(" && --depth === 0) {
        if (i > 0) n = n.slice(0, i);
        break;
      }
    }
  }
  let prev;
  do {
    prev = n;
    n = n.replace(/<[^<>]*>/g, "");
  } while (n !== prev);
  return n.trim();
}
