// The daemon's dispatch: a request's command is looked up in the contract, its arguments are
// validated there, and the handler of its group runs. Handlers are typed by the contract, so a
// command without a handler (or a handler replying the wrong shape) fails `tsc`.
import { DebuggerError } from "../common/errors.ts";
import { isCommand, parseArgs, type CommandName } from "../ipc/commands.ts";
import type { Request } from "../ipc/protocol.ts";
import { breakpointHandlers } from "./handlers/breakpoints.ts";
import type { DaemonContext, Handler, ReplyStream } from "./handlers/common.ts";
import { executionHandlers } from "./handlers/execution.ts";
import { inspectionHandlers } from "./handlers/inspection.ts";
import { outputHandlers } from "./handlers/output.ts";
import { runHandlers } from "./handlers/run.ts";
import { sessionHandlers } from "./handlers/session.ts";
import { toolHandlers } from "./handlers/tools.ts";

export type { DaemonContext, ReplyStream } from "./handlers/common.ts";

const handlers: { [C in CommandName]: Handler<C> } = {
  ...sessionHandlers,
  ...runHandlers,
  ...breakpointHandlers,
  ...executionHandlers,
  ...inspectionHandlers,
  ...outputHandlers,
  ...toolHandlers,
};

export async function handle(req: Request, ctx: DaemonContext, stream?: ReplyStream): Promise<unknown> {
  // Own keys only: `__proto__` or `constructor` never reach a handler.
  if (!isCommand(req.command)) {
    throw new DebuggerError("UNKNOWN_COMMAND", `the daemon does not know the command '${req.command}'`, "`debugger --help` lists the commands; a CLI and daemon of different versions? `debugger daemon stop`");
  }
  const command: CommandName = req.command;
  const handler = handlers[command] as Handler<CommandName>;
  return handler(parseArgs(command, req.args) as never, { session: req.session, cwd: req.cwd }, ctx, stream);
}
