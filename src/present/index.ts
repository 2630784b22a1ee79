// The one presentation of replies as text, keyed by contract command: the CLI's human output,
// each step of a batch, and MCP tool results all read the same words. Pure functions of the reply
// and a view; nothing here talks to the daemon or parses arguments.
import type { ErrorData } from "../common/errors.ts";
import type { BatchReply, CommandName, Replies } from "../ipc/commands.ts";
import { breakpointPresenters } from "./breakpoints.ts";
import { executionPresenters } from "./execution.ts";
import { inspectionPresenters } from "./inspection.ts";
import { runPresenters } from "./run.ts";
import { diffPresenters } from "./diff.ts";
import { sessionPresenters } from "./session.ts";
import { outputPartial, toolPresenters } from "./tools.ts";
import type { Presenter, Presenters, View } from "./view.ts";

export type { View } from "./view.ts";

/** Commands that reply more than once, and how each partial reply reads. */
const partialPresenters: { [C in Exclude<CommandName, "batch">]?: Presenter<C> } = { output: outputPartial };

const presenters: Presenters<Exclude<CommandName, "batch">> = {
  ...sessionPresenters,
  ...runPresenters,
  ...diffPresenters,
  ...breakpointPresenters,
  ...executionPresenters,
  ...inspectionPresenters,
  ...toolPresenters,
};

/** The text of command C's reply. */
export function present<C extends Exclude<CommandName, "batch">>(command: C, reply: Replies[C], view: View): string {
  const p: Presenter<C> = presenters[command];
  return p(reply, view);
}

/** The text of one partial reply of C (`output --follow`); empty for a command that never sends one. */
export function presentPartial<C extends Exclude<CommandName, "batch">>(command: C, reply: Replies[C], view: View): string {
  const p = partialPresenters[command];
  return p ? p(reply, view) : "";
}

/** An error as every front end prints it: the message and code, and the hint on its own line. */
export function errorText(e: ErrorData): string {
  return `error: ${e.message} [${e.code}]${e.hint ? `\nhint: ${e.hint}` : ""}`;
}

/** How a front end labels the steps of a batch (the CLI: each line of the plan, as written). */
export interface BatchSteps {
  /** The heading of step I. */
  label(i: number, r: BatchReply): string;
  /** What step I's success shows: its caller may mute it (`--quiet` on a line) or rename it. */
  view?(i: number, base: View): View & { quiet?: boolean };
  /** The closing line when the batch stopped at a failure, or was interrupted (a pause, Ctrl-C). */
  stoppedEarly(ran: number, total: number, interrupted?: boolean): string;
}

/** A batch's replies, each under its step's label; a failed step shows its error. */
export function presentBatch(d: Replies["batch"], base: View, steps: BatchSteps): string {
  const parts = d.replies.map((r, i) => {
    const view = steps.view?.(i, { ...base, session: r.session }) ?? { ...base, session: r.session };
    const body = !r.ok ? errorText(r.error) : view.quiet ? "" : presentStep(r, view);
    return `» ${steps.label(i, r)}${body ? `\n${body}` : ""}`;
  });
  if (d.ran < d.total) parts.push(steps.stoppedEarly(d.ran, d.total, d.interrupted));
  return parts.join("\n");
}

function presentStep(r: Extract<BatchReply, { ok: true }>, view: View): string {
  // A nested batch is refused by the daemon; its reply would have no text of its own.
  return r.command === "batch" ? "" : present(r.command, r.data, view);
}
