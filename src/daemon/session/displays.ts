// `display` expressions: the session's list, evaluated at every stop (the report builder reads
// them), and a command's `--print` expressions, evaluated at the stop it reports.
import { DebuggerError } from "../../common/errors.ts";
import type { DisplayValue, SessionState, StopReport } from "../../ipc/types.ts";
import type { InQueue, Queue } from "./queue.ts";

/** What evaluating displays needs of the session. */
export interface DisplayHost {
  readonly run: Queue;
  /** The items' values in the selected frame, each failure in place. */
  valuesNow(q: InQueue, items: { expression: string }[]): Promise<DisplayValue[]>;
  readonly state: SessionState;
  readonly lastReport: StopReport | undefined;
}

export interface Display {
  id: number;
  expression: string;
}

export class Displays {
  private readonly items: Display[] = [];
  private nextId = 1;

  constructor(private readonly host: DisplayHost) {}

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
    for (const id of gone) this.items.splice(this.items.findIndex((d) => d.id === id), 1);
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
    return this.host.run((q) => this.host.valuesNow(q, this.list()));
  }

  /** Expressions in the selected frame at the current stop, each failure in place. */
  evaluate(expressions: string[]): Promise<DisplayValue[]> {
    return this.host.run((q) => this.host.valuesNow(q, expressions.map((expression) => ({ expression }))));
  }

  /** A command's `--print` expressions at the stop it reports (the session's displays are already in it). */
  async withPrints(report: StopReport, expressions: string[]): Promise<StopReport> {
    const { state } = this.host;
    if (!expressions.length || report !== this.host.lastReport || state !== "stopped") {
      if (!expressions.length) return report;
      const why = state === "stopped" ? "not at this stop any more" : `the program has ${state === "running" ? "run on" : "ended"}`;
      return { ...report, displays: [...(report.displays ?? []), ...expressions.map((expression) => ({ expression, error: why }))] };
    }
    const values = await this.evaluate(expressions);
    return { ...report, displays: [...(report.displays ?? []), ...values] };
  }
}
