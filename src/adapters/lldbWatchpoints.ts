// LLDB's list of watchpoints, read where lldb-dap names a watchpoint stop by LLDB's own number
// (src/daemon/session/breakpoints/watchStops.ts maps the number to the watchpoint through its address).

/** LLDB's `watchpoint list -b`: `Watchpoint 3: addr = 0x7fffffffe60c size = 4 state = enabled type = m`. */
export function parseLldbWatchpoints(text: string): Map<number, bigint> {
  const out = new Map<number, bigint>();
  for (const m of text.matchAll(/^Watchpoint (\d+): addr = (0x[0-9a-f]+)/gim)) out.set(Number(m[1]), BigInt(m[2]!));
  return out;
}
