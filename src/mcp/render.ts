// Tool results read like the CLI's human mode: the same renderers, found through the CLI command
// that sends each contract command; the JSON document goes beside them as structured content.
import type { ErrorData } from "../common/errors.ts";
import type { BatchReply, CommandName } from "../ipc/commands.ts";
import type { ParsedArgs } from "../cli/args.ts";
import { commands } from "../cli/registry.ts";
import type { CliContext, CommandSpec } from "../cli/spec.ts";

const NO_ARGS: ParsedArgs = { positionals: [], flags: {}, rest: [], sawDoubleDash: false };

function specFor(command: string): CommandSpec | undefined {
  return commands.find((c) => c.command === command);
}

export function errorText(e: ErrorData): string {
  return `error: ${e.message} [${e.code}]${e.hint ? `\nhint: ${e.hint}` : ""}`;
}

export function renderReply(command: CommandName, data: unknown, ctx: CliContext): string {
  if (command === "batch") return renderBatch(data as { replies: BatchReply[]; ran: number; total: number }, ctx);
  const spec = specFor(command);
  if (!spec) return JSON.stringify(data);
  return spec.render(data as never, NO_ARGS, ctx);
}

function renderBatch(d: { replies: BatchReply[]; ran: number; total: number }, ctx: CliContext): string {
  const parts = d.replies.map((r) => {
    const body = r.ok ? renderReply(r.command as CommandName, r.data, { ...ctx, session: r.session ?? ctx.session }) : errorText(r.error as ErrorData);
    return `» ${r.command}${body ? `\n${body}` : ""}`;
  });
  if (d.ran < d.total) parts.push(`(stopped after ${d.ran} of ${d.total}; keepGoing runs past a failure)`);
  return parts.join("\n");
}
