// Which watchpoint a stop is about when the adapter names none. lldb-dap 19 reports a watchpoint
// stop as reason "breakpoint", description "watchpoint 3", no hitBreakpointIds, and answers
// setDataBreakpoints without ids; it also deletes and re-creates every LLDB watchpoint on each set
// (in reverse order), so LLDB's number says nothing by itself. LLDB's own list maps the number to
// an address, and the address to the dataId the daemon set (lldb-dap's dataId is `ADDR/SIZE`).
import type { AdapterSpec } from "../../../adapters/types.ts";
import type { Breakpoint } from "./breakpointRegistry.ts";
import { inferWatchpoint } from "../stops/stopReport.ts";

type Watch = Pick<Breakpoint, "id" | "location" | "enabled" | "adapterId" | "dataId">;

/** The debugger's own number in a watchpoint stop's description: LLDB's "watchpoint 3", newer lldb-dap's "data breakpoint 3". */
export function watchNumber(description: string | undefined): number | undefined {
  const m = /^(?:watchpoint|data breakpoint) (\d+)\b/i.exec(description?.trim() ?? "");
  return m ? Number(m[1]) : undefined;
}

/** The address a dataId names: lldb-dap's `7FFFFFFFE60C/4` (hex without 0x), or `0x…`. */
export function dataIdAddress(dataId: string | undefined): bigint | undefined {
  const m = /^(?:0x)?([0-9a-f]+)\/\d+$/i.exec(dataId?.trim() ?? "");
  return m ? BigInt(`0x${m[1]}`) : undefined;
}

/** The enabled watchpoint whose dataId names the address the debugger gives for its number. */
export function watchAtAddress(watches: readonly Watch[], address: bigint | undefined): number | undefined {
  if (address === undefined) return undefined;
  const found = watches.filter((w) => w.enabled && dataIdAddress(w.dataId) === address);
  return found.length === 1 ? found[0]!.id : undefined;
}

/**
 * The CLI id of the watchpoint a stop is about: from its description (the only enabled one, the
 * adapter's number, the expression), else by asking the debugger which address its number watches.
 * `console` runs a debugger command and returns its text.
 */
export async function identifyWatchpoint(
  adapter: AdapterSpec,
  watches: readonly Watch[],
  description: string | undefined,
  console: (command: string) => Promise<string>,
): Promise<number | undefined> {
  const told = inferWatchpoint(watches, description);
  if (told !== undefined) return told;
  const number = watchNumber(description);
  const list = adapter.watchpointList;
  if (number === undefined || !list) return undefined;
  const text = await console(list.command).catch(() => "");
  return watchAtAddress(watches, list.parse(text).get(number));
}
