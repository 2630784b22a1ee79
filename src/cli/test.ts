// `debugger test [flags] -- CMD…`: the project's own test command, run under the debugger, stopped
// at the first failing test in the test's frame.
import { DebuggerError } from "../common/errors.ts";
import { adapterArgs, adapterFlags, parseEnv, renderStart } from "./session.ts";
import { bool, daemonCommand, list, locations, printFlag, str, type CommandSpec } from "./spec.ts";

export const testCommands: CommandSpec[] = [
  daemonCommand({
    command: "test",
    name: "test",
    summary: "Run the tests under the debugger (pytest, python -m, go test, cargo test, ctest) and stop at the first failure, in the test's frame",
    passThrough: true,
    passThroughUsage: "-- TEST COMMAND…",
    execution: true,
    flags: {
      adapter: adapterFlags.adapter!,
      python: adapterFlags.python!,
      "just-my-code": adapterFlags["just-my-code"]!,
      break: { type: "string", alias: "b", repeat: true, description: "breakpoint to set before the tests run: LOC or 'LOC if COND'", valueHint: "LOC" },
      "stop-on-failure": { type: "boolean", description: "stop where a test fails (default; --no-stop-on-failure stops at breakpoints only)" },
      cwd: { type: "string", description: "working directory of the tests (default: where the runner would run them)", valueHint: "DIR" },
      env: { type: "string", repeat: true, description: "environment variable for the tests", valueHint: "KEY=VALUE" },
      ...printFlag,
    },
    examples: ["debugger test -- pytest -x tests/test_calc.py", "debugger test -- go test ./calc -run TestAdd", "debugger test -- cargo test parse", "debugger test --break calc.py:4 --no-stop-on-failure -- python -m unittest"],
    call: (a, ctx) => {
      const command = a.rest;
      if (!command.length) throw new DebuggerError("USAGE", "test needs the command that runs the tests", "`debugger test -- pytest -x` (the command after --)");
      const options = adapterArgs(a).options as Record<string, unknown>;
      return {
        command: "test",
        args: {
          command,
          cwd: str(a, "cwd"),
          env: parseEnv(list(a, "env")),
          adapter: str(a, "adapter"),
          options,
          stopOnFailure: bool(a, "stop-on-failure") ?? true,
          break: locations(list(a, "break")),
          path: process.env.PATH,
          wait: ctx.wait,
          timeout: ctx.timeout,
          print: list(a, "print"),
        },
      };
    },
    render: (d, a, ctx) => {
      const head = `Testing with ${d.runner}: ${[d.program, ...d.args].join(" ")}`;
      const notes = (d.notes ?? []).map((n) => `Note: ${n}.`);
      return [head, ...notes, renderStart(d, a, ctx)].join("\n");
    },
  }),
];
