// Where the daemon's socket, state, config and log live (DESIGN §8).
import { join } from "node:path";
import { daemonSocketPath, IS_WINDOWS, writableDir } from "./platform.ts";

// node:os is loaded only when $HOME or $TMPDIR does not answer: loading it costs every command
// about half a millisecond. os.homedir() is $HOME whenever that is set and not empty (POSIX).
function homedir(): string {
  return (!IS_WINDOWS && process.env.HOME) || (require("node:os") as typeof import("node:os")).homedir();
}

function tmpdir(): string {
  return (require("node:os") as typeof import("node:os")).tmpdir();
}

export const APP = "debugger-cli";

export function runtimeDir(env = process.env): string {
  if (env.DEBUGGER_RUNTIME_DIR) return env.DEBUGGER_RUNTIME_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, APP);
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  return join(env.TMPDIR || tmpdir(), `${APP}-${uid}`);
}

export function socketPath(env = process.env): string {
  return daemonSocketPath(runtimeDir(env));
}

/** The live daemon's record of its sessions, used to tell a later daemon what was lost. */
export function stateFilePath(env = process.env): string {
  return join(runtimeDir(env), "daemon.json");
}

export function configDir(env = process.env): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, APP);
  if (process.platform === "darwin") return join(homedir(), "Library", "Application Support", APP);
  if (process.platform === "win32" && env.APPDATA) return join(env.APPDATA, APP);
  return join(homedir(), ".config", APP);
}

export function configPath(env = process.env): string {
  return join(configDir(env), "config.toml");
}

/** Built things kept across daemons (Delve's debug builds): XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%. */
export function cacheDir(env = process.env): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, APP);
  if (process.platform === "darwin") return join(homedir(), "Library", "Caches", APP);
  if (process.platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, APP, "cache");
  return join(homedir(), ".cache", APP);
}

/** Where each session's whole program output is kept (src/daemon/outputFile.ts), beside the log. */
export function outputDir(env = process.env): string {
  const base = env.XDG_STATE_HOME || join(homedir(), ".local", "state");
  return writableDir(join(base, APP)) ? join(base, APP, "output") : join(runtimeDir(env), "output");
}

export function logPath(env = process.env): string {
  if (env.DEBUGGER_LOG_FILE) return env.DEBUGGER_LOG_FILE;
  const base = env.XDG_STATE_HOME || join(homedir(), ".local", "state");
  // A read-only home (sandboxes): the log goes to the runtime directory, which must be writable.
  return writableDir(join(base, APP)) ? join(base, APP, "daemon.log") : join(runtimeDir(env), "daemon.log");
}
