// Fakes for the stop pipeline's unit tests: an adapter connection that answers from a table, a
// thread's frames, values and console, and the program's output.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { DapRequestMap } from "../../src/dap/types.ts";
import type { ReportContext } from "../../src/daemon/session/stops/stopReportBuilder.ts";
import type { StopReader } from "../../src/daemon/session/inspection/stopReader.ts";
import type { DisplayValue, StopReport, VariableView } from "../../src/ipc/types.ts";

export type Answers = { [C in keyof DapRequestMap]?: (args: DapRequestMap[C][0]) => DapRequestMap[C][1] };

/** An adapter connection that answers the requests given, and fails the others as an adapter would. */
export function fakeClient(answers: Answers, asked: string[] = []): ReportContext["client"] {
  return {
    request<C extends keyof DapRequestMap>(command: C, args?: DapRequestMap[C][0]): Promise<DapRequestMap[C][1]> {
      asked.push(command);
      const answer = answers[command] as ((a: DapRequestMap[C][0] | undefined) => DapRequestMap[C][1]) | undefined;
      return answer ? Promise.resolve(answer(args)) : Promise.reject(new Error(`${command}: not supported`));
    },
  };
}

export function frame(id: number, name: string, path: string | undefined, line: number): P.StackFrame {
  return { id, name, line, column: 1, ...(path ? { source: { path } } : {}) };
}

export interface Fake {
  frames?: P.StackFrame[] | Error;
  locals?: VariableView[];
  /** Values by expression; an expression not here fails to evaluate. */
  values?: Record<string, string>;
  /** What each console command prints. */
  console?: Record<string, string>;
  defaultThread?: number;
}

/** What the builder read, in order: `frames`, `locals@ID`, `eval EXPR@ID`, `displays@ID`, `raw COMMAND`. */
export function fakeReader(f: Fake, reads: string[]): StopReader {
  return {
    defaultThread: async () => f.defaultThread ?? 1,
    framesNow: async () => {
      reads.push("frames");
      if (f.frames instanceof Error) throw f.frames;
      return f.frames ?? [];
    },
    evaluateNow: async (_q, expression, _context, _format, frameId) => {
      reads.push(`eval ${expression}@${frameId}`);
      const value = f.values?.[expression];
      if (value === undefined) throw new Error(`no ${expression}`);
      return { result: value, variablesReference: 0 };
    },
    scopeVariablesNow: async (_q, frameId) => {
      reads.push(`locals@${frameId}`);
      return f.locals ?? [];
    },
    displaysNow: async (_q, items, frameId): Promise<DisplayValue[]> => {
      reads.push(`displays@${frameId}`);
      return items.map(({ id, expression }) =>
        f.values?.[expression] !== undefined ? { id, expression, value: f.values[expression] } : { id, expression, error: `no ${expression}` },
      );
    },
    rawNow: async (_q, command) => {
      reads.push(`raw ${command}`);
      return { result: f.console?.[command] ?? "" };
    },
  };
}

/** Program output: `text` is what the program wrote since the last report; `open` its last line has no end yet. */
export function fakeOutput(text = "", open = false): ReportContext["output"] {
  return {
    sinceReport: () => text,
    settled: async () => false,
    lineEnds: async () => open,
    attachTo: (report: StopReport) => {
      report.output = text;
    },
  };
}
