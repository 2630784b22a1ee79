// Where the daemon's socket, state, config and log live (DESIGN §8). Each takes the platform so the
// Windows places are tested on Linux (test/unit/hostPath.test.ts).
import { daemonSocketPath, writableDir } from "./platform.ts";
import { joinPath } from "./hostPath.ts";

type Platform = NodeJS.Platform;

// node:os is loaded only when $HOME or $TMPDIR does not answer: loading it costs every command
// about half a millisecond. os.homedir() is $HOME whenever that is set and not empty (POSIX),
// %USERPROFILE% on Windows.
function homedir(env: NodeJS.ProcessEnv, platform: Platform): string {
  const own = platform === "win32" ? env.USERPROFILE : env.HOME;
  return own || (require("node:os") as typeof import("node:os")).homedir();
}

function tmpdir(env: NodeJS.ProcessEnv, platform: Platform): string {
  // Windows: %TEMP% (per user), as os.tmpdir() reads it.
  const own = platform === "win32" ? env.TEMP || env.TMP : env.TMPDIR;
  return own || (require("node:os") as typeof import("node:os")).tmpdir();
}

export const APP = "debugger-cli";

export function runtimeDir(env = process.env, platform: Platform = process.platform): string {
  const join = (...parts: string[]) => joinPath(platform, ...parts);
  if (env.DEBUGGER_RUNTIME_DIR) return env.DEBUGGER_RUNTIME_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, APP);
  // Windows has no uid (and %TEMP% is the user's own); POSIX's /tmp is shared, so the uid names it.
  if (platform === "win32") return join(tmpdir(env, platform), APP);
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  return join(tmpdir(env, platform), `${APP}-${uid}`);
}

export function socketPath(env = process.env, platform: Platform = process.platform): string {
  return daemonSocketPath(runtimeDir(env, platform), platform);
}

/** The live daemon's record of its sessions, used to tell a later daemon what was lost. */
export function stateFilePath(env = process.env, platform: Platform = process.platform): string {
  return joinPath(platform, runtimeDir(env, platform), "daemon.json");
}

export function configDir(env = process.env, platform: Platform = process.platform): string {
  const join = (...parts: string[]) => joinPath(platform, ...parts);
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, APP);
  if (platform === "darwin") return join(homedir(env, platform), "Library", "Application Support", APP);
  if (platform === "win32" && env.APPDATA) return join(env.APPDATA, APP);
  return join(homedir(env, platform), ".config", APP);
}

export function configPath(env = process.env, platform: Platform = process.platform): string {
  return joinPath(platform, configDir(env, platform), "config.toml");
}

/** Built things kept across daemons (Delve's debug builds): XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%. */
export function cacheDir(env = process.env, platform: Platform = process.platform): string {
  const join = (...parts: string[]) => joinPath(platform, ...parts);
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, APP);
  if (platform === "darwin") return join(homedir(env, platform), "Library", "Caches", APP);
  if (platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, APP, "cache");
  return join(homedir(env, platform), ".cache", APP);
}

/** Where the log and the output files go: XDG_STATE_HOME, ~/.local/state; Windows: %LOCALAPPDATA%. */
function stateDir(env: NodeJS.ProcessEnv, platform: Platform): string {
  const join = (...parts: string[]) => joinPath(platform, ...parts);
  const base = env.XDG_STATE_HOME || (platform === "win32" && env.LOCALAPPDATA) || join(homedir(env, platform), ".local", "state");
  return join(base, APP);
}

/** Where each session's whole program output is kept (src/daemon/session/program/outputFile.ts), beside the log. */
export function outputDir(env = process.env, platform: Platform = process.platform): string {
  const join = (...parts: string[]) => joinPath(platform, ...parts);
  const state = stateDir(env, platform);
  return writableDir(state) ? join(state, "output") : join(runtimeDir(env, platform), "output");
}

export function logPath(env = process.env, platform: Platform = process.platform): string {
  const join = (...parts: string[]) => joinPath(platform, ...parts);
  if (env.DEBUGGER_LOG_FILE) return env.DEBUGGER_LOG_FILE;
  const state = stateDir(env, platform);
  // A read-only home (sandboxes): the log goes to the runtime directory, which must be writable.
  return writableDir(state) ? join(state, "daemon.log") : join(runtimeDir(env, platform), "daemon.log");
}
