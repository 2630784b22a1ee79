// doctor, setup and completion: their bodies (adapters, sockets, package managers, the script
// generators) load only when they run, keeping them off the start-up path of every other command.
import { DebuggerError } from "../common/errors.ts";
import type { CommandSpec } from "./spec.ts";

export const adminCommands: CommandSpec[] = [
  {
    group: "tools",
    name: "doctor",
    summary: "Check the adapters (a real handshake), ptrace permission, hardware watchpoints, runtime directory, config, daemon",
    positionals: [{ name: "adapter", description: "check only this adapter" }],
    flags: {
      via: {
        type: "string",
        description: "check inside a target instead: the adapters, interpreters and compilers there, and ptrace permission ('docker exec -i NAME', 'ssh HOST')",
        valueHint: "CMD",
      },
      target: { type: "string", description: "check inside the target config.toml names ([targets.NAME]) instead", valueHint: "NAME" },
    },
    run: async (a) => {
      if (a.flags.via === undefined && a.flags.target === undefined) return (await import("./doctor.ts")).doctor(a.positionals[0]);
      const { viaArgs, withTarget } = await import("./session.ts");
      const { via } = await withTarget(a, (t) => ({ ...viaArgs(a), ...t }));
      return (await import("./doctor.ts")).doctorVia(via!, a.positionals[0]);
    },
  },
  {
    group: "tools",
    name: "setup",
    summary: "Install a missing adapter (apt, dnf, pacman, Homebrew, pip, npm) and record it in config.toml",
    positionals: [{ name: "adapter", description: "lldb-dap, debugpy, delve, gdb, node or codelldb (default: all missing)" }],
    flags: {
      yes: { type: "boolean", alias: "y", description: "carry out the plan without asking" },
      "dry-run": { type: "boolean", description: "only show the plan" },
      via: { type: "string", description: "a target (as doctor --via): refused, it says what to install there instead", valueHint: "CMD" },
    },
    run: async (a, ctx) => {
      // Installing into a target needs its package manager and network (or an image rebuilt): not ours to do.
      if (typeof a.flags.via === "string")
        throw new DebuggerError(
          "UNSUPPORTED",
          "setup --via does not install into a target: its package manager needs a network the target (a --network none container, a host behind a bastion) may not have, and a container's changes are lost with it",
          "`debugger doctor --via '…'` names what is missing there; add it to the target's image (e.g. `apt-get install lldb-19 python3-debugpy delve` in its Dockerfile)",
        );
      return (await import("./setup.ts")).setup(a, ctx);
    },
  },
  {
    group: "tools",
    name: "uninstall",
    summary:
      "Remove what debugger wrote: state, cache, adapters setup installed, runtime dir (the daemon stopped), the skill and install.sh's binary; config.toml with --all",
    flags: {
      "dry-run": { type: "boolean", description: "only list what would be removed and what is kept" },
      yes: { type: "boolean", alias: "y", description: "remove without asking (needed when stdin is not a terminal)" },
      all: { type: "boolean", description: "remove the configuration (config.toml) too" },
    },
    examples: ["debugger uninstall --dry-run", "debugger uninstall --yes --all"],
    run: async (a, ctx) => (await import("./uninstall.ts")).uninstall(a, ctx),
  },
  {
    group: "tools",
    name: "completion",
    summary:
      "Print a shell completion script: bash, zsh, fish or powershell (`completion sessions`, `completion values breakpoints|threads|catch`: live values, for the scripts)",
    positionals: [
      { name: "shell", description: "bash, zsh, fish, powershell (or sessions, values)", required: true },
      { name: "kind", description: "values: breakpoints, threads or catch" },
    ],
    examples: [
      "debugger completion bash > ~/.local/share/bash-completion/completions/debugger",
      "debugger completion zsh > ~/.zfunc/_debugger",
      "debugger completion fish > ~/.config/fish/completions/debugger.fish",
      "debugger completion powershell | Out-String | Invoke-Expression",
    ],
    run: async (a, ctx) => {
      const d = await (await import("./completion.ts")).completion(a.positionals[0]!, ctx.table, a.positionals[1], ctx.session);
      return { data: d, text: d.text };
    },
  },
];
