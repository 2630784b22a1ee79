// Session names as users give them (--session, DEBUGGER_SESSION, config.toml, an MCP call).
import { DebuggerError } from "./errors.ts";

/**
 * A session name is a file-name-like word: it names the session in the daemon and in messages,
 * and a path-like name (`../x`) must never reach anything that builds paths from it.
 */
export function checkSessionName(name: string, from: string): string {
  const hint = "names use letters, digits, '.', '_' and '-' (not first '.'), at most 64 characters, e.g. --session api";
  if (name === "") throw new DebuggerError("USAGE", `${from} is empty`, hint);
  if (name.length > 64) throw new DebuggerError("USAGE", `${from} is ${name.length} characters long (at most 64)`, hint);
  if (!isSessionName(name)) throw new DebuggerError("USAGE", `${from} '${name}' is not a valid session name`, hint);
  return name;
}

/** [A-Za-z0-9_-][A-Za-z0-9._-]*, checked without a regular expression (the first one a process uses costs ~0.4 ms). */
function isSessionName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45 || (c === 46 && i > 0);
    if (!ok) return false;
  }
  return name.length > 0;
}
