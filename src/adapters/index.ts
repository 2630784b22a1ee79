// The adapter registry: built-in modules plus any adapter named in config.toml.
import { DebuggerError } from "../common/errors.ts";
import type { Config } from "../common/config.ts";
import { customAdapter } from "./custom.ts";
import { lldbDap } from "./lldbDap.ts";
import type { AdapterSpec } from "./types.ts";

export const builtinAdapters: readonly AdapterSpec[] = [lldbDap];

export function allAdapters(config: Config): AdapterSpec[] {
  const custom = Object.entries(config.adapters).map(([name, c]) => customAdapter(name, c));
  // A config entry with a built-in's name replaces the built-in.
  return [...custom, ...builtinAdapters.filter((b) => !config.adapters[b.name])];
}

const ALIASES: Record<string, string> = { lldb: "lldb-dap", "lldb-vscode": "lldb-dap" };

export function chooseAdapter(config: Config, program: string | undefined, requested?: string): AdapterSpec {
  const adapters = allAdapters(config);
  if (requested) {
    const name = ALIASES[requested] ?? requested;
    const found = adapters.find((a) => a.name === name);
    if (!found) {
      throw new DebuggerError(
        "ADAPTER_NOT_FOUND",
        `unknown adapter '${requested}'`,
        `known adapters: ${adapters.map((a) => a.name).join(", ")}; add others under [adapters.NAME] in config.toml`,
      );
    }
    return found;
  }
  const custom = adapters.filter((a) => !builtinAdapters.includes(a));
  const byProgram = program ? [...custom, ...builtinAdapters].find((a) => a.handles(program)) : undefined;
  if (byProgram) return byProgram;
  throw new DebuggerError(
    "ADAPTER_NOT_FOUND",
    `no adapter handles '${program ?? "(no program)"}'`,
    `pick one with --adapter (${adapters.map((a) => a.name).join(", ")})`,
  );
}
