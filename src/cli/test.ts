// `debugger test [flags] -- CMD…`: the project's own test command, run under the debugger, stopped
// at the first failing test in the test's frame. Its summary and reply text are the contract's.
import { call } from "../ipc/calls.ts";
import { adapterArgs, adapterFlags, clearEnvFlag, envArgs, stdinFlag, viaArgs, viaFlags, withTarget } from "./session.ts";
import { DebuggerError } from "../common/errors.ts";
import { bool, list, localsFlag, num, printFlag, str, type CommandSpec } from "./spec.ts";

export const testCommands: CommandSpec[] = [
  {
    command: "test",
    name: "test",
    passThrough: true,
    passThroughUsage: "-- TEST COMMAND…",
    flags: {
      adapter: adapterFlags.adapter!,
      python: adapterFlags.python!,
      "just-my-code": adapterFlags["just-my-code"]!,
      break: {
        type: "string",
        alias: "b",
        repeat: true,
        description: "LOC, 'LOC if COND', 'LOC print X, Y' (its stops only), set before the tests run",
        valueHint: "LOC",
      },
      "stop-on-failure": { type: "boolean", description: "stop where a test fails (default; --no-stop-on-failure stops at breakpoints only)" },
      cwd: { type: "string", description: "working directory of the tests (default: where the runner would run them)", valueHint: "DIR" },
      env: { type: "string", repeat: true, description: "environment variable for the tests, on top of this shell's environment", valueHint: "KEY=VALUE" },
      ...clearEnvFlag,
      ...stdinFlag,
      ...printFlag,
      max: {
        type: "number",
        description: "walk as `run` does: a row per breakpoint stop, up to N, then the failure; the session ends (a --break with prints walks so, up to 20)",
        valueHint: "N",
      },
      keep: { type: "boolean", description: "with --max or prints: leave the session at its last stop to inspect" },
      ...viaFlags,
    },
    examples: [
      "debugger test -- pytest -x tests/test_calc.py",
      "debugger test --break 'src/rle.rs:58 if run > 130 print run, control' --max 10 -- cargo test --test roundtrip mask",
      "debugger test --break 'cache.go:199 print it.key' -- go test ./session -run TestEvict",
      "debugger test -- go test ./... -run TestAdd",
      "debugger test -- cargo test parse",
      "debugger test -- tox -e py",
      "debugger test -- node --test --test-name-pattern 'adds up' test/calc.test.js",
      "debugger test -- npx vitest run",
      "debugger test -- npm test",
      "debugger test --break calc.py:4 --no-stop-on-failure -- python -m unittest",
    ],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1))
        throw new DebuggerError("USAGE", `--max takes a whole number of stops, not '${max}'`, "e.g. --max 5");
      return withTarget(a, (via) =>
        call("test", {
          command: a.rest,
          cwd: str(a, "cwd"),
          ...envArgs(a),
          stdin: str(a, "stdin"),
          ...viaArgs(a),
          ...via,
          adapter: str(a, "adapter"),
          options: adapterArgs(a).options,
          stopOnFailure: bool(a, "stop-on-failure") ?? true,
          break: list(a, "break"),
          wait: ctx.wait,
          timeout: ctx.timeout,
          print: list(a, "print"),
          locals: localsFlag(a),
          max,
          keep: bool(a, "keep"),
        }),
      );
    },
  },
];
