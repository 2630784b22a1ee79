// What a breakpoint condition costs per pass when the adapter checks it, measured on the project's
// machine (docs/decisions.md, issue 31 item 7: a hot loop of 2,000 and 6,000 passes, condition
// never true, the difference per pass). An adapter says nothing per pass, so this is how the
// passes it checked are estimated from the time, and which installed adapter is markedly faster.

/**
 * Milliseconds per pass of a false condition, checked by the adapter itself. Delve and debugpy
 * check one below what a busy machine lets this method tell from noise (< 0.1 ms): no figure, so
 * their report gives the time alone.
 */
export const CONDITION_MS: Record<string, number> = { "lldb-dap": 2.4, gdb: 0.8 };

/** Markedly: at least this many times faster. */
const MARKEDLY = 2;

/** Adapters that debug the same programs (native code), each a candidate for the others. */
const SAME_PROGRAMS = [["lldb-dap", "gdb"]];

/** The adapter that checks a condition markedly faster for the same programs, if installed (INSTALLED says). */
export function fasterAdapter(adapter: string, installed: (name: string) => boolean): { adapter: string; msEach: number } | undefined {
  const mine = CONDITION_MS[adapter];
  if (mine === undefined) return undefined;
  for (const group of SAME_PROGRAMS) {
    if (!group.includes(adapter)) continue;
    for (const other of group) {
      const theirs = CONDITION_MS[other];
      if (other !== adapter && theirs !== undefined && theirs * MARKEDLY <= mine && installed(other)) return { adapter: other, msEach: theirs };
    }
  }
  return undefined;
}
