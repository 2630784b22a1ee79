// Why a conditional breakpoint never stopped. An adapter that checks a condition itself says
// nothing when it is false: "Breakpoints never hit: 1" cannot tell a line never reached from a
// condition that was never true, and an agent then spends calls finding out whether `&&` works.
// So the daemon checks the condition itself for the first hits: the adapter gets the breakpoint
// without its condition, each hit is a real stop, the daemon evaluates the condition and the
// operands in it there, and resumes at once when it is false (no report, no waiter woken).
//
// Cost: one stop and 2–6 requests per false hit (lldb-dap, gdb and Delve ~2–5 ms, debugpy ~5 ms).
// It is bounded per breakpoint: after PROBE_MAX_HITS false hits or PROBE_MAX_MS spent, the
// condition goes to the adapter as usual and the program runs at full speed; the report then says
// "at least N times". 20 hits say all the probe is for (the line is reached, the condition false,
// its operands' last values); 100 cost a debugpy `run` with a condition 0.5 s of its 0.8 s. Only
// while the program runs freely (start, continue): a step hands every condition to the adapter
// first, since resuming a step after a false hit would turn it into a continue.
import { localPathFacts } from "./pathFacts.ts";
import { conditionFalseWhy } from "../../../ipc/conditionWords.ts";
import { readLines } from "../inspection/sourceWindow.ts";
import { BELOW_LINES, firstBelow, seenAbove } from "../inspection/sourceScan.ts";
import type { AdapterSpec, FoundAdapter } from "../../../adapters/types.ts";
import { log } from "../../../common/log.ts";
import type { DapClient } from "../../../dap/client.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { BreakpointView, ConditionCost, ConditionErrorNote } from "../../../ipc/types.ts";
import { conditionInstead } from "../../../adapters/cLibrary.ts";
import { CONDITION_MS } from "../../../common/conditionCost.ts";
import { probeable, type Breakpoint, type BreakpointRegistry, type ConditionFalse } from "./breakpointRegistry.ts";
import type { FrameReader } from "../inspection/stopReader.ts";
import type { InQueue } from "../core/queue.ts";

export const PROBE_MAX_HITS = 20;
export const PROBE_MAX_MS = 500;
/** The condition's operands evaluated at each false hit: enough to read `count == 36 && ok`. */
const MAX_OPERANDS = 4;

const KEYWORDS = new Set([
  "and",
  "or",
  "not",
  "in",
  "is",
  "true",
  "false",
  "True",
  "False",
  "None",
  "nil",
  "null",
  "nullptr",
  "NULL",
  "sizeof",
  "len",
  "as",
  "if",
  "else",
]);

/** Methods that only read a container's size or ends: a condition's operands may call them again. */
const ACCESSORS = new Set(["size", "length", "len", "empty", "is_empty", "capacity", "count", "front", "back", "first", "last"]);

/**
 * Variables and member paths the condition reads (`count`, `p->next`, `self.items[0]`, `s.len`),
 * without literals, keywords or called functions, at most MAX_OPERANDS.
 */
export function conditionOperands(condition: string): string[] {
  const text = condition.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, " ");
  const out: string[] = [];
  const re = /[A-Za-z_]\w*(?:(?:\.|->|::)[A-Za-z_]\w*|\[[^\][]*\])*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const word = m[0];
    const before = text[m.index - 1] ?? "";
    const after = text.slice(m.index + word.length).trimStart();
    if (/[.\w]/.test(before) || /^\d/.test(word)) continue;
    // A container's size or emptiness (`v.size()`, `s.empty()`, `self.runs.len()`): read as an
    // operand, the one value that says why `v.size() == 4` was false. Any other call is left out
    // (`strcmp(a, b)`, `it.next()`): evaluating it again could change the program.
    const method = /^(.*)(?:\.|->)(\w+)$/.exec(word);
    const operand = after.startsWith("(") ? (method && ACCESSORS.has(method[2]!) && /^\(\s*\)/.test(after) ? `${word}()` : undefined) : word;
    if (operand === undefined || KEYWORDS.has(word) || out.includes(operand)) continue;
    out.push(operand);
    if (out.length >= MAX_OPERANDS) break;
  }
  return out;
}

/** What a condition's value says in the adapter's language (AdapterSpec.conditionTruth): true, false, or undefined when it cannot be read as either. */
export function truthy(result: string, adapter: Pick<AdapterSpec, "conditionTruth">): boolean | undefined {
  return adapter.conditionTruth?.(result);
}

export interface ProbeHost {
  /** Evaluates in the given frame; rejects on an error. */
  evaluate(expression: string, frameId: number): Promise<string>;
  /** A condition's value read as true or false in the adapter's language (truthy); undefined: cannot tell. */
  truthy(value: string): boolean | undefined;
  /** Re-sends the adapter the set this breakpoint belongs to (its condition changed hands). */
  resync(bp: Breakpoint): Promise<void>;
  /** The expression as the adapter's evaluator reads it, in the given frame (AdapterSpec.translateExpression); rejects on a refusal. */
  translate?(expression: string, frameId: number): Promise<{ expression: string; readNow?: boolean }>;
  /** Another spelling after the debugger refused one with ERROR (AdapterSpec.retryExpression). */
  retry?(expression: string, error: string): string | undefined;
  /** The one line of an evaluation error that says what is wrong. */
  errorLine?(message: string): string;
}

type Probed = Breakpoint;

/** The breakpoints at this stop whose condition the daemon checks. */
export function activeProbes(bps: (Breakpoint | undefined)[]): Probed[] {
  return bps.filter((b): b is Probed => !!(b as Probed | undefined)?.probe?.active);
}

/**
 * Checks the conditions of the probed breakpoints at a stop. Returns the ids whose condition held
 * (or could not be read: the stop stands, as gdb stops on a condition it cannot evaluate); the
 * others are counted as false hits, their hit counts undone (when the stop had `counted` them).
 */
export async function checkConditions(host: ProbeHost, probed: Probed[], frameId: number, counted: boolean): Promise<number[]> {
  const held: number[] = [];
  for (const bp of probed) {
    const probe = bp.probe!;
    const began = performance.now();
    const operands = conditionOperands(bp.condition!);
    // As written, where the adapter reads the language as written; else as translated at this hit.
    const spelled = (expression: string): Promise<{ expression: string; readNow?: boolean }> =>
      host.translate ? host.translate(expression, frameId) : Promise.resolve({ expression });
    // Found once: the line's types are the same at every hit. One that read values now is found again.
    const check = async () => {
      const t = probe.translated !== undefined ? { expression: probe.translated } : await spelled(bp.condition!);
      let expression = t.expression;
      let value: string;
      try {
        value = await host.evaluate(expression, frameId);
      } catch (e) {
        // The spelling the debugger asks for (a C library call's cast): kept for the adapter too.
        const again = host.retry?.(expression, (e as Error).message);
        if (again === undefined) throw e;
        expression = again;
        value = await host.evaluate(expression, frameId);
      }
      if (t.readNow) probe.daemonOnly = true;
      else if (host.translate || expression !== bp.condition) probe.translated = expression;
      return value;
    };
    const [cond, ...values] = await Promise.all([
      check().then(
        (value) => ({ value }),
        (e: Error) => ({ error: e.message }),
      ),
      ...operands.map((expression) =>
        spelled(expression)
          .then((t) => host.evaluate(t.expression, frameId))
          .then(
            (value) => ({ expression, value }),
            (e: Error) => ({ expression, error: e.message.replace(/^cannot evaluate '[^']*': /, "") }),
          ),
      ),
    ]);
    const verdict = "value" in cond! ? host.truthy(cond.value) : undefined;
    // Read at the first pass, true or false: a condition that held on a vector not constructed yet held on garbage.
    if (!probe.sourceRead) {
      probe.sourceRead = true;
      const notYet = await declaredAtOrBelow(bp, operands);
      if (notYet.length) probe.notYet = notYet;
    }
    probe.spentMs += performance.now() - began;
    // A condition that cannot be evaluated stops at every pass (gdb's rule, and LLDB's): the replies say so, once.
    if ("error" in cond! && !probe.error) {
      probe.error = host.errorLine ? host.errorLine(cond.error) : cond.error.split("\n")[0]!;
      probe.errorAt = Date.now();
    }
    if (verdict !== false) {
      // A value the daemon cannot read as true or false goes to the adapter, whose own rules then
      // apply. One that cannot be evaluated stays the daemon's: the stop stands at every pass, the
      // error stays said (gdb through cdt-gdb-adapter unbinds a breakpoint whose condition it cannot
      // parse; LLDB's own word on it is a console message per stop).
      if (verdict === undefined && !("error" in cond!)) await handOver(host, bp, true);
      held.push(bp.id);
      continue;
    }
    probe.hits++;
    probe.last = values as ConditionFalse["last"];
    if (counted) bp.hits = Math.max(0, bp.hits - 1);
    if (!probe.daemonOnly && (probe.hits >= PROBE_MAX_HITS || probe.spentMs >= PROBE_MAX_MS)) {
      probe.more = true;
      probe.handedAt = Date.now();
      await handOver(host, bp, true);
    }
  }
  return held;
}

async function handOver(host: ProbeHost, bp: Probed, forGood: boolean): Promise<void> {
  if (!bp.probe?.active) return;
  bp.probe.active = false;
  if (forGood) bp.probe.done = true;
  await host.resync(bp).catch(() => {});
}

/**
 * Before the program moves: a step hands the conditions to the adapter (a false hit could not be
 * resumed as the same step); a continue takes back those a step handed over.
 */
export async function beforeResume(host: ProbeHost, bps: Breakpoint[], stepping: boolean): Promise<void> {
  for (const bp of bps as Probed[]) {
    const probe = bp.probe;
    if (!probe || probe.done) continue;
    if (stepping && probe.active) await handOver(host, bp, false);
    else if (!stepping && !probe.active) {
      probe.active = true;
      await host.resync(bp).catch(() => {});
    }
  }
}

/** A hot condition is reported once the adapter has spent this long on it in one command. */
const HOT_REPORT_S = 1;

/**
 * The conditions a command spent its time on: those whose budget ran out (a hot line) and that
 * the adapter then checked for at least HOT_REPORT_S of the command (from SINCE, Date.now()).
 */
export function conditionCosts(
  bps: Breakpoint[],
  adapter: string,
  since: number,
  faster: () => { adapter: string; msEach: number } | undefined,
): ConditionCost[] {
  const out: ConditionCost[] = [];
  const now = Date.now();
  for (const bp of bps as Probed[]) {
    const p = bp.probe;
    if (!p?.handedAt || !bp.condition) continue;
    const seconds = (now - Math.max(since, p.handedAt)) / 1000;
    if (seconds < HOT_REPORT_S) continue;
    const msEach = CONDITION_MS[adapter];
    const other = faster();
    out.push({
      id: bp.id,
      location: bp.location,
      condition: bp.condition,
      // The debugger's own checks count where they were this command's.
      checked: p.handedAt >= since ? p.hits : 0,
      checkedMs: p.hits ? Math.round((p.spentMs / p.hits) * 10) / 10 : 0,
      adapter,
      seconds: Math.round(seconds * 10) / 10,
      ...(msEach !== undefined ? { msEach, about: Math.round((seconds * 1000) / msEach) } : {}),
      ...(other ? { faster: other } : {}),
    });
  }
  return out;
}

/** The breakpoints whose condition first failed to evaluate since SINCE (Date.now()): said once, by the command that met it. */
export function conditionErrors(bps: Breakpoint[], since: number): ConditionErrorNote[] {
  return bps
    .filter((b) => b.probe?.error && b.condition && (b.probe.errorAt ?? 0) >= since)
    .map((b) => ({
      id: b.id,
      location: b.location,
      condition: b.condition!,
      error: b.probe!.error!,
      instead: conditionInstead(b.condition!, b.probe!.error!),
    }));
}

/** What a breakpoint view shows of the probe. */
export function conditionFalseView(bp: Breakpoint): ConditionFalse | undefined {
  const p = bp.probe;
  if (p?.done && !p.hits) return { hits: 0, byAdapter: true };
  if (!p?.hits) return undefined;
  return { hits: p.hits, ...(p.more ? { more: true } : {}), ...(p.last ? { last: p.last } : {}) };
}

/** Words before a name that make no declaration of it (`return v;`, `delete p;`). */
const NOT_TYPES =
  /\b(?:return|delete|throw|case|goto|else|do|co_return|co_yield|new|sizeof|typeof|in|not|and|or|is|if|elif|while|for|assert|yield|await|lambda|print)\s+[*&]*$/;

/**
 * Whether TEXT declares NAME: after a type (`std::vector<Interval> v;`, `int *n = …`, `auto& x`),
 * or `let`/`let mut`/`var`/`const`, or Go's `name :=` (`a, name :=`).
 */
export function declares(text: string, name: string): boolean {
  if (new RegExp(`\\b(?:let(?:\\s+mut)?|var|const)\\s+${name}\\b`).test(text)) return true;
  if (new RegExp(`(?:^|[^\\w.])${name}\\s*(?:,\\s*\\w+\\s*)*:=|\\w\\s*,\\s*${name}\\s*:=`).test(text)) return true;
  const typed = new RegExp(`((?:(?:[\\w\\]]|\\S>)\\s+[*&]*|(?:\\w|\\S>)[*&]+\\s*))${name}\\s*(?:[;=({\\[,]|:(?!:)|$)`).exec(text);
  return !!typed && !NOT_TYPES.test(text.slice(0, typed.index + typed[1]!.length));
}

/**
 * The names a condition reads (each operand's first name: `v` of `v.size()`) that its function
 * declares at or below the line the breakpoint sits on, and nowhere above it in that function: at
 * the stop they are not constructed or assigned yet (a function's opening line binds at its first
 * statement, before its locals exist). The same reading of the source as `print`'s "no local
 * here yet" (displays.ts firstBelow).
 */
export async function declaredAtOrBelow(bp: Breakpoint, operands: string[]): Promise<{ name: string; line: number }[]> {
  const file = bp.resolvedFile ?? bp.file;
  const line = bp.resolvedLine ?? bp.line;
  if (bp.kind !== "line" || !file || !line) return [];
  const lines = await readLines(file).catch(() => undefined);
  if (!lines) return [];
  const out: { name: string; line: number }[] = [];
  for (const name of new Set(operands.map((o) => /^[A-Za-z_]\w*/.exec(o)?.[0]).filter((n): n is string => !!n))) {
    if (name === "this" || name === "self") continue;
    const at = firstBelow(lines.slice(line - 1, line - 1 + BELOW_LINES), name);
    // Where it first appears it is declared (a name only assigned there, as in Python, may hold a value from a pass before).
    if (at === undefined || !declares(lines[line - 1 + at]!, name) || seenAbove(lines, line, name)) continue;
    out.push({ name, line: line + at });
  }
  return out;
}

/** A line for each breakpoint that never stopped the program, saying why; log points stop by design never. */
export function neverStopped(views: BreakpointView[]): { id: number; location: string; why: string }[] {
  const out: { id: number; location: string; why: string }[] = [];
  for (const b of views) {
    if (b.hits > 0 || b.logMessage || b.kind === "data") continue;
    out.push({ id: b.id, location: `${b.location}${b.condition ? ` if ${b.condition}` : ""}`, why: whyNotStopped(b) });
  }
  return out;
}

function whyNotStopped(b: BreakpointView): string {
  if (!b.enabled) return "disabled";
  if (!b.verified) return `never bound${b.message ? ` (${b.message.trim().replace(/\s*\n\s*/g, " ")})` : ""}`;
  const f = b.conditionFalse;
  if (f && f.hits > 0) return conditionFalseWhy(b);
  if (f?.byAdapter || (b.condition && !probeable({ ...b, kind: b.kind as Breakpoint["kind"] } as Breakpoint)) || b.hitCondition)
    return "the adapter checked its condition and never stopped: not reached, or the condition never held";
  return "never reached";
}

/** What the stop pipeline's condition step needs of the session. */
export interface ConditionContext {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly client: Pick<DapClient, "request"> | undefined;
  readonly frames: FrameReader;
  readonly registry: BreakpointRegistry;
  /** The program (its language decides how conditions are spelled for the adapter). */
  readonly program: string | undefined;
  /** The adapter found at start (its variant: cdt-gdb-adapter or gdb's own DAP). */
  readonly found?: FoundAdapter;
  resync(bp: Breakpoint): Promise<void>;
}

export function probeHost(ctx: ConditionContext): ProbeHost {
  const evaluate = async (expression: string, frameId: number) => {
    // As print asks (cdt-gdb-adapter: its quoting, a fresh varobj per call), and a failure it answers as a value is an error.
    const spelled = ctx.adapter.rewriteExpression?.(expression, ctx.found) ?? { expression };
    const r = await ctx.client!.request("evaluate", { expression: spelled.expression, frameId, context: spelled.context ?? ctx.adapter.printContext });
    ctx.adapter.checkEvaluate?.(expression, r);
    return { result: r.result, ...(r.type ? { type: r.type } : {}) };
  };
  const translate = ctx.adapter.translateExpression;
  return {
    evaluate: async (expression, frameId) => (await evaluate(expression, frameId)).result,
    resync: (bp) => ctx.resync(bp),
    retry: (expression, error) => ctx.adapter.retryExpression?.(expression, error, ctx.program),
    errorLine: (message) => (ctx.adapter.evaluateError?.(message) ?? message.split("\n")[0]!).replace(/^cannot evaluate '.*?': /, "").trim(),
    truthy: (value) => truthy(value, ctx.adapter),
    ...(translate
      ? { translate: (expression: string, frameId: number) => translate(expression, { program: ctx.program, evaluate: (e) => evaluate(e, frameId) }) }
      : {}),
  };
}

/**
 * A step of the stop pipeline, after the throw policy: a stop at breakpoints whose condition the
 * daemon checks, all of them false, does not stand (the program is resumed, no report). Ids of
 * breakpoints whose condition was false leave `ids`. Only after a continue (see beforeResume).
 */
export async function conditionVerdict(
  q: InQueue,
  ctx: ConditionContext,
  body: DapEventMap["stopped"],
  ids: number[],
  resumedBy: string,
): Promise<{ stand: true } | { stand: false; threadId: number }> {
  if (!ctx.client || !/breakpoint/i.test(body.reason) || resumedBy !== "continue") return { stand: true };
  try {
    const threadId = body.threadId ?? (await ctx.frames.defaultThread());
    const top = (await ctx.frames.framesNow(q, threadId))[0];
    if (!top) return { stand: true };
    // cdt-gdb-adapter names no breakpoint: the stop's location does.
    const at = ids.length ? ids.map((id) => ctx.registry.get(id)) : ctx.registry.matchLocation(top.source?.path, top.line, top.name, localPathFacts);
    const probed = activeProbes(at);
    if (!probed.length) return { stand: true };
    const held = await checkConditions(probeHost(ctx), probed, top.id, ids.length > 0);
    const falseIds = new Set(probed.map((b) => b.id).filter((id) => !held.includes(id)));
    const rest = ids.filter((id) => !falseIds.has(id));
    ids.splice(0, ids.length, ...rest);
    return rest.length || held.length ? { stand: true } : { stand: false, threadId };
  } catch (e) {
    log("info", `[${ctx.name}] could not check a breakpoint's condition: ${(e as Error).message}`);
    return { stand: true };
  }
}
