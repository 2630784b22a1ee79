// The `batch` command's definition; its code (./batch.ts) loads only when a plan runs.
import type { CommandSpec } from "./spec.ts";

export const batchCommands: CommandSpec[] = [
  {
    group: "tools",
    name: "batch",
    summary: "Run a plan: one command per line from FILE or stdin, each reply under its line; stops at the first failure",
    positionals: [{ name: "file", description: "commands, one per line (default: stdin; # starts a comment)" }],
    flags: { "keep-going": { type: "boolean", alias: "k", description: "run the remaining lines after a failure" } },
    examples: [
      "printf 'start ./app --break \"main.c:42 if n > 3\" --print n\\nbacktrace\\nprint a b\\nstop\\n' | debugger batch",
      "debugger batch plan.txt --keep-going",
    ],
    run: async (a, ctx) => (await import("./batch.ts")).runBatch(a.positionals[0], a.flags["keep-going"] === true, ctx),
  },
];
