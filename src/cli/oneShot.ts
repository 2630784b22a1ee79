// `debugger run`: a whole hunt in one call — start, one row of values per breakpoint stop, the end
// (or the crash, whole), and no session left behind. The shape of `gdb -batch -ex 'break …'
// -ex 'commands …' -ex run`. Its reply's text is ../present/run.ts.
import { DebuggerError } from "../common/errors.ts";
import { call } from "../ipc/calls.ts";
import type { ArgsIn } from "../ipc/commands.ts";
import { configName, programArgs, programFlags, withTarget } from "./session.ts";
import { bool, list, num, localsFlag, printFlag, type CommandSpec } from "./spec.ts";

export const runCommands: CommandSpec[] = [
  {
    command: "run",
    name: "run",
    positionals: [{ name: "program", description: "the executable to debug (or --module, --config NAME)" }],
    passThrough: true,
    flags: {
      break: { type: "string", alias: "b", repeat: true, description: "LOC, 'LOC if COND', 'LOC print X, Y' (its stops only)", valueHint: "LOC" },
      ...printFlag,
      max: { type: "number", description: "end after N stops (default 20)", valueHint: "N" },
      keep: { type: "boolean", description: "leave the session at its last stop to inspect" },
      ...programFlags,
    },
    examples: [
      "debugger run ./app --break 'parse.c:42 if len > 100' --print len --print 'buf[0]' --max 5 -- input.txt",
      "debugger run ./app --break 'parse.c:42 print len, buf[0]' --break 'parse.c:80 print out' -- input.txt",
      "debugger run app.py --break 'app.py:30 if row > 2 print row, total' -- data.csv",
      "debugger run ./app --via 'docker exec -i web' --break main.c:42 --print argc",
    ],
    call: (a, ctx) => {
      const max = num(a, "max");
      if (max !== undefined && (!Number.isInteger(max) || max < 1))
        throw new DebuggerError("USAGE", `--max takes a whole number of stops, not '${max}'`, "e.g. --max 5");
      return withTarget(a, (via) => {
        const args: ArgsIn<"run"> = {
          ...programArgs(a),
          ...via,
          print: list(a, "print"),
          locals: localsFlag(a),
          max,
          keep: bool(a, "keep"),
          timeout: ctx.timeout,
        };
        const config = configName(a, "run");
        if (config !== undefined) return import("./launch.ts").then((m) => m.runCall(config, a, ctx, args));
        return call("run", args);
      });
    },
  },
];
