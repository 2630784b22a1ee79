// The adapter registry: built-in modules plus any adapter named in config.toml.
import { CALLER_ADAPTER } from "../common/callerAdapter.ts";
import { readFileSync, readlinkSync } from "node:fs";
import type { Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { keyLine, type AdapterConfig, type Config } from "../common/config.ts";
import { configPath } from "../common/paths.ts";
import { codelldb } from "./codelldb.ts";
import { customAdapter } from "./custom.ts";
import { debugpy } from "./debugpy.ts";
import { delve } from "./delve.ts";
import { gdb } from "./gdb.ts";
import { lldbDap } from "./lldbDap.ts";
import { lldbCli } from "./lldbCli/index.ts";
import { node } from "./node.ts";
import type { AdapterSpec } from "./types.ts";
import { isExecutable, which } from "./which.ts";
import { namesDirectory } from "../common/hostPath.ts";

export const builtinAdapters: readonly AdapterSpec[] = [debugpy, delve, node, lldbDap, codelldb, gdb, lldbCli];

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
      const path = namesDirectory(exe!) ? (isExecutable(exe!) ? exe! : null) : which(exe!, o?.env);
      // The user named this command: its absence is a mistake to fix, not an adapter to install.
      if (!path) throw configuredCommandMissing(spec.name, exe!);
      const base = spec.discover(o);
      return { ...base, path, command: [path, ...rest], env: { ...base?.env, ...c.env } };
    },
    launchArgs: (o) => ({ ...c.launch, ...spec.launchArgs(o) }),
    attachArgs: (o) => ({ ...c.attach, ...spec.attachArgs(o) }),
  };
}

function configuredCommandMissing(name: string, exe: string): DebuggerError {
  const file = configPath();
  let line: number | undefined;
  try {
    line = keyLine(readFileSync(file, "utf8"), ["adapters", name, "command"]);
  } catch {}
  return new DebuggerError(
    "ADAPTER_NOT_FOUND",
    `${name}: the command config.toml names, ${exe}, ${namesDirectory(exe) ? "is not an executable file" : "is not on PATH"} (${file}${line ? `, line ${line}` : ""})`,
    `fix [adapters.${name}] command there, or remove that entry to use the ${name} found on this machine`,
  );
}

export const ALIASES: Record<string, string> = {
  lldb: "lldb-dap",
  "lldb-vscode": "lldb-dap",
  python: "debugpy",
  py: "debugpy",
  dlv: "delve",
  go: "delve",
  js: "node",
  "js-debug": "node",
  javascript: "node",
  typescript: "node",
  ts: "node",
  "vscode-lldb": "codelldb",
};

/** The adapter for a program (or the one asked for); `env`: the caller's, where adapters are looked for. */
export function chooseAdapter(config: Config, program: string | undefined, requested?: string, env?: Env): AdapterSpec {
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
    // `--adapter lldb-dap` means lldb-dap; `--adapter lldb` means LLDB, whichever way is there.
    return name === requested && name === lldbDap.name ? found : withLldbFallback(adapters, found, env);
  }
  // Custom adapters come first in the list, so their extensions win over the built-ins.
  const byProgram = program ? adapters.find((a) => a.handles(program)) : undefined;
  // [defaults] adapter replaces the native default only: a Python script still goes to debugpy.
  if (byProgram && config.defaults?.adapter && isNative(byProgram)) return chooseConfigured(config, program, env);
  if (byProgram) return withLldbFallback(adapters, byProgram, env);
  throw new DebuggerError(
    "ADAPTER_NOT_FOUND",
    `no adapter handles '${program ?? "(no program)"}'`,
    `pick one with --adapter (${adapters.map((a) => a.name).join(", ")})`,
  );
}

/** Attach by pid without --adapter: judged by the process's executable (a Go binary → Delve), else the native default. */
/** `targetExe`: the executable of a process in a --via target, read there (this machine's /proc is not the target's). */
export function adapterForProcess(config: Config, pid: number | undefined, env?: Env, targetExe?: string): AdapterSpec {
  let exe = targetExe;
  try {
    if (pid && !exe) exe = readlinkSync(`/proc/${pid}/exe`);
  } catch {}
  if (exe) {
    try {
      return chooseAdapter(config, exe, undefined, env);
    } catch {}
  }
  if (config.defaults?.adapter) return chooseConfigured(config, undefined, env);
  return withLldbFallback(allAdapters(config), chooseAdapter(config, undefined, NATIVE_DEFAULT, env), env);
}

function isNative(spec: AdapterSpec): boolean {
  return spec.name === lldbDap.name || spec.name === lldbCli.name;
}

/** The adapter `[defaults] adapter` names, with an error that says where the name came from. */
function chooseConfigured(config: Config, program: string | undefined, env?: Env): AdapterSpec {
  try {
    return chooseAdapter(config, program, config.defaults?.adapter, env);
  } catch (e) {
    const fromEnv = FROM_ENV.has(config);
    if (e instanceof DebuggerError)
      throw new DebuggerError(
        e.code,
        `${e.message} (${fromEnv ? "DEBUGGER_ADAPTER" : "[defaults] adapter in config.toml"})`,
        fromEnv ? `${e.hint}; or unset DEBUGGER_ADAPTER` : e.hint,
      );
    throw e;
  }
}

const FROM_ENV = new WeakSet<Config>();

/** CONFIG with the caller's DEBUGGER_ADAPTER as its [defaults] adapter: the same rule (native programs only), and it wins over the file's. */
export function withCallerAdapter(config: Config, options: Record<string, unknown> | undefined): Config {
  const name = options?.[CALLER_ADAPTER];
  if (typeof name !== "string" || !name) return config;
  const c: Config = { ...config, defaults: { ...config.defaults, adapter: name } };
  FROM_ENV.add(c);
  return c;
}

/**
 * lldb-dap, or the lldb CLI backend in its place when lldb-dap is not found but `lldb` is (older
 * LLVM, Xcode before 16). A bad DEBUGGER_LLDB_DAP still fails: it names what the user asked for.
 */
export function withLldbFallback(adapters: AdapterSpec[], spec: AdapterSpec, env?: Env): AdapterSpec {
  if (spec.name !== lldbDap.name || spec.discover({ options: {}, env })) return spec;
  const cli = adapters.find((a) => a.name === lldbCli.name);
  return cli?.discover({ options: {}, env }) ? cli : spec;
}

/** Which backend native programs get here, and why (for `doctor`). */
export function nativeBackend(config: Config): { name: string; path?: string; why: string } {
  const adapters = allAdapters(config);
  const dap = adapters.find((a) => a.name === lldbDap.name)!;
  const found = dap.discover({ options: {} });
  if (found) return { name: dap.name, path: found.path, why: "lldb-dap found" };
  const cli = adapters.find((a) => a.name === lldbCli.name)!.discover({ options: {} });
  const off = process.env.DEBUGGER_LLDB_DAP === "none" ? "lldb-dap turned off (DEBUGGER_LLDB_DAP=none)" : "lldb-dap not found";
  if (cli) return { name: lldbCli.name, path: cli.path, why: `${off}: native programs run through the lldb command line` };
  return { name: dap.name, why: "neither lldb-dap nor lldb found" };
}

/** Native programs go to lldb-dap; GDB is used only when asked for. */
const NATIVE_DEFAULT = lldbDap.name;
