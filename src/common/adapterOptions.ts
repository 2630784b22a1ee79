// The adapter options (`options` of start, run, test, attach, diff; the CLI's --python and
// --just-my-code) each adapter reads, and the one check every sender meets in the daemon once the
// adapter is chosen: a misspelt or foreign option did nothing, silently (`justMyCod: false` left
// library code hidden). The MCP tools' `options` schema is read from here too.
import { CALLER_ADAPTER } from "./callerAdapter.ts";
import { DebuggerError } from "./errors.ts";
import { closest } from "./similar.ts";

type OptionType = "string" | "boolean" | "number";

/** Per adapter (by its name): each option it reads, its JSON type, and the CLI flag that sends it. */
export const ADAPTER_OPTIONS: Record<string, Record<string, { type: OptionType; flag?: string }>> = {
  debugpy: { python: { type: "string", flag: "--python" }, justMyCode: { type: "boolean", flag: "--just-my-code" } },
  node: { port: { type: "number" } },
};

/** Every option some adapter reads, with its type (the MCP tools' schema). */
export function allAdapterOptions(): Record<string, OptionType> {
  const out: Record<string, OptionType> = {};
  for (const table of Object.values(ADAPTER_OPTIONS)) for (const [k, o] of Object.entries(table)) out[k] = o.type;
  return out;
}

/** The options the CLI has flags for, per adapter, as the MCP tools say them: `debugpy: python, justMyCode`. */
export function adapterOptionsInWords(): string {
  const parts: string[] = [];
  for (const [adapter, table] of Object.entries(ADAPTER_OPTIONS)) {
    const flagged = Object.keys(table).filter((k) => table[k]!.flag);
    if (flagged.length) parts.push(`${adapter}: ${flagged.join(", ")}`);
  }
  return parts.join("; ");
}

function spelled(adapter: string, key: string): string {
  const flag = ADAPTER_OPTIONS[adapter]?.[key]?.flag;
  return flag ? `'${key}' (${flag})` : `'${key}'`;
}

/**
 * Refuses an option ADAPTER does not read (UNKNOWN_OPTION, naming the ones it does and the likely
 * one meant) or of the wrong type (INVALID_ARGUMENT). The caller's DEBUGGER_ADAPTER rides along
 * in `options` for every adapter.
 */
export function checkAdapterOptions(adapter: string, options: Record<string, unknown>): void {
  const table = ADAPTER_OPTIONS[adapter] ?? {};
  const valid = Object.keys(table);
  for (const [key, value] of Object.entries(options)) {
    if (key === CALLER_ADAPTER) continue;
    const def = table[key];
    if (!def) {
      const owners = Object.keys(ADAPTER_OPTIONS).filter((a) => ADAPTER_OPTIONS[a]![key]);
      const guess = closest(key, valid);
      const theirs = owners.length ? `: ${spelled(owners[0]!, key)} is ${owners.join(" and ")}'s` : "";
      const known = valid.length ? `${adapter}'s options are ${valid.map((k) => spelled(adapter, k)).join(", ")}` : `${adapter} takes no adapter options`;
      throw new DebuggerError(
        "UNKNOWN_OPTION",
        `unknown option '${key}' for ${adapter}${theirs}; ${known}`,
        guess ? `did you mean '${guess}'?` : owners.length ? `leave it out, or --adapter ${owners[0]}` : "leave it out",
        { adapter, option: key, valid },
      );
    }
    // A number may come as text from the CLI or a launch.json.
    const ok = typeof value === def.type || (def.type === "number" && typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)));
    if (!ok)
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `adapter option '${key}' must be a ${def.type}, not ${value === null ? "null" : typeof value}`,
        `e.g. {"options": {"${key}": ${def.type === "boolean" ? "false" : def.type === "number" ? "5678" : '"…"'}}}`,
      );
  }
}

/** Before the adapter is known (`test` runs the tests plainly first): an option no adapter reads is refused at once. */
export function checkOptionsKnown(options: Record<string, unknown>): void {
  const all = allAdapterOptions();
  for (const key of Object.keys(options)) {
    if (key === CALLER_ADAPTER || all[key]) continue;
    const guess = closest(key, Object.keys(all));
    throw new DebuggerError(
      "UNKNOWN_OPTION",
      `unknown adapter option '${key}'; the adapters' options are ${Object.entries(ADAPTER_OPTIONS)
        .map(([a, t]) => `${Object.keys(t).join(", ")} (${a})`)
        .join("; ")}`,
      guess ? `did you mean '${guess}'?` : "leave it out",
      { option: key, valid: Object.keys(all) },
    );
  }
}
