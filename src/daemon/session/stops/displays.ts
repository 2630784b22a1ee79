// `display` expressions: the session's list, evaluated at every stop (the report builder reads
// them), and a command's `--print` expressions: they travel with the resume and the builder reads
// them at the stop beside the displays; a command that did not resume reads them here.
import { DebuggerError } from "../../../common/errors.ts";
import type { DisplayValue, SessionState, StopReport } from "../../../ipc/types.ts";
import { readLines } from "../inspection/sourceWindow.ts";
import { BELOW_LINES, firstBelow } from "../inspection/sourceScan.ts";
import type { InQueue, Queue } from "../core/queue.ts";

/**
 * What evaluating displays reads of the session's core (facts.ts SessionCore) and of the
 * inspector's value reader (ValueInspector.displaysNow). Written out, not imported: the report
 * builder imports this file, and the core's imports lead back to the builder.
 */
export interface DisplaySession {
  readonly run: Queue;
  readonly state: SessionState;
  readonly lastReport: StopReport | undefined;
}

export interface Display {
  id: number;
  expression: string;
}

/** A command's `--print` values, read by the report builder at the stop they are for. */
export interface Printed {
  expressions: string[];
  values: DisplayValue[];
}

/**
 * What to print at a stop: a command's `--print` expressions (every stop), then those of the
 * breakpoints the stop is at (`LOC print EXPR`), each once. `bp` looks a breakpoint up by id.
 */
export function stopPrints(
  bp: (id: number) => { prints?: string[] } | undefined,
  stop: Pick<StopReport, "reason" | "breakpointIds">,
  prints: readonly string[],
): string[] {
  const own = stop.reason === "breakpoint" ? stop.breakpointIds.flatMap((id) => bp(id)?.prints ?? []) : [];
  return [...new Set([...prints, ...own])];
}

export class Displays {
  private readonly items: Display[] = [];
  private nextId = 1;
  /** Prints the report builder read at the stop of a report (they travelled with the resume). */
  private readonly printedAt = new WeakMap<StopReport, Printed>();

  constructor(
    private readonly session: DisplaySession,
    /** The inspector's value reader (ValueInspector): the items' values in the selected frame, each failure in place. */
    private readonly reader: { displaysNow(q: InQueue, items: { expression: string }[], frameId?: number, maxLength?: number): Promise<DisplayValue[]> },
  ) {}

  add(expressions: string[]): Display[] {
    for (const expression of expressions) {
      if (!this.items.some((d) => d.expression === expression)) this.items.push({ id: this.nextId++, expression });
    }
    return this.list();
  }

  /** Removes all of them or none: an unknown id fails before anything goes. */
  remove(ids: number[] | "all"): number[] {
    const gone = ids === "all" ? this.items.map((d) => d.id) : ids;
    for (const id of gone) {
      if (!this.items.some((d) => d.id === id)) throw new DebuggerError("INVALID_ARGUMENT", `no display ${id}`, "`debugger display` lists them");
    }
    for (const id of gone)
      this.items.splice(
        this.items.findIndex((d) => d.id === id),
        1,
      );
    return gone;
  }

  list(): Display[] {
    return [...this.items];
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  /** The displays' values at the current stop. */
  values(): Promise<DisplayValue[]> {
    return this.session.run((q) => this.reader.displaysNow(q, this.list()));
  }

  /**
   * Expressions in the selected frame at the current stop, each failure in place. Given the stop,
   * a bare name that failed, is no local there and is named further down its source file says so
   * (see declaredBelow).
   */
  async evaluate(expressions: string[], at?: StopReport, maxLength?: number): Promise<DisplayValue[]> {
    const values = await this.session.run((q) =>
      this.reader.displaysNow(
        q,
        expressions.map((expression) => ({ expression })),
        undefined,
        maxLength,
      ),
    );
    return at ? declaredBelow(values, at) : values;
  }

  /** The builder read these prints at this report's stop. */
  printed(report: StopReport, printed: Printed): void {
    this.printedAt.set(report, printed);
  }

  /**
   * A command's `--print` expressions at the stop it reports (the session's displays are already
   * in it): as the builder read them at the stop, where they travelled with the resume; else read now.
   */
  async withPrints(report: StopReport, expressions: string[]): Promise<StopReport> {
    const read = this.printedAt.get(report);
    if (read && read.expressions.length === expressions.length && read.expressions.every((e, i) => e === expressions[i])) {
      return expressions.length ? { ...report, displays: [...(report.displays ?? []), ...read.values] } : report;
    }
    const { state } = this.session;
    if (!expressions.length || report !== this.session.lastReport || state !== "stopped") {
      if (!expressions.length) return report;
      const why = state === "stopped" ? "not at this stop any more" : `the program has ${state === "running" ? "run on" : "ended"}`;
      return { ...report, displays: [...(report.displays ?? []), ...expressions.map((expression) => ({ expression, error: why }))] };
    }
    const values = await this.evaluate(expressions, report);
    return { ...report, displays: [...(report.displays ?? []), ...values] };
  }
}

/**
 * A bare name that failed to evaluate, is no local of the stopped frame (the report holds all of
 * them) and appears further down the frame's source file is most often declared below the stop:
 * a breakpoint stops before its line runs. The adapter's own words can mislead (LLDB on Rust:
 * "unexpected namespace name 'n': expected expression"), so the reason leads, the message follows.
 */
export async function declaredBelow(values: DisplayValue[], at: StopReport): Promise<DisplayValue[]> {
  const bare = (v: DisplayValue) => v.error !== undefined && /^[A-Za-z_]\w*$/.test(v.expression) && !at.locals.some((l) => l.name === v.expression);
  const file = at.frame?.file;
  const line = at.frame?.line;
  if (!values.some(bare) || !file || !line || at.truncated?.some((t) => t.startsWith("locals"))) return values;
  // The stop's own line has not run either.
  const below = (await readLines(file))?.slice(line - 1, line - 1 + BELOW_LINES);
  if (!below) return values;
  return values.map((v) => {
    const at = bare(v) ? firstBelow(below, v.expression) : undefined;
    return at !== undefined
      ? {
          ...v,
          error: `'${v.expression}' is no local here yet: it appears from line ${line + at} on, and a breakpoint stops before its line runs (${v.error})`,
        }
      : v;
  });
}
