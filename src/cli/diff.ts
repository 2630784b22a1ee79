// `debugger diff`: one program run twice, `--a 'ARGS'` against `--b 'ARGS'` (each side's stdin and
// environment too), with the same breakpoints and prints, and the two runs compared by the daemon
// (../daemon/handlers/diff.ts). Its reply's text is ../present/diff.ts.
import { callerAdapterOption } from "../common/callerAdapter.ts";
import { ownEnv } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { splitWords } from "../common/launchConfig.ts";
import { call } from "../ipc/calls.ts";
import type { ParsedArgs } from "./args.ts";
import { adapterFlags, clearEnvFlag, parseEnv } from "./session.ts";
import { bool, list, num, str, type CommandSpec } from "./spec.ts";

function side(a: ParsedArgs, s: "a" | "b"): { args: string[]; stdin?: string; env: Record<string, string> } {
  const text = str(a, s);
  let args: string[] = [];
  try {
    args = text === undefined ? [] : splitWords(text);
  } catch (e) {
    throw new DebuggerError("USAGE", `--${s}: ${(e as Error).message}`, `quote run ${s}'s arguments as one string, e.g. --${s} 'input.txt -v'`);
  }
  const stdin = str(a, `${s}-stdin`);
  if (stdin === "-") throw new DebuggerError("USAGE", `--${s}-stdin - cannot be read twice`, `save it to a file first, then --${s}-stdin FILE`);
  return { args, ...(stdin !== undefined ? { stdin } : {}), env: parseEnv(list(a, `${s}-env`)) };
}

export const diffCommands: CommandSpec[] = [
  {
    command: "diff",
    name: "diff",
    positionals: [{ name: "program", description: "the executable (or script) run twice" }],
    flags: {
      a: { type: "string", description: "run a's arguments, as one string split as a shell would ('in1.txt -v'; --a='--flag x' when it starts with --)", valueHint: "'ARGS'" },
      b: { type: "string", description: "run b's arguments, the same way", valueHint: "'ARGS'" },
      "a-stdin": { type: "string", description: "file run a reads as its stdin", valueHint: "FILE" },
      "b-stdin": { type: "string", description: "file run b reads as its stdin", valueHint: "FILE" },
      "a-env": { type: "string", repeat: true, description: "environment variable for run a only, on top of this shell's", valueHint: "KEY=VALUE" },
      "b-env": { type: "string", repeat: true, description: "environment variable for run b only", valueHint: "KEY=VALUE" },
      break: { type: "string", repeat: true, description: "LOC or 'LOC if COND', for both runs", valueHint: "LOC" },
      print: { type: "string", repeat: true, description: "evaluated at every stop of both runs and compared", valueHint: "EXPR" },
      ignore: { type: "string", repeat: true, description: "leave this --print expression out of the comparison", valueHint: "EXPR" },
      addresses: { type: "boolean", description: "count differing addresses (0x…) as differences (by default they are not)" },
      max: { type: "number", description: "stops recorded per run (default 200)", valueHint: "N" },
      adapter: adapterFlags.adapter!,
      ...clearEnvFlag,
    },
    examples: [
      "debugger diff ./sum --break sum.c:10 --print x --a '5 8' --b '5 08'",
      "debugger diff app.py --break app.py:30 --print total --a-stdin ok.csv --b-stdin bad.csv --b-env TZ=UTC",
    ],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1)) throw new DebuggerError("USAGE", `--max takes a whole number of stops, not '${max}'`, "e.g. --max 500");
      const program = a.positionals[0];
      if (program === undefined) throw new DebuggerError("USAGE", "'diff' needs PROGRAM", "`debugger diff ./app --break app.c:42 --print x --a 'in1' --b 'in2'`");
      const breaks = list(a, "break");
      if (!breaks.length) throw new DebuggerError("USAGE", "'diff' needs a breakpoint: its stops are what is compared", "add --break FILE:LINE (and --print EXPR for the values to compare)");
      return call("diff", { program, a: side(a, "a"), b: side(a, "b"), break: breaks, print: list(a, "print"), ignore: list(a, "ignore"), addresses: bool(a, "addresses"), adapter: str(a, "adapter"), ...(process.env.DEBUGGER_ADAPTER ? { options: callerAdapterOption() } : {}), clearEnv: bool(a, "clear-env"), callerEnv: ownEnv(), max, timeout: ctx.timeout });
    },
  },
];
