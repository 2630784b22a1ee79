// Which watchpoint a stop is about when the adapter names none. lldb-dap 19 reports a watchpoint
// stop as reason "breakpoint", description "watchpoint 3", no hitBreakpointIds, and answers
// setDataBreakpoints without ids; it also deletes and re-creates every LLDB watchpoint on each set
// (in reverse order), so LLDB's number says nothing by itself. LLDB's own list maps the number to
// an address, and the address to the dataId the daemon set (lldb-dap's dataId is `ADDR/SIZE`).
import type { AdapterSpec } from "../../../adapters/types.ts";
import type { Breakpoint } from "./breakpointRegistry.ts";

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
 * Which watchpoint fired when the adapter names none in `hitBreakpointIds` (lldb-dap): the only
 * enabled one; the one whose adapter id LLDB's "watchpoint N" gives (the id lldb-dap answered
 * `setDataBreakpoints` with); or the one whose expression the description names. Undefined when
 * it cannot be told.
 */
export function inferWatchpoint(
  watches: readonly Pick<Breakpoint, "id" | "location" | "enabled" | "adapterId">[],
  description: string | undefined,
): number | undefined {
  const enabled = watches.filter((w) => w.enabled);
  if (enabled.length === 1) return enabled[0]!.id;
  if (!description) return undefined;
  // "watchpoint 3" (lldb), "watchpoint 3: total" and "watchpoint 3 deleted: …" (gdb): the adapter's number.
  const numbered = /^watchpoint (\d+)(?:\.\d+)?(?=$|[: ])/i.exec(description.trim());
  if (numbered) {
    const byAdapter = enabled.filter((w) => w.adapterId === Number(numbered[1]));
    if (byAdapter.length === 1) return byAdapter[0]!.id;
    if (!/:\s*\S/.test(description)) return undefined;
  }
  const named = enabled.filter((w) => new RegExp(`(^|[^\\w])${escapeRegExp(w.location)}([^\\w]|$)`).test(description));
  return named.length === 1 ? named[0]!.id : undefined;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
