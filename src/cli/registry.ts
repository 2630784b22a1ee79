// The command table: every CLI command, the global flags, the groups with sub-commands, and how a
// command line is split into the command's words and everything else. The definition files give
// a tree (commands, and groups holding theirs); the table is that tree laid flat, with the groups'
// spellings and defaults beside it. run.ts hands it to the bodies that read it (help, completion,
// batch) through their context, so what is parsed, what help shows and what completes are one
// list, and no body imports it. A plain command does not load it: its words find their own
// definition file through lazyTable.ts, and both tables are built by tableCore.ts.
import { adminCommands } from "./admin.ts";
import { batchCommands } from "./batchCommand.ts";
import { breakpointCommands } from "./breakpoints.ts";
import { executionCommands } from "./execution.ts";
import { inspectionCommands } from "./inspection.ts";
import { outputCommands } from "./output.ts";
import { runCommands } from "./oneShot.ts";
import { diffCommands } from "./diff.ts";
import { sessionCommands } from "./session.ts";
import { testCommands } from "./test.ts";
import type { CommandLine, CommandSpec, CommandTable, Definition, Found } from "./spec.ts";
import {
  checkPositionals,
  executionFlags,
  findIn,
  flagsOf,
  flatten,
  globalFlags,
  groupOf,
  isExecution,
  splitWith,
  subCommandsIn,
  summaryOf,
} from "./tableCore.ts";
import { toolCommands } from "./tools.ts";
import { guideCommands } from "./guide.ts";
import { mcpCommands } from "./mcp.ts";

const definitions: Definition[] = [
  ...sessionCommands,
  ...runCommands,
  ...diffCommands,
  ...testCommands,
  ...breakpointCommands,
  ...executionCommands,
  ...inspectionCommands,
  ...outputCommands,
  ...toolCommands,
  ...guideCommands,
  ...mcpCommands,
  ...batchCommands,
  ...adminCommands,
];

const flat = flatten(definitions);
export const commands: CommandSpec[] = flat.commands;
/** Group words that need a second word (`breakpoint add`), with the default sub-command. */
export const groups: Record<string, string | undefined> = flat.groups;
export const groupAliases: Record<string, string> = flat.groupAliases;

export { checkPositionals, executionFlags, flagsOf, globalFlags, groupOf, isExecution, summaryOf };

export function subCommands(group: string): CommandSpec[] {
  return subCommandsIn(commands, group);
}

export function findCommand(words: string[]): Found {
  return findIn(flat, words);
}

export function splitCommandLine(argv: readonly string[]): CommandLine {
  return splitWith(argv, groups, groupAliases);
}

/** The table as the bodies see it. */
export const table: CommandTable = {
  commands,
  globalFlags,
  groups,
  groupAliases,
  flagsOf,
  findCommand,
  splitCommandLine,
  subCommands,
  isExecution,
  groupOf,
  summaryOf,
  checkPositionals,
};
