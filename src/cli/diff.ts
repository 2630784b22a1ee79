// `debugger diff`: one program run twice, `--a 'ARGS'` against `--b 'ARGS'` (each side's stdin and
// environment too), with the same breakpoints and prints, and the two runs compared by the daemon
// (../daemon/handlers/diff.ts). Its reply's text is ../present/diff.ts.
import { callerAdapterOption } from "../common/callerAdapter.ts";
import { sentEnv, sentEnvView } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { splitWords } from "../common/launchConfig.ts";
import { call } from "../ipc/calls.ts";
import type { ParsedArgs } from "./args.ts";
import { adapterFlags, clearEnvFlag, parseEnv } from "./session.ts";
import { bool, list, num, str, type CommandSpec } from "./spec.ts";

function side(a: ParsedArgs, s: "a" | "b"): { args: string[]; stdin?: string; env: Record<string, string>; test?: string } {
  const text = str(a, s);
  let args: string[] = [];
  try {
    args = text === undefined ? [] : splitWords(text);
  } catch (e) {
    throw new DebuggerError("USAGE", `--${s}: ${(e as Error).message}`, `quote run ${s}'s arguments as one string, e.g. --${s} 'input.txt -v'`);
  }
  const stdin = str(a, `${s}-stdin`);
  if (stdin === "-") throw new DebuggerError("USAGE", `--${s}-stdin - cannot be read twice`, `save it to a file first, then --${s}-stdin FILE`);
  const test = str(a, `test-${s}`);
  return { args, ...(stdin !== undefined ? { stdin } : {}), env: parseEnv(list(a, `${s}-env`)), ...(test !== undefined ? { test } : {}) };
}

export const diffCommands: CommandSpec[] = [
  {
    command: "diff",
    name: "diff",
    positionals: [{ name: "program", description: "the executable (or script) run twice" }],
    passThrough: true,
    passThroughUsage: "[-- TEST COMMAND…]",
    flags: {
      a: {
        type: "string",
        description: "run a's arguments, as one string split as a shell would ('in1.txt -v'; --a='--flag x' when it starts with --)",
        valueHint: "'ARGS'",
      },
      b: { type: "string", description: "run b's arguments, the same way", valueHint: "'ARGS'" },
      "a-stdin": { type: "string", description: "file run a reads as its stdin", valueHint: "FILE" },
      "b-stdin": { type: "string", description: "file run b reads as its stdin", valueHint: "FILE" },
      "a-env": { type: "string", repeat: true, description: "environment variable for run a only, on top of this shell's", valueHint: "KEY=VALUE" },
      "b-env": { type: "string", repeat: true, description: "environment variable for run b only", valueHint: "KEY=VALUE" },
      "test-a": {
        type: "string",
        description:
          "two tests of one suite, instead of PROGRAM: run a is this test of the command after -- (a pytest node id or -k name, a unittest name, a go test or cargo test name)",
        valueHint: "NAME",
      },
      "test-b": { type: "string", description: "run b's test, the same way", valueHint: "NAME" },
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
      "debugger diff --break calc.py:12 --print total --test-a test_small --test-b test_big -- pytest tests/test_calc.py",
    ],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1))
        throw new DebuggerError("USAGE", `--max takes a whole number of stops, not '${max}'`, "e.g. --max 500");
      const program = a.positionals[0];
      const tests = str(a, "test-a") !== undefined || str(a, "test-b") !== undefined;
      if (tests && !a.rest.length)
        throw new DebuggerError(
          "USAGE",
          "--test-a/--test-b name tests of the command after --",
          "`debugger diff --break calc.py:12 --print total --test-a test_ok --test-b test_bad -- pytest tests/test_calc.py`",
        );
      if (tests && program !== undefined)
        throw new DebuggerError(
          "USAGE",
          `with --test-a/--test-b the tests' command is the program: '${program}' is not needed`,
          `put it after --: \`debugger diff … -- ${[program, ...a.rest].join(" ")}\``,
        );
      if (!tests && a.rest.length)
        throw new DebuggerError(
          "USAGE",
          "a command after -- is diff's test command: name the two tests with --test-a NAME --test-b NAME",
          "or, to run a program twice: `debugger diff ./app --break app.c:42 --a 'ARGS' --b 'ARGS'`",
        );
      if (program === undefined && !tests)
        throw new DebuggerError(
          "USAGE",
          "'diff' needs PROGRAM (or two tests: --test-a NAME --test-b NAME -- TEST COMMAND)",
          "`debugger diff ./app --break app.c:42 --print x --a 'in1' --b 'in2'`",
        );
      const breaks = list(a, "break");
      if (!breaks.length)
        throw new DebuggerError(
          "USAGE",
          "'diff' needs a breakpoint: its stops are what is compared",
          "add --break FILE:LINE (and --print EXPR for the values to compare)",
        );
      return call("diff", {
        ...(tests ? { command: a.rest } : { program }),
        a: side(a, "a"),
        b: side(a, "b"),
        break: breaks,
        print: list(a, "print"),
        ignore: list(a, "ignore"),
        addresses: bool(a, "addresses"),
        adapter: str(a, "adapter"),
        ...(sentEnvView().DEBUGGER_ADAPTER ? { options: callerAdapterOption() } : {}),
        clearEnv: bool(a, "clear-env"),
        callerEnv: sentEnv(),
        max,
        timeout: ctx.timeout,
      });
    },
  },
];
