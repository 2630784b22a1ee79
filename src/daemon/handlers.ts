// The daemon's dispatch: a request's command is looked up in the contract, its arguments are
// validated there (and checked across fields, ../ipc/meta.ts), and the handler of its group runs.
// Handlers are typed by the contract, so a command without a handler (or a handler replying the
// wrong shape) fails `tsc`. A batch is the dispatcher's own: it runs each step as a request.
import { DebuggerError, toErrorData } from "../common/errors.ts";
import { parseArgs, type ArgsOut, type BatchOk, type BatchReply, type Replies } from "../ipc/commands.ts";
import { checkArgs, cliSpelling } from "../ipc/calls.ts";
import { isCommand, type CommandName } from "../ipc/meta.ts";
import type { Request } from "../ipc/protocol.ts";
import { ClientGone, leaveStopped } from "./cancel.ts";
import { breakpointHandlers } from "./handlers/breakpoints.ts";
import type { Session } from "./session/session.ts";
import type { Caller, DaemonContext, Handler, Handlers, ReplyStream } from "./handlers/common.ts";
import { executionHandlers } from "./handlers/execution.ts";
import { inspectionHandlers } from "./handlers/inspection.ts";
import { outputHandlers } from "./handlers/output.ts";
import { runHandlers } from "./handlers/run.ts";
import { diffHandlers } from "./handlers/diff.ts";
import { sessionHandlers } from "./handlers/session.ts";
import { testHandlers } from "./handlers/test.ts";
import { toolHandlers } from "./handlers/tools.ts";

export type { DaemonContext, ReplyStream } from "./handlers/common.ts";

type Single = Exclude<CommandName, "batch">;

const handlers: Handlers<Single> = {
  ...sessionHandlers,
  ...runHandlers,
  ...diffHandlers,
  ...testHandlers,
  ...breakpointHandlers,
  ...executionHandlers,
  ...inspectionHandlers,
  ...outputHandlers,
  ...toolHandlers,
};

function known(command: string): CommandName {
  // Own keys only: `__proto__` or `constructor` never reach a handler.
  if (!isCommand(command)) {
    throw new DebuggerError(
      "UNKNOWN_COMMAND",
      `the daemon does not know the command '${command}'`,
      "`debugger --help` lists the commands; a CLI and daemon of different versions? `debugger daemon stop`",
    );
  }
  return command;
}

export async function handle(req: Request, ctx: DaemonContext, stream?: ReplyStream): Promise<unknown> {
  const command = known(req.command);
  const caller = { session: req.session, cwd: req.cwd };
  if (command === "batch") return batch(parseArgs("batch", req.args), caller, ctx, stream);
  return run(command, req.args, caller, ctx, stream);
}

async function run<C extends Single>(command: C, raw: unknown, caller: Caller, ctx: DaemonContext, stream?: ReplyStream): Promise<Replies[C]> {
  const args = parseArgs(command, raw);
  checkArgs(command, args, cliSpelling);
  const handler: Handler<C> = handlers[command];
  return handler(args, caller, ctx, stream);
}

/**
 * Runs each command in order as a request of its own (execution commands wait for their stop as
 * usual) and stops at the first failure unless `keepGoing`. When the client goes away the rest of
 * the plan is not run, and the session's next reply says where it stopped.
 */
async function batch(a: ArgsOut<"batch">, caller: Caller, ctx: DaemonContext, stream?: ReplyStream): Promise<Replies["batch"]> {
  const replies: BatchReply[] = [];
  // A pause on a session the plan drives (Ctrl-C in the CLI) stops the plan after the step under way.
  const pausesAtFirstSight = new Map<Session, number>();
  const see = (name: string, created = false) => {
    const s = ctx.registry.find(name);
    if (s && !pausesAtFirstSight.has(s)) pausesAtFirstSight.set(s, created ? 0 : s.control.interrupts);
  };
  for (const [i, c] of a.commands.entries()) {
    const session = c.session ?? caller.session;
    if (i > 0 && [...pausesAtFirstSight].some(([s, n]) => s.control.interrupts !== n))
      return { replies, ran: replies.length, total: a.commands.length, interrupted: true };
    see(session);
    try {
      const command = known(c.command);
      if (command === "batch") throw new DebuggerError("USAGE", "a batch cannot contain another batch", "put the commands in one file");
      if (stream?.signal?.aborted) throw new ClientGone();
      // A `pause` written in the plan is a step of it, not an interrupt of it: its own pause is not counted.
      const own = command === "pause" ? ctx.registry.find(session) : undefined;
      const before = own?.control.interrupts;
      try {
        replies.push(await step(command, c.args, { session, cwd: caller.cwd }, ctx, stream));
      } finally {
        // A session this step created (start) counts every pause it had.
        see(session, true);
        if (own && before !== undefined && pausesAtFirstSight.has(own))
          pausesAtFirstSight.set(own, pausesAtFirstSight.get(own)! + own.control.interrupts - before);
      }
    } catch (e) {
      if (e instanceof ClientGone) {
        // A program a step set running is left stopped.
        const s = ctx.registry.find(session);
        const where = s?.live ? await leaveStopped(s) : undefined;
        ctx.notify?.(
          session,
          `the batch was interrupted at step ${i + 1} of ${a.commands.length} (${c.command}; its client went away)${where ? `; ${where}` : ""}`,
        );
        throw e;
      }
      replies.push({ ok: false, command: c.command, session, error: toErrorData(e) });
      if (!a.keepGoing) break;
    }
  }
  return { replies, ran: replies.length, total: a.commands.length };
}

async function step<C extends Single>(command: C, raw: unknown, caller: Caller, ctx: DaemonContext, stream?: ReplyStream): Promise<BatchOk<C>> {
  const data = await run(command, raw, caller, ctx, stream);
  return { ok: true, command, session: caller.session, data };
}
