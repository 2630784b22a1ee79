// `display` expressions: the session's list, evaluated at every stop (the report builder reads them).
import { DebuggerError } from "../../common/errors.ts";

export interface Display {
  id: number;
  expression: string;
}

export class Displays {
  private readonly items: Display[] = [];
  private nextId = 1;

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
}
