// `debugger uninstall`: removes what this tool wrote — its state (log), cache (Go debug builds, gdb's symbol indexes),
// data (adapters `setup` installed under it), runtime directory (after stopping the daemon), the
// Agent Skill install.sh wrote (only if it is ours), and the binary when install.sh put it in
// ~/.local/bin. config.toml stays unless --all. Lists first; removes with --yes or a "y" at a
// terminal; never asks a pipe (a script must say --yes). Loaded only when it runs.
import { existsSync, readdirSync, readFileSync, realpathSync, rmdirSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import { APP, cacheDir, configDir, runtimeDir, socketPath } from "../common/paths.ts";
import { mightBeListening, socketFilePresent } from "../common/platform.ts";
import { request } from "../ipc/client.ts";
import type { ParsedArgs } from "./args.ts";
import { bool, type CliContext, type LocalResult } from "./spec.ts";

export interface UninstallItem {
  path: string;
  what: string;
}

export interface UninstallData {
  dryRun: boolean;
  /** Removed (or, with dryRun, to be removed). */
  removed: UninstallItem[];
  /** Left in place, and why (config without --all, a binary another installer owns). */
  kept: UninstallItem[];
  /** The daemon stopped first (its sessions ended). */
  daemon?: { pid: number; stopped: boolean };
}

function home(): string {
  return process.env.HOME || homedir();
}

/** Where the log goes unless DEBUGGER_LOG_FILE names another file (../common/paths.ts logPath). */
function stateDir(): string {
  return join(process.env.XDG_STATE_HOME || join(home(), ".local", "state"), APP);
}

/** Where `setup gdb` installs cdt-gdb-adapter (../adapters/gdb.ts cdtInstallPrefix's parent). */
function dataDir(): string {
  return join(process.env.XDG_DATA_HOME || join(home(), ".local", "share"), APP);
}

function skillFile(): string {
  const dir = process.env.DEBUGGER_SKILL_DIR && process.env.DEBUGGER_SKILL_DIR !== "none" ? process.env.DEBUGGER_SKILL_DIR : join(home(), ".claude", "skills");
  return join(dir, "debugger", "SKILL.md");
}

/** The skill `debugger guide --skill` writes: its front matter names it and the CLI (a user's own file of that name is left alone). */
function isOurSkill(path: string): boolean {
  try {
    const text = readFileSync(path, "utf8");
    return text.startsWith("---\nname: debugger\n") && text.includes("with the `debugger` CLI");
  } catch {
    return false;
  }
}

/** How this binary was installed, from where it is: install.sh's ~/.local/bin, npm, Homebrew, or something else. */
function binaryPlan(): { remove?: UninstallItem; keep: UninstallItem } | { remove: UninstallItem } {
  let exe = process.execPath;
  try {
    exe = realpathSync(exe);
  } catch {}
  const installed = join(home(), ".local", "bin", "debugger");
  let ours = false;
  try {
    ours = realpathSync(installed) === exe && existsSync(installed);
  } catch {}
  if (ours) return { remove: { path: installed, what: "the debugger binary (install.sh)" } };
  if (/[\\/]node_modules[\\/]/.test(exe)) return { keep: { path: exe, what: "installed by npm: `npm uninstall -g debugger-cli` removes it" } };
  if (/[\\/](Cellar|homebrew|linuxbrew)[\\/]/i.test(exe)) return { keep: { path: exe, what: "installed by Homebrew: `brew uninstall debugger` removes it" } };
  return {
    keep: {
      path: exe,
      what: "not installed by install.sh in ~/.local/bin: remove it the way it was installed (npm uninstall -g debugger-cli, brew uninstall debugger, or delete the file)",
    },
  };
}

function present(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** What would go, and what stays. */
export function uninstallPlan(all: boolean): { removed: UninstallItem[]; kept: UninstallItem[] } {
  const removed: UninstallItem[] = [];
  const kept: UninstallItem[] = [];
  const rt = runtimeDir();
  // A directory named by DEBUGGER_RUNTIME_DIR may be anything of the user's: only ours (named so) is removed whole.
  if (basename(rt).startsWith(APP)) {
    if (present(rt)) removed.push({ path: rt, what: "runtime directory (daemon socket and state)" });
  } else if (present(rt)) kept.push({ path: rt, what: "runtime directory named by DEBUGGER_RUNTIME_DIR: yours to remove" });
  if (present(stateDir())) removed.push({ path: stateDir(), what: "state (the daemon log)" });
  if (process.env.DEBUGGER_LOG_FILE && present(process.env.DEBUGGER_LOG_FILE))
    kept.push({ path: process.env.DEBUGGER_LOG_FILE, what: "log file named by DEBUGGER_LOG_FILE" });
  if (present(cacheDir())) removed.push({ path: cacheDir(), what: "cache (Go debug builds, gdb's symbol indexes)" });
  if (present(dataDir())) removed.push({ path: dataDir(), what: "data (adapters `debugger setup` installed here, e.g. cdt-gdb-adapter)" });
  const skill = skillFile();
  if (present(skill))
    (isOurSkill(skill) ? removed : kept).push({
      path: skill,
      what: isOurSkill(skill) ? "the Agent Skill install.sh wrote" : "a SKILL.md that is not this tool's: left alone",
    });
  if (present(configDir()))
    (all ? removed : kept).push({ path: configDir(), what: all ? "configuration (config.toml)" : "configuration (config.toml): kept; --all removes it too" });
  const bin = binaryPlan();
  if (bin.remove) removed.push(bin.remove);
  if ("keep" in bin && bin.keep) kept.push(bin.keep);
  return { removed, kept };
}

async function confirm(question: string): Promise<boolean> {
  await Bun.write(Bun.stderr, `${question} [y/N] `);
  for await (const line of console) return /^y(es)?$/i.test(line.trim());
  return false;
}

/** Stops a running daemon (without starting one to stop); its pid, or undefined when none answered. */
async function stopDaemon(): Promise<{ pid: number; stopped: boolean } | undefined> {
  const path = socketPath();
  if (!mightBeListening(path)) return undefined;
  try {
    const r = await request({ command: "shutdown", session: "default", cwd: process.cwd(), args: {} }, 15_000);
    if (!r.ok || !r.data) return undefined;
    const deadline = Date.now() + 5000;
    while (socketFilePresent(path) && Date.now() < deadline) await Bun.sleep(20);
    return { pid: r.data.pid, stopped: r.data.stopped };
  } catch {
    return undefined;
  }
}

function remove(item: UninstallItem): void {
  rmSync(item.path, { recursive: true, force: true });
  // The skill's folder, when the file was all it held.
  if (item.path.endsWith(join("debugger", "SKILL.md"))) {
    try {
      if (!readdirSync(dirname(item.path)).length) rmdirSync(dirname(item.path));
    } catch {}
  }
}

export async function uninstall(a: ParsedArgs, ctx: CliContext): Promise<LocalResult<UninstallData>> {
  const dryRun = bool(a, "dry-run") === true;
  const yes = bool(a, "yes") === true;
  const plan = uninstallPlan(bool(a, "all") === true);
  const listing = render({ dryRun: true, ...plan }) + (mightBeListening(socketPath()) ? "\nThe daemon, if it runs, is stopped first: its sessions end." : "");
  if (dryRun) return { data: { dryRun, ...plan }, text: `${listing}\n(dry run: nothing was removed)` };
  if (!yes) {
    if (!process.stdin.isTTY)
      throw new DebuggerError(
        "USAGE",
        "uninstall removes files and stops the daemon: add --yes to do it without a terminal to ask at",
        "`debugger uninstall --dry-run` lists what it would remove; `debugger uninstall --yes` removes it",
      );
    if (!ctx.quiet) await Bun.write(Bun.stderr, `${listing}\n`);
    if (!(await confirm(mightBeListening(socketPath()) ? "Stop the daemon (ending its sessions) and remove these?" : "Remove these?")))
      throw new DebuggerError("USAGE", "uninstall: nothing was removed (not confirmed)", "`debugger uninstall --yes` removes without asking");
  }
  const daemon = await stopDaemon();
  const removed: UninstallItem[] = [];
  for (const item of plan.removed) {
    try {
      remove(item);
      removed.push(item);
    } catch (e) {
      throw new DebuggerError(
        "SETUP_FAILED",
        `uninstall: cannot remove ${item.path}: ${(e as Error).message}`,
        `removed so far: ${removed.map((r) => r.path).join(", ") || "nothing"}; fix the permission and run it again`,
        { removed },
      );
    }
  }
  const data: UninstallData = { dryRun, removed, kept: plan.kept, ...(daemon ? { daemon } : {}) };
  return { data, text: render(data) };
}

function render(d: UninstallData): string {
  const out: string[] = [];
  if (d.daemon) out.push(`Stopped the daemon (pid ${d.daemon.pid}).`);
  if (!d.removed.length) out.push("Nothing of debugger's to remove.");
  else {
    out.push(d.dryRun ? "Would remove:" : "Removed:");
    for (const r of d.removed) out.push(`  ${r.path}  (${r.what})`);
  }
  if (d.kept.length) {
    out.push("Kept:");
    for (const k of d.kept) out.push(`  ${k.path}  (${k.what})`);
  }
  out.push("Adapters installed with a package manager (apt, dnf, pacman, brew, pip, go install) stay: remove them with it.");
  return out.join("\n");
}
