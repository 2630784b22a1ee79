// The adapter registry: built-in modules plus any adapter named in config.toml.
import { readlinkSync } from "node:fs";
import { DebuggerError } from "../common/errors.ts";
import type { AdapterConfig, Config } from "../common/config.ts";
import { customAdapter } from "./custom.ts";
import { debugpy } from "./debugpy.ts";
import { delve } from "./delve.ts";
import { gdb } from "./gdb.ts";
import { lldbDap } from "./lldbDap.ts";
import type { AdapterSpec } from "./types.ts";
import { isExecutable, which } from "./which.ts";

export const builtinAdapters: readonly AdapterSpec[] = [debugpy, delve, lldbDap, gdb];

export function allAdapters(config: Config): AdapterSpec[] {
  const builtins = builtinAdapters.map((b) => (config.adapters[b.name] ? withOverride(b, config.adapters[b.name]!) : b));
  const custom = Object.entries(config.adapters)
    .filter(([name]) => !builtinAdapters.some((b) => b.name === name))
    .map(([name, c]) => customAdapter(name, c));
  return [...custom, ...builtins];
}

/**
 * A config entry named like a built-in (written by `debugger setup`, or by hand) keeps the
 * built-in's launch logic and quirks; it only names the command and adds launch defaults.
 */
function withOverride(spec: AdapterSpec, c: AdapterConfig): AdapterSpec {
  return {
    ...spec,
    title: `${spec.title} (command from config.toml)`,
    discover(o) {
      const [exe, ...rest] = c.command;
      const path = exe!.includes("/") ? (isExecutable(exe!) ? exe! : null) : which(exe!);
      const base = spec.discover(o);
      return path ? { ...base, path, command: [path, ...rest], env: { ...base?.env, ...c.env } } : null;
    },
    launchArgs: (o) => ({ ...c.launch, ...spec.launchArgs(o) }),
    attachArgs: (o) => ({ ...c.attach, ...spec.attachArgs(o) }),
  };
}

export const ALIASES: Record<string, string> = { lldb: "lldb-dap", "lldb-vscode": "lldb-dap", python: "debugpy", py: "debugpy", dlv: "delve", go: "delve" };

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
  // Custom adapters come first in the list, so their extensions win over the built-ins.
  const byProgram = program ? adapters.find((a) => a.handles(program)) : undefined;
  if (byProgram) return byProgram;
  throw new DebuggerError(
    "ADAPTER_NOT_FOUND",
    `no adapter handles '${program ?? "(no program)"}'`,
    `pick one with --adapter (${adapters.map((a) => a.name).join(", ")})`,
  );
}

/** Attach by pid without --adapter: judged by the process's executable (a Go binary → Delve), else the native default. */
export function adapterForProcess(config: Config, pid: number | undefined): AdapterSpec {
  let exe: string | undefined;
  try {
    if (pid) exe = readlinkSync(`/proc/${pid}/exe`);
  } catch {}
  if (exe) {
    try {
      return chooseAdapter(config, exe);
    } catch {}
  }
  return chooseAdapter(config, undefined, NATIVE_DEFAULT);
}

/** Native programs go to lldb-dap; GDB is used only when asked for. */
const NATIVE_DEFAULT = lldbDap.name;
