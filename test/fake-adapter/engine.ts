// The fake debuggee: "executes" the lines of a real source file in order, with calls, breakpoints
// and stepping. No I/O: effects leave through `emit`, so the adapter shell owns the wire.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { realpathSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { FakeProgram, FunctionSpec, LocalSpec } from "./program.ts";

export type Emit = (event: string, body: Record<string, unknown>) => void;
export type Status = "configuring" | "stopped" | "running" | "exited";
export type Resume = "continue" | "next" | "stepIn" | "stepOut";

interface Frame {
  line: number;
  fn?: FunctionSpec; // set when the frame was entered through a call
}

interface Breakpoint {
  id: number;
  line: number;
  hits: number;
  condition?: (lookup: (name: string) => number | undefined) => boolean;
  hitCondition?: (hits: number) => boolean;
  logMessage?: string;
  message?: string;
}

// Adapter ids deliberately far from the client's own small ids, so mixing them up shows.
const FIRST_BREAKPOINT_ID = 1001;
const FIRST_FRAME_ID = 2000;
const FIRST_OTHER_THREAD_FRAME_ID = 9000;
const MAX_DEPTH = 64; // calls are not entered deeper, so recursive `calls` still terminate
// variablesReference = REF_BASE + frame index * 10 + kind
const REF_BASE = 1000;
const REF_LOCALS = 1,
  REF_GLOBALS = 2,
  REF_POINT = 3;

const OPS: Record<string, (a: number, b: number) => boolean> = {
  "==": (a, b) => a === b,
  "!=": (a, b) => a !== b,
  "<": (a, b) => a < b,
  "<=": (a, b) => a <= b,
  ">": (a, b) => a > b,
  ">=": (a, b) => a >= b,
};

/** `NAME OP INT`, `true` or `false`; anything else is an error message (the breakpoint then always stops). */
export function parseCondition(text: string): Breakpoint["condition"] | string {
  const t = text.trim();
  if (t === "true" || t === "false") return () => t === "true";
  const m = /^([A-Za-z_]\w*)\s*(==|!=|<=|>=|<|>)\s*(-?\d+)$/.exec(t);
  if (!m) return `could not parse condition "${text}"; the breakpoint will always stop`;
  const [, name, op, n] = m;
  return (lookup) => {
    const v = lookup(name);
    return v === undefined || OPS[op](v, Number(n));
  };
}

/** `N` (the Nth hit), `>= N`, `> N`, `% N`; anything else is an error message and ignored. */
export function parseHitCondition(text: string): Breakpoint["hitCondition"] | string {
  const m = /^\s*(>=|>|==|%)?\s*(\d+)\s*$/.exec(text);
  if (!m) return `could not parse hit condition "${text}"; it is ignored`;
  const n = Number(m[2]);
  if (m[1] === ">=") return (h) => h >= n;
  if (m[1] === ">") return (h) => h > n;
  if (m[1] === "%") return (h) => n > 0 && h % n === 0;
  return (h) => h === n;
}

function canonical(path: string): string {
  try {
    return realpathSync(path); // macOS /tmp is /private/tmp: compare what the files really are
  } catch {
    return resolve(path);
  }
}

export class Engine {
  status: Status = "configuring";
  private stack: Frame[] = [{ line: 1 }];
  private hits = 0; // arrivals at a breakpoint line while running; shown as the local `hits`
  private stops = 0;
  private byKey = new Map<string, Breakpoint>(); // keeps ids and hit counts across re-sent sets
  private nextId = FIRST_BREAKPOINT_ID;
  private lineBps: Breakpoint[] = [];
  private functionBps: Breakpoint[] = [];
  private overrides = new Map<string, string>(); // from setVariable, keyed `kind:name`
  private readonly sourcePath: string;

  constructor(
    private readonly prog: FakeProgram,
    private readonly emit: Emit,
  ) {
    this.sourcePath = canonical(prog.source);
  }

  private get top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  get threadId(): number {
    return this.prog.threads[0].id;
  }

  // ---- breakpoints -------------------------------------------------------------------------

  private breakpoint(key: string, line: number, spec: { condition?: string; hitCondition?: string; logMessage?: string }): Breakpoint {
    let bp = this.byKey.get(key);
    if (!bp) this.byKey.set(key, (bp = { id: this.nextId++, line, hits: 0 }));
    const messages: string[] = [];
    const cond = spec.condition ? parseCondition(spec.condition) : undefined;
    const hit = spec.hitCondition ? parseHitCondition(spec.hitCondition) : undefined;
    if (typeof cond === "string") messages.push(cond);
    if (typeof hit === "string") messages.push(hit);
    bp.condition = typeof cond === "string" ? undefined : cond;
    bp.hitCondition = typeof hit === "string" ? undefined : hit;
    bp.logMessage = spec.logMessage;
    bp.message = messages.join("; ") || undefined;
    return bp;
  }

  private describe(bp: Breakpoint): P.Breakpoint {
    const source = { name: basename(this.prog.source), path: this.prog.source };
    return { id: bp.id, verified: true, line: bp.line, column: 1, source, ...(bp.message ? { message: bp.message } : {}) };
  }

  /** DAP replaces the whole set for a source; the answer is in the order asked. */
  setBreakpoints(path: string, wanted: P.SourceBreakpoint[]): P.Breakpoint[] {
    const ours = canonical(path) === this.sourcePath;
    const kept: Breakpoint[] = [];
    const answer = wanted.map((b): P.Breakpoint => {
      const message = !ours ? `no code in ${path}` : b.line < 1 || b.line > this.prog.lines ? "no code at line" : undefined;
      if (message) return { id: this.nextId++, verified: false, line: b.line, message, source: { path } };
      const bp = this.breakpoint(`line:${b.line}`, b.line, b);
      kept.push(bp);
      return this.describe(bp);
    });
    if (ours) this.lineBps = kept;
    return answer;
  }

  setFunctionBreakpoints(wanted: P.FunctionBreakpoint[]): P.Breakpoint[] {
    this.functionBps = [];
    return wanted.map((b): P.Breakpoint => {
      const fn = this.prog.functions.find((f) => f.name === b.name);
      if (!fn) return { id: this.nextId++, verified: false, message: `no function named ${b.name}` };
      const bp = this.breakpoint(`function:${b.name}`, fn.start, b);
      this.functionBps.push(bp);
      return this.describe(bp);
    });
  }

  /** True when execution stopped here; logpoints print and let it go on. */
  private checkBreakpoints(): boolean {
    const here = [...this.lineBps, ...this.functionBps].filter((b) => b.line === this.top.line);
    if (here.length === 0) return false;
    this.hits++;
    const ids: number[] = [];
    for (const bp of here) {
      if (bp.condition && !bp.condition((name) => this.numeric(name))) continue;
      bp.hits++;
      if (bp.hitCondition && !bp.hitCondition(bp.hits)) continue;
      if (bp.logMessage === undefined) ids.push(bp.id);
      else this.emit("output", { category: "console", output: `${this.interpolate(bp.logMessage)}\n` });
    }
    if (ids.length === 0) return false;
    this.stop("breakpoint", ids);
    return true;
  }

  // ---- execution ---------------------------------------------------------------------------

  start(stopOnEntry: boolean): void {
    if (this.status !== "configuring") return; // a second configurationDone must not rerun the program
    if (stopOnEntry) this.stop("entry");
    else this.run(() => false, false); // line 1 has not run yet: its breakpoints count
  }

  resume(kind: Resume): void {
    const depth = this.stack.length;
    const done: Record<Resume, () => boolean> = {
      continue: () => false,
      stepIn: () => true,
      next: () => this.stack.length <= depth,
      stepOut: () => depth > 1 && this.stack.length < depth, // out of the outermost frame runs on
    };
    this.run(done[kind], true);
  }

  pause(): void {
    if (this.status === "running") this.stop("pause");
  }

  terminate(): void {
    if (this.status !== "exited") this.finish();
  }

  private run(done: () => boolean, executeFirst: boolean): void {
    this.status = "running";
    for (let first = true; ; first = false) {
      if (executeFirst || !first) {
        this.execute();
        if (this.stack.length === 1 && this.top.line > this.prog.lines) return this.finish();
        if (done()) return this.stop("step");
      }
      if (this.checkBreakpoints()) return;
      if (this.top.line === this.prog.spin) return; // an endless loop: stays "running" until pause
    }
  }

  /** Run the current line: print its output, then enter a call, return, or fall through. */
  private execute(): void {
    const top = this.top;
    const line = top.line;
    const out = this.prog.output[String(line)];
    if (out !== undefined) {
      const { category = "stdout", text } = typeof out === "string" ? { text: out } : out;
      this.emit("output", { category, output: text });
    }
    if (line === this.prog.spin) return;
    const callee = this.prog.functions.find((f) => f.name === this.prog.calls[String(line)]);
    if (callee && this.stack.length < MAX_DEPTH) {
      this.stack.push({ line: callee.start, fn: callee });
    } else if (top.fn && this.stack.length > 1 && (line >= top.fn.end || line >= this.prog.lines)) {
      this.stack.pop();
      this.top.line++; // back in the caller, after the call
    } else {
      top.line++;
    }
  }

  private stop(reason: string, hitBreakpointIds?: number[]): void {
    this.status = "stopped";
    this.stops++;
    this.emit("stopped", { reason, threadId: this.threadId, allThreadsStopped: true, ...(hitBreakpointIds ? { hitBreakpointIds } : {}) });
    // Other threads at a breakpoint in the same instant: one event each, as lldb-dap tells them.
    if (reason === "breakpoint")
      for (const threadId of this.prog.coStops)
        this.emit("stopped", { reason, threadId, allThreadsStopped: true, preserveFocusHint: true, ...(hitBreakpointIds ? { hitBreakpointIds } : {}) });
  }

  private finish(): void {
    this.status = "exited";
    this.emit("exited", { exitCode: this.prog.exitCode });
    this.emit("terminated", {});
  }

  // ---- inspection --------------------------------------------------------------------------

  threads(): P.Thread[] {
    return this.prog.threads;
  }

  private functionName(frame: Frame): string {
    if (frame.fn) return frame.fn.name;
    // The innermost function containing the line: a fake has no real call for linear flow.
    const around = this.prog.functions.filter((f) => f.start <= frame.line && frame.line <= f.end);
    around.sort((a, b) => a.end - a.start - (b.end - b.start));
    return around[0]?.name ?? "??";
  }

  stackTrace(threadId: number): P.StackFrame[] | undefined {
    const source = { name: basename(this.prog.source), path: this.prog.source };
    const other = this.prog.threads.findIndex((t) => t.id === threadId);
    if (other < 0) return undefined;
    if (other > 0) {
      const name = `${this.prog.threads[other].name}_wait`;
      return [{ id: FIRST_OTHER_THREAD_FRAME_ID + other, name, source, line: 1, column: 1 }];
    }
    return [...this.stack].reverse().map((f, i) => ({ id: FIRST_FRAME_ID + i, name: this.functionName(f), source, line: f.line, column: 1 }));
  }

  frameIndex(frameId: number | undefined): number {
    const i = (frameId ?? FIRST_FRAME_ID) - FIRST_FRAME_ID;
    return i >= 0 && i < this.stack.length ? i : 0;
  }

  scopes(frameId: number): P.Scope[] {
    const ref = REF_BASE + this.frameIndex(frameId) * 10;
    return [
      { name: "Locals", presentationHint: "locals", variablesReference: ref + REF_LOCALS, expensive: false },
      { name: "Globals", variablesReference: ref + REF_GLOBALS, expensive: false },
    ];
  }

  variables(ref: number): P.Variable[] | undefined {
    const kind = (ref - REF_BASE) % 10;
    const index = Math.floor((ref - REF_BASE) / 10);
    if (ref < REF_BASE || index >= this.stack.length) return undefined;
    const frame = this.stack[this.stack.length - 1 - index];
    const v = (name: string, type: string, value: string, variablesReference = 0): P.Variable => ({
      name,
      type,
      value: this.overrides.get(`${kind}:${name}`) ?? value,
      variablesReference,
    });
    if (kind === REF_GLOBALS) return [v("stops", "int", String(this.stops))];
    const point = [v("x", "int", String(frame.line)), v("y", "int", String(this.hits))];
    if (kind === REF_POINT) return point;
    if (kind !== REF_LOCALS) return undefined;
    const fill = (s: string) => s.replaceAll("{line}", String(frame.line)).replaceAll("{hits}", String(this.hits));
    const custom = Object.entries(this.prog.locals).map(([name, spec]) => v(name, localType(spec), fill(localValue(spec, frame.line))));
    return [
      v("line", "int", String(frame.line)),
      v("hits", "int", String(this.hits)),
      v("point", "struct point", `{x=${point[0].value}, y=${point[1].value}}`, ref - kind + REF_POINT),
      ...custom,
    ];
  }

  setVariable(ref: number, name: string, value: string): P.Variable | undefined {
    const found = this.variables(ref)?.find((v) => v.name === name);
    if (!found || found.variablesReference > 0) return undefined;
    this.overrides.set(`${(ref - REF_BASE) % 10}:${name}`, value);
    return { ...found, value };
  }

  evaluate(expression: string, frameId: number | undefined): { result: string; type?: string; variablesReference: number } | undefined {
    const fixed = this.prog.evaluate[expression];
    if (fixed) return { result: fixed.result, type: fixed.type, variablesReference: 0 };
    // A comparison reads as the adapter's conditions do (the daemon checks conditions with evaluate).
    const cond = /[=<>!]/.test(expression) ? parseCondition(expression) : undefined;
    if (typeof cond === "function") return { result: String(cond((name) => this.numeric(name))), type: "bool", variablesReference: 0 };
    const local = this.variables(REF_BASE + this.frameIndex(frameId) * 10 + REF_LOCALS)?.find((v) => v.name === expression.trim());
    return local && { result: local.value, type: local.type, variablesReference: local.variablesReference };
  }

  private numeric(name: string): number | undefined {
    const value = this.evaluate(name, undefined)?.result;
    return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
  }

  /** Logpoint `{expr}` parts are evaluated in the top frame, like VS Code's. */
  private interpolate(message: string): string {
    return message.replace(/\{([^}]+)\}/g, (all, expr: string) => this.evaluate(expr, undefined)?.result ?? all);
  }
}

function localType(spec: LocalSpec): string {
  return (typeof spec === "object" && spec.type) || "int";
}

/** A per-line table gives the value set at the nearest line at or before this one. */
function localValue(spec: LocalSpec, line: number): string {
  const value = typeof spec === "string" ? spec : spec.value;
  if (typeof value === "string") return value;
  const at = Object.keys(value)
    .map(Number)
    .filter((l) => l <= line)
    .sort((a, b) => b - a)[0];
  return at === undefined ? "<uninitialized>" : value[String(at)];
}
