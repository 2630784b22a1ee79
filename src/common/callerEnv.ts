// The caller's environment, carried by every request that starts a program (DESIGN §7b): the
// program's environment is built from it, and everything the daemon looks up for that request
// (adapters, interpreters, runners, go) is looked up in it, not in the daemon's own.

export type Env = Record<string, string>;

/** This process's environment as a plain record (the CLI's or MCP server's, sent as the caller's). */
export function ownEnv(): Env {
  const out: Env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Where the CLI's code runs in the daemon for a thin client's launch (cli/serveLine.ts sets it):
 * that client's environment and directory, for the code that would read this process's.
 */
let hostedWorld: (() => { env: Env; cwd: string } | undefined) | undefined;

export function setHostedWorld(world: () => { env: Env; cwd: string } | undefined): void {
  hostedWorld = world;
}

/** The environment a CLI command sends as the caller's: this process's own, or the thin client's it runs for. */
export function sentEnv(): Env {
  const world = hostedWorld?.();
  return world ? { ...world.env } : ownEnv();
}

/** sentEnv without the copy, for a look at one variable. */
export function sentEnvView(): Record<string, string | undefined> {
  return hostedWorld?.()?.env ?? process.env;
}

/** The directory a CLI command resolves the caller's relative paths against (as sentEnv). */
export function sentCwd(): string {
  return hostedWorld?.()?.cwd ?? process.cwd();
}

/** The environment lookups use: the request's caller's, or (a sender that sent none) the daemon's. */
export function lookupEnv(callerEnv: Env | undefined): Env {
  return callerEnv ?? ownEnv();
}

/**
 * What a launch request must say so that a program which starts from `inherited` (the adapter's
 * or the debugger's own environment) ends up with exactly `wanted`: every wanted value, and null
 * (unset) for every other variable it would inherit.
 */
export function envChanges(wanted: Env, inherited: Iterable<string>): Record<string, string | null> {
  const out: Record<string, string | null> = { ...wanted };
  for (const k of inherited) if (!(k in wanted)) out[k] = null;
  return out;
}

const SECRET_FIELDS = new Set(["env", "environment", "callerEnv"]);

/**
 * A message with the values of its environment fields replaced (keys kept), for logs: a launch
 * request, a runInTerminal request or a daemon request carries the caller's environment, which
 * may hold secrets (tokens, passwords in URLs).
 */
export function redactEnv<T>(message: T, depth = 0): T {
  if (depth > 4 || typeof message !== "object" || message === null) return message;
  if (Array.isArray(message)) return message.map((m) => redactEnv(m, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(message as Record<string, unknown>)) {
    if (SECRET_FIELDS.has(k) && typeof v === "object" && v !== null) {
      out[k] = Array.isArray(v)
        ? v.map((e) => (typeof e === "string" ? `${e.split("=")[0]}=…` : "…"))
        : Object.fromEntries(Object.keys(v).map((key) => [key, "…"]));
    } else out[k] = redactEnv(v, depth + 1);
  }
  return out as T;
}
