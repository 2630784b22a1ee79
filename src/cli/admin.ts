// doctor and setup: their code (adapters, sockets, package managers) loads only when they run,
// keeping it off the start-up path of every other command.
import type { AdapterCheck, Check } from "./doctor.ts";
import { localCommand, type CommandSpec } from "./spec.ts";

export const doctorCommands: CommandSpec[] = [
  localCommand({
    group: "tools",
    name: "doctor",
    summary: "Check the adapters (a real handshake), ptrace permission, hardware watchpoints, runtime directory, config, daemon",
    positionals: [{ name: "adapter", description: "check only this adapter" }],
    local: async (a) => (await import("./doctor.ts")).runDoctor(a.positionals[0]),
    render: (d) => {
      const rows = d.adapters.map((a: AdapterCheck) => `  ${a.ok ? "ok " : a.found || a.required ? "ERR" : "-- "} ${a.name.padEnd(10)} ${a.path ?? ""}${a.version ? ` (${a.version})` : ""}\n      ${a.message}`);
      const checks = d.checks.map((c: Check) => `  ${!c.ok ? "ERR" : c.warn ? "warn" : "ok "} ${c.name.padEnd(18)} ${c.message}`);
      return [`debugger ${d.version}`, "Adapters:", ...rows, "Checks:", ...checks, d.ok ? "All good." : "Some checks failed (see ERR above)."].join("\n");
    },
  }),
];

export const setupCommands: CommandSpec[] = [
  localCommand({
    group: "tools",
    name: "setup",
    summary: "Install a missing adapter (apt, dnf, pacman, Homebrew, pip, npm) and record it in config.toml",
    positionals: [{ name: "adapter", description: "lldb-dap, debugpy, delve or gdb (default: all missing)" }],
    flags: {
      yes: { type: "boolean", alias: "y", description: "carry out the plan without asking" },
      "dry-run": { type: "boolean", description: "only show the plan" },
    },
    local: async (a, ctx) => (await import("./setup.ts")).runSetup(a, ctx),
    render: (d, _a, _ctx) => {
      const plan = renderSetupPlan(d);
      if (d.dryRun) return `${plan}\n(dry run: nothing was installed)`;
      if (!d.installed.length) return `${plan}\nNothing to install.`;
      return `Installed ${d.installed.join(", ")}; recorded in ${d.config}.`;
    },
  }),
];

export function renderSetupPlan(d: { plans: { adapter: string; present?: string; note?: string; steps: { command: string[]; why: string }[] }[] }): string {
  const out: string[] = [];
  for (const p of d.plans) {
    if (p.present) out.push(`${p.adapter}: installed (${p.present})`);
    else if (p.note) out.push(`${p.adapter}: ${p.note}`);
    else {
      out.push(`${p.adapter}: will ${p.steps.map((s) => s.why).join(", then ")}:`);
      for (const s of p.steps) out.push(`    ${s.command.join(" ")}`);
    }
  }
  return out.join("\n");
}

export const completionCommands: CommandSpec[] = [
  localCommand({
    group: "tools",
    name: "completion",
    summary: "Print a shell completion script: bash, zsh or fish (`completion sessions`: session names, for the scripts)",
    positionals: [{ name: "shell", description: "bash, zsh, fish (or sessions)", required: true }],
    examples: ["debugger completion bash > ~/.local/share/bash-completion/completions/debugger", "debugger completion zsh > ~/.zfunc/_debugger", "debugger completion fish > ~/.config/fish/completions/debugger.fish"],
    local: async (a) => (await import("./completion.ts")).completion(a.positionals[0]!),
    render: (d) => d.text,
  }),
];
