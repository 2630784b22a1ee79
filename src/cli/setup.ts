// `setup [ADAPTER]`: installs missing adapters with the platform's package manager (or pip/npm
// where that is the adapter's channel), then records what it found in config.toml. Prints the plan
// first; acts only with --yes or a "y" at a terminal; --dry-run only shows the plan.
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { makeDirPrivate } from "../common/privateFiles.ts";
import { dirname } from "node:path";
import { allAdapters, ALIASES } from "../adapters/index.ts";
import type { AdapterSpec, InstallStep, PackageManager } from "../adapters/types.ts";
import { which } from "../adapters/which.ts";
import { ConfigSchemaCheck, loadConfig } from "../common/config.ts";
import { DebuggerError } from "../common/errors.ts";
import { configPath } from "../common/paths.ts";
import type { ParsedArgs } from "./args.ts";
import { bool, type CliContext, type LocalResult } from "./spec.ts";

type Manager = PackageManager;
type Step = InstallStep;

export interface Plan {
  adapter: string;
  manager?: string;
  /** Already there: nothing to do but record it. */
  present?: string;
  steps: Step[];
  note?: string;
}

function detectManager(): Manager | undefined {
  if (process.platform === "darwin") return which("brew") ? "brew" : undefined;
  if (which("apt-get")) return "apt";
  if (which("dnf")) return "dnf";
  if (which("pacman")) return "pacman";
  return undefined;
}

function asRoot(argv: string[]): string[] {
  if (process.platform === "darwin" || process.getuid?.() === 0) return argv;
  const sudo = which("sudo");
  return sudo ? [sudo, ...argv] : argv;
}

function installArgv(m: Manager, pkgs: string[]): Step[] {
  switch (m) {
    case "apt":
      return [
        { argv: asRoot(["apt-get", "update", "-qq"]), why: "refresh the package lists" },
        { argv: asRoot(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", ...pkgs]), why: `install ${pkgs.join(", ")}` },
      ];
    case "dnf":
      return [{ argv: asRoot(["dnf", "install", "-y", ...pkgs]), why: `install ${pkgs.join(", ")}` }];
    case "pacman":
      return [{ argv: asRoot(["pacman", "-S", "--noconfirm", ...pkgs]), why: `install ${pkgs.join(", ")}` }];
    case "brew":
      return [{ argv: ["brew", "install", ...pkgs], why: `install ${pkgs.join(", ")}` }];
  }
}

/**
 * The steps that would make SPEC work here: its system package (or the adapter's own fallback,
 * such as pip or go install, when no package manager here has it), then any helper it needs.
 */
export function planFor(spec: AdapterSpec, manager: Manager | undefined): Plan {
  const found = spec.discover({ options: {} });
  if (found) return { adapter: spec.name, present: found.path, steps: [] };
  const install = spec.install;
  if (!install) return { adapter: spec.name, steps: [], note: `setup does not know how to install ${spec.name}: ${spec.installHint}` };
  const steps: Step[] = [];
  if (!install.packagePresent?.()) {
    const pkgs = manager ? install.packages[manager] : undefined;
    const fallback = pkgs ? undefined : install.fallback?.();
    if (pkgs) steps.push(...installArgv(manager!, pkgs));
    else if (fallback) steps.push(fallback);
  }
  const helper = install.helper?.();
  if (helper && !helper.present) steps.push(helper.install);
  if (!steps.length) return { adapter: spec.name, steps, note: `no package manager found for ${spec.name}: ${spec.installHint}` };
  return { adapter: spec.name, manager, steps };
}

/** Replaces (or adds) the `[adapters.NAME]` table; validated before the file is swapped in. */
export function configWithAdapter(text: string, name: string, command: string[]): string {
  const header = `[adapters.${/^[\w-]+$/.test(name) ? name : JSON.stringify(name)}]`;
  const lines = text.split("\n");
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith("[")) skipping = t === header || t.startsWith(`${header.slice(0, -1)}.`);
    if (!skipping) out.push(line);
  }
  while (out.length && out.at(-1)!.trim() === "") out.pop();
  const section = [`${header}`, `# written by \`debugger setup\``, `command = [${command.map((c) => JSON.stringify(c)).join(", ")}]`];
  return [...out, ...(out.length ? [""] : []), ...section, ""].join("\n");
}

async function writeConfigEntry(name: string, command: string[]): Promise<string> {
  const path = configPath();
  const before = existsSync(path) ? await Bun.file(path).text() : "";
  const next = configWithAdapter(before, name, command);
  ConfigSchemaCheck(Bun.TOML.parse(next), path, next); // throws, naming the key, before anything is written
  makeDirPrivate(dirname(path));
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, next, { mode: 0o600 });
  renameSync(tmp, path);
  return path;
}

async function confirm(question: string): Promise<boolean> {
  // consola's prompt draws on stdout: when stdout is a pipe, ask on stderr with a plain line.
  if (!process.stdout.isTTY) {
    await Bun.write(Bun.stderr, `${question} [y/N] `);
    for await (const line of console) return /^y(es)?$/i.test(line.trim());
    return false;
  }
  const { messages } = await import("./messages.ts");
  // cancel: "symbol" — Ctrl+C at the prompt is a "no", not an exception.
  return (await (await messages()).prompt(question, { type: "confirm", initial: false, cancel: "symbol" })) === true;
}

export async function runSetup(a: ParsedArgs, ctx: CliContext) {
  const config = await loadConfig();
  const adapters = allAdapters(config);
  const wanted = a.positionals[0] ? (ALIASES[a.positionals[0]] ?? a.positionals[0]) : undefined;
  const specs = wanted ? adapters.filter((s) => s.name === wanted) : adapters.filter((s) => s.install);
  if (wanted && !specs.length)
    throw new DebuggerError("ADAPTER_NOT_FOUND", `unknown adapter '${a.positionals[0]}'`, `known adapters: ${adapters.map((s) => s.name).join(", ")}`);
  const manager = detectManager();
  const plans = specs.map((s) => planFor(s, manager));
  const dryRun = bool(a, "dry-run") === true;
  const work = plans.filter((p) => p.steps.length);
  const result = {
    dryRun,
    manager,
    plans: plans.map((p) => ({ ...p, steps: p.steps.map((s) => ({ command: s.shown ?? s.argv, why: s.why })) })),
    installed: [] as string[],
    config: undefined as string | undefined,
  };
  if (dryRun || !work.length) return result;
  if (!ctx.json) await Bun.write(Bun.stderr, `${renderSetupPlan(result)}\n`);
  if (bool(a, "yes") !== true) {
    if (!process.stdin.isTTY)
      throw new DebuggerError(
        "USAGE",
        "setup would install software; it needs --yes when not run at a terminal",
        "`debugger setup --dry-run` shows the plan; `debugger setup --yes` carries it out",
      );
    if (!(await confirm("Carry out this plan?"))) throw new DebuggerError("USAGE", "setup cancelled", "nothing was installed");
  }
  const progress = !ctx.json && process.stderr.isTTY ? await (await import("./messages.ts")).messages() : undefined;
  for (const plan of work) {
    for (const step of plan.steps) {
      progress?.start(`${plan.adapter}: ${step.why}…`);
      let r: ReturnType<typeof Bun.spawnSync>;
      try {
        r = Bun.spawnSync(step.argv, { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
      } catch (e) {
        // Bun throws when the program is not there at all (e.g. `env` missing from PATH).
        throw new DebuggerError(
          "SETUP_FAILED",
          `\`${step.argv.join(" ")}\` could not run: ${(e as Error).message}`,
          "nothing was written to config.toml; check PATH and run setup again",
          { done: result.installed },
        );
      }
      if (r.exitCode !== 0) {
        const tail = (r.stderr?.toString() || r.stdout?.toString() || "").trim().split("\n").slice(-8).join("\n");
        throw new DebuggerError(
          "SETUP_FAILED",
          `\`${step.argv.join(" ")}\` failed with exit code ${r.exitCode}${tail ? `:\n${tail}` : ""}`,
          "nothing was written to config.toml; fix the cause (permissions? network?) and run setup again",
          { done: result.installed },
        );
      }
    }
    const spec = specs.find((s) => s.name === plan.adapter)!;
    const found = spec.discover({ options: {} });
    if (!found)
      throw new DebuggerError(
        "SETUP_FAILED",
        `installed, but ${spec.name} is still not found`,
        `${spec.installHint}; \`debugger doctor\` shows where it looks`,
        { done: result.installed },
      );
    result.config = await writeConfigEntry(spec.name, found.command);
    result.installed.push(spec.name);
  }
  return result;
}

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

/** `debugger setup`: the plan carried out (or only shown), and what was installed. */
export async function setup(a: ParsedArgs, ctx: CliContext): Promise<LocalResult> {
  const d = await runSetup(a, ctx);
  const plan = renderSetupPlan(d);
  const text = d.dryRun
    ? `${plan}\n(dry run: nothing was installed)`
    : !d.installed.length
      ? `${plan}\nNothing to install.`
      : `Installed ${d.installed.join(", ")}; recorded in ${d.config}.`;
  return { data: d, text };
}
