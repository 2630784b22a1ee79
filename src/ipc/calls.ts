// Building and checking a call of a contract command, for every sender (CLI, batch plans, MCP)
// and the daemon: `call` types a request's arguments by the contract, and `checkArgs` makes the
// checks across arguments that a schema cannot say (combinations, location syntax), in the
// sender's own spelling. Free of valibot: the CLI runs it on every command.
import { DebuggerError } from "../common/errors.ts";
import { checkLocationSyntax } from "../common/location.ts";
import { commandAsArgsHint, shownWords } from "../common/launchMistakes.ts";
import type { ArgsIn, CallOf } from "./commands.ts";
import type { CommandName, Single } from "./meta.ts";

/** A call of C: a function call, so `tsc` holds the arguments to C's (a misspelt one is an error). */
export function call<C extends CommandName>(command: C, args: ArgsIn<C>): CallOf<C> {
  return { command, args };
}

/**
 * The commands that share an argument a sender reads back from a call, each list written out:
 * `argOf` and `setArg` take the key only where every listed command has it, so renaming it in any
 * of them fails `tsc` at each reader, not only where the command is built (backtrace's `locals` is
 * a boolean of its own: the same name, another argument). test/unit/cliRequests.test.ts holds each
 * list equal to the commands whose schema has the argument.
 */
export const argHolders = {
  /** The stop report's `locals` mode (none, changed, all). */
  locals: ["start", "attach", "restart", "test", "run", "continue", "next", "step", "finish", "until", "pause", "await", "trace"],
  /** Wait for the stop (`--no-wait`). */
  wait: ["start", "attach", "restart", "test", "continue", "next", "step", "finish", "until", "pause"],
  /** A file the started program reads as its stdin. */
  stdin: ["start", "attach", "run", "test"],
  /** The name of a process to wait for, then attach. */
  waitFor: ["attach"],
} as const satisfies Record<string, readonly Single[]>;

/** Argument K of a call where the call is one of `holders` (else undefined): K must be an argument of each of them. */
export function argOf<C extends Single, K extends keyof ArgsIn<C> & string>(call: CallOf<Single>, holders: readonly C[], key: K): ArgsIn<C>[K] | undefined {
  return (holders as readonly Single[]).includes(call.command) ? (call.args as ArgsIn<C>)[key] : undefined;
}

/** Sets argument K of a call of one of `holders` (the sender fills it in: a copied stdin's path). */
export function setArg<C extends Single, K extends keyof ArgsIn<C> & string>(call: CallOf<Single>, holders: readonly C[], key: K, value: ArgsIn<C>[K]): void {
  if (!(holders as readonly Single[]).includes(call.command)) throw new Error(`${call.command} takes no ${key}`);
  (call.args as ArgsIn<C>)[key] = value;
}

/**
 * How a front end names an argument in messages: the CLI says `--connect`, MCP says `connect`.
 * `example(cli, mcp)` picks the hint's example in the caller's own syntax.
 */
export interface Spelling {
  arg(name: string): string;
  example(cli: string, mcp: string): string;
}

export const cliSpelling: Spelling = {
  arg: (name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
  example: (cli) => cli,
};

export const mcpSpelling: Spelling = {
  arg: (name) => name,
  example: (_cli, mcp) => mcp,
};

type Check<C extends CommandName> = (args: ArgsIn<C>, say: Spelling) => void;

function usage(message: string, hint: string): DebuggerError {
  return new DebuggerError("USAGE", message, hint);
}

/**
 * Checks a schema cannot say (combinations, location syntax), made by each sender before the
 * request goes out, so a mistake is a usage error with the sender's own spelling; the daemon
 * makes the ones a raw request could get past.
 */
export const checks: { [C in CommandName]?: Check<C> } = {
  start: (a, say) => checkLaunch("start", a, say),
  attach(a, say) {
    connectNeedsAdapter(a, say);
    if (a.pid === undefined && a.connect === undefined && a.waitFor === undefined) {
      throw usage(
        say.example("attach needs a PID, --wait NAME or --connect HOST:PORT", "attach needs pid, waitFor (a process name) or connect {host, port}"),
        say.example(
          "`debugger attach 12345`, `debugger attach --wait myserver` or `debugger attach --connect 127.0.0.1:5678 --adapter debugpy`",
          'e.g. {"pid": 12345}, {"waitFor": "myserver"} or {"connect": {"host": "127.0.0.1", "port": 5678}, "adapter": "debugpy"}',
        ),
      );
    }
    if (a.waitFor !== undefined && (a.pid !== undefined || a.connect !== undefined)) {
      throw usage(
        `${say.example("--wait NAME", "waitFor")} finds the process itself: it takes no ${say.example("PID", "pid")} or ${say.arg("connect")}`,
        say.example(`\`debugger attach --wait ${a.waitFor}\``, `e.g. {"waitFor": "${a.waitFor}"}`),
      );
    }
    for (const b of a.break ?? []) checkLocationSyntax(b);
  },
  test(a, say) {
    if (!a.command.length)
      throw usage(
        "test needs the command that runs the tests",
        say.example("`debugger test -- pytest -x` (the command after --)", 'e.g. {"command": ["pytest", "-x"]}'),
      );
    for (const b of a.break ?? []) checkLocationSyntax(b);
  },
  "breakpoint.add": (a) => void checkLocationSyntax(a.location),
  until: (a) => void checkLocationSyntax(a.location),
  trace: (a) => void checkLocationSyntax(a.location),
  run: (a, say) => checkLaunch("run", a, say),
  diff(a) {
    for (const b of a.break ?? []) checkLocationSyntax(b);
  },
  backtrace(a, say) {
    if (a.all && (a.thread !== undefined || a.locals)) {
      throw usage(
        `${say.arg("all")} shows every thread: it takes no ${say.arg("thread")} or ${say.arg("locals")}`,
        say.example(
          "`debugger backtrace --all`, then `debugger backtrace --thread ID --locals`",
          'backtrace {"all": true}, then backtrace {"thread": ID, "locals": true}',
        ),
      );
    }
  },
  "breakpoint.remove"(a, say) {
    if (!a.all && !a.ids?.length) throw usage(`breakpoint remove needs ids or ${say.arg("all")}`, "`debugger breakpoint list` shows the ids");
  },
  undisplay(a, say) {
    if (!a.all && !a.ids?.length) throw usage(`undisplay needs ids or ${say.arg("all")}`, "`debugger display` lists them");
  },
};

/** start and run launch a program the same way (one definition, commands.ts `launchArgs`): the same checks. */
function checkLaunch(command: "start" | "run", a: ArgsIn<"start"> | ArgsIn<"run">, say: Spelling): void {
  const core = "core" in a ? a.core : undefined;
  const pid = "pid" in a ? a.pid : undefined;
  // The command line after -- with no PROGRAM (`run --break f.py:4 -- python3 -m pytest`): say what it is taken for, and the call meant.
  if (!a.program && !a.module && a.args?.length) {
    throw usage(
      `${command} needs ${say.example("PROGRAM", "program")}: ${say.example(`the words after -- (\`${shownWords(a.args)}\`) are its arguments`, `args (${shownWords(a.args)}) are its arguments`)}, not the program`,
      commandAsArgsHint(command, a.args, a.break ?? []),
    );
  }
  if (!a.program && !a.module)
    throw usage(
      `${command} needs ${say.example("PROGRAM", "program")} (the executable to debug) or ${say.arg("module")} (a Python module)`,
      say.example(
        `\`debugger ${command} ./app -- ARGS\`, \`debugger ${command} -m pkg.app -- ARGS\` or \`debugger ${command} --config NAME\` (a launch.json configuration)`,
        'e.g. {"program": "./app", "break": ["main.c:42"]}',
      ),
    );
  const connect = "connect" in a ? a.connect : undefined;
  if (a.module && (a.program || core || connect || pid))
    throw usage(
      `${say.arg("module")} runs a Python module: it takes no program${command === "start" ? `, ${say.arg("core")} or ${say.arg("connect")}` : ""}`,
      say.example(`\`debugger ${command} -m pkg.app -- ARGS\``, 'e.g. {"module": "pkg.app", "args": ["--help"]}'),
    );
  connectNeedsAdapter({ connect, adapter: a.adapter }, say);
  for (const b of a.break ?? []) checkLocationSyntax(b);
}

function connectNeedsAdapter(a: { connect?: unknown; adapter?: string }, say: Spelling): void {
  if (a.connect !== undefined && !a.adapter) {
    throw usage(
      `${say.arg("connect")} needs ${say.arg("adapter")} to know how to talk to it`,
      say.example("e.g. --adapter debugpy, --adapter delve or --adapter lldb-dap", 'e.g. adapter: "debugpy", "delve" or "lldb-dap"'),
    );
  }
}

/** Runs the command's cross-field checks, if it has any. */
export function checkArgs<C extends CommandName>(command: C, args: ArgsIn<C>, say: Spelling): void {
  const check = checks[command];
  check?.(args, say);
}
