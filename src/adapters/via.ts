// `--via 'COMMAND…'`: the adapter runs inside a target (a container, a host, a pod) through a
// command the user already trusts (`docker exec -i C`, `ssh HOST`, `kubectl exec -i POD --`), and
// DAP runs over that command's stdin/stdout. Nothing connects to the target's network address: a
// `--network none` container works. Paths are mapped both ways between the target and the caller.
import type { Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";

// node:path when a --via command is looked at: this module is on every command's path (hostPath.ts).
const basename = (p: string) => (require("node:path") as typeof import("node:path")).basename(p);

export interface PathMapping {
  remote: string;
  local: string;
}

export interface Via {
  /** The command that reaches the target, as argv (the adapter's argv is appended). */
  argv: string[];
  /** REMOTE=LOCAL pairs: `--map`, then the container's bind mounts. */
  maps: PathMapping[];
}

/** Splits `--via`'s text as a POSIX shell would split plain words and quotes (no expansion). */
export function splitCommand(text: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new DebuggerError("USAGE", `--via '${text}': unterminated single quote`, "e.g. --via 'docker exec -i NAME'");
      word = (word ?? "") + text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let s = "";
      while (j < text.length && text[j] !== '"') {
        if (text[j] === "\\" && j + 1 < text.length && '"\\$`'.includes(text[j + 1]!)) j++;
        s += text[j++];
      }
      if (j >= text.length) throw new DebuggerError("USAGE", `--via '${text}': unterminated double quote`, "e.g. --via 'docker exec -i NAME'");
      word = (word ?? "") + s;
      i = j + 1;
    } else if (c === "\\" && i + 1 < text.length) {
      word = (word ?? "") + text[i + 1];
      i += 2;
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  if (word !== undefined) out.push(word);
  return out;
}

/** `--target NAME`: config.toml's `[targets.NAME]` (via as argv, map as REMOTE=LOCAL), or an error listing the targets there. */
export async function namedTarget(name: string): Promise<{ via: string[]; map: string[] }> {
  const [{ loadConfig }, { configPath }, { closest }] = await Promise.all([
    import("../common/config.ts"),
    import("../common/paths.ts"),
    import("../common/similar.ts"),
  ]);
  const targets = (await loadConfig()).targets;
  const entry = Object.hasOwn(targets, name) ? targets[name] : undefined;
  if (entry) return { via: entry.via, map: entry.map };
  const known = Object.keys(targets);
  const guess = closest(name, known);
  throw new DebuggerError(
    "INVALID_ARGUMENT",
    `no target '${name}' in ${configPath()}${known.length ? `; its targets: ${known.join(", ")}` : ": it names no targets"}`,
    guess
      ? `did you mean --target ${guess}?`
      : `add one there: [targets.${/^[\w-]+$/.test(name) ? name : JSON.stringify(name)}] via = ["docker", "exec", "-i", "CONTAINER"] (map = ["/app=/home/me/project"]), or give --via 'COMMAND'`,
  );
}

/** `--map REMOTE=LOCAL`: both absolute. */
export function parseMap(text: string): PathMapping {
  const eq = text.indexOf("=");
  const remote = eq > 0 ? text.slice(0, eq) : "";
  const local = eq > 0 ? text.slice(eq + 1) : "";
  if (!remote.startsWith("/") || !local.startsWith("/"))
    throw new DebuggerError("USAGE", `--map takes REMOTE=LOCAL (two absolute paths), not '${text}'`, "e.g. --map /app=/home/me/project");
  return { remote: trimSlash(remote), local: trimSlash(local) };
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

function mapPath(path: string, maps: PathMapping[], from: "remote" | "local", to: "remote" | "local"): string {
  // The longest prefix wins: a mount inside a mount.
  let best: PathMapping | undefined;
  for (const m of maps) {
    const p = m[from];
    if ((path === p || path.startsWith(p === "/" ? "/" : `${p}/`)) && (!best || p.length > best[from].length)) best = m;
  }
  if (!best) return path;
  const rest = path.slice(best[from].length);
  return best[to] === "/" ? rest || "/" : best[to] + (best[from] === "/" && rest ? `/${rest}` : rest);
}

export const toRemote = (path: string, maps: PathMapping[]) => mapPath(path, maps, "local", "remote");
export const toLocal = (path: string, maps: PathMapping[]) => mapPath(path, maps, "remote", "local");

/** Keys whose string values are file paths in DAP messages (source.path; launch's program and cwd). */
const OUT_KEYS = new Set(["path", "program", "cwd"]);
const IN_KEYS = new Set(["path"]);

function rewrite(value: unknown, keys: Set<string>, map: (p: string) => string, depth = 0): unknown {
  if (depth > 12 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => rewrite(v, keys, map, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = typeof v === "string" && keys.has(k) && v.startsWith("/") ? map(v) : rewrite(v, keys, map, depth + 1);
  return out;
}

/** Rewrites a DAP message's paths: local → target on the way out, target → local on the way in. */
export function pathRewriter(maps: PathMapping[]): { out(m: unknown): unknown; in(m: unknown): unknown } | undefined {
  if (!maps.length) return undefined;
  return {
    out: (m) => {
      const msg = m as { arguments?: unknown };
      return msg.arguments === undefined ? m : { ...(m as object), arguments: rewrite(msg.arguments, OUT_KEYS, (p) => toRemote(p, maps)) };
    },
    in: (m) => rewrite(m, IN_KEYS, (p) => toLocal(p, maps)),
  };
}

/** ssh joins the words it is given into one line for the remote shell: quote each word for it. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The argv that runs `argv` inside the target. */
export function viaCommand(via: string[], argv: string[]): string[] {
  if (basename(via[0] ?? "") === "ssh") return [...via, argv.map(shellQuote).join(" ")];
  return [...via, ...argv];
}

/** The most of a source file read from the target (a stop's lines, `list`): a larger one is not shown. */
const TARGET_SOURCE_MAX = 4 << 20;

/**
 * A source file read in the target (one that has no copy here): `head -c` through the via command,
 * the path one argv word (quoted as a word for ssh), bounded; undefined when it cannot be read, is
 * larger than the bound or is not text.
 */
export async function readInTarget(via: Via, path: string, env: Env): Promise<string | undefined> {
  const remote = toRemote(path, via.maps);
  if (!remote.startsWith("/")) return undefined;
  const proc = Bun.spawn(viaCommand(via.argv, ["head", "-c", String(TARGET_SOURCE_MAX + 1), "--", remote]), {
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "ignore",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  try {
    const [bytes, code] = await Promise.all([new Response(proc.stdout).bytes(), proc.exited]);
    if (code !== 0 || bytes.length > TARGET_SOURCE_MAX || bytes.includes(0)) return undefined;
    return new TextDecoder().decode(bytes);
  } finally {
    clearTimeout(timer);
  }
}

/** The container a `docker|podman exec [OPTIONS] CONTAINER` command names, if it is one. */
export function execContainer(via: string[]): { engine: string; container: string } | undefined {
  const engine = basename(via[0] ?? "");
  if (engine !== "docker" && engine !== "podman") return undefined;
  const i = via.indexOf("exec");
  if (i < 0) return undefined;
  const withValue = new Set(["-e", "--env", "-u", "--user", "-w", "--workdir", "--env-file", "--detach-keys"]);
  for (let j = i + 1; j < via.length; j++) {
    const w = via[j]!;
    if (withValue.has(w)) j++;
    else if (!w.startsWith("-")) return { engine: via[0]!, container: w };
  }
  return undefined;
}

/** A container's bind mounts (`docker inspect`), as target=local pairs. */
export function containerMounts(via: string[], env: Env): PathMapping[] {
  const c = execContainer(via);
  if (!c) return [];
  const r = Bun.spawnSync([c.engine, "inspect", "-f", "{{json .Mounts}}", c.container], {
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
  });
  if (r.exitCode !== 0) {
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: \`${c.engine} inspect ${c.container}\` failed: ${r.stderr.toString().trim()}`,
      `is the container running? \`${c.engine} ps\` lists them`,
    );
  }
  try {
    const mounts = JSON.parse(r.stdout.toString()) as { Type?: string; Source?: string; Destination?: string }[] | null;
    return (mounts ?? [])
      .filter((m) => m.Type === "bind" && m.Source && m.Destination)
      .map((m) => ({ remote: trimSlash(m.Destination!), local: trimSlash(m.Source!) }));
  } catch {
    return [];
  }
}

export interface TargetFacts {
  /** The adapter program's path in the target, or undefined when none of the names was found. */
  path?: string;
  capSysPtrace: boolean;
  /** A seccomp filter is on the target's processes (docker's default profile refuses personality(2)). */
  seccompFilter: boolean;
  /** The target's environment as the via command's processes get it. */
  env: Record<string, string>;
}

/**
 * Looks the adapter up inside the target (the first of `names` that `command -v` finds there, or
 * an absolute path that is executable), and reads its CAP_SYS_PTRACE and environment: one round trip.
 */
export function probeTarget(via: string[], names: string[], env: Env): TargetFacts {
  const script = [
    'for n in "$@"; do case "$n" in /*) [ -x "$n" ] && { echo "$n"; break; } ;; *) p=$(command -v "$n" 2>/dev/null) && { echo "$p"; break; } ;; esac; done',
    "echo ::cap; grep -E '^(CapEff|Seccomp):' /proc/self/status; echo ::env; cat /proc/self/environ",
  ].join("\n");
  const argv = viaCommand(via, ["sh", "-c", script, "sh", ...names]);
  let r;
  try {
    r = Bun.spawnSync(argv, { env, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 30_000 });
  } catch (e) {
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: could not run ${via[0]}: ${(e as Error).message}`,
      "check the command (e.g. --via 'docker exec -i NAME')",
    );
  }
  const text = r.stdout.toString();
  if (r.exitCode !== 0 || !text.includes("::cap")) {
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: \`${via.join(" ")}\` could not run a shell in the target (exit ${r.exitCode})${r.stderr.toString().trim() ? `: ${r.stderr.toString().trim()}` : ""}`,
      "check that the command reaches the target: try it with `sh -c 'echo ok'` appended",
    );
  }
  const [head, rest = ""] = text.split("::cap\n");
  const [cap = "", environ = ""] = rest.split("::env\n");
  const eff = /CapEff:\s*([0-9a-f]+)/.exec(cap)?.[1];
  const targetEnv: Record<string, string> = {};
  for (const entry of environ.split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) targetEnv[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  const path = head!.trim().split("\n")[0] || undefined;
  const seccompFilter = /Seccomp:\s*2/.test(cap);
  return { path, seccompFilter, capSysPtrace: eff ? (BigInt(`0x${eff}`) & (1n << 19n)) !== 0n : false, env: targetEnv };
}

/** The adapter's name, the names to look for in the target and the argv to run there, per adapter. */
export interface RemoteAdapter {
  names: string[];
  command(path: string): string[];
  /** It only listens on TCP: run it under the relay (this executable, `__relay`) in the target. */
  relay?: boolean;
}

function isCompiled(): boolean {
  return import.meta.url.includes("$bunfs") || Bun.main.includes("~BUN");
}

let selfId: string | undefined;
/** This executable's identity (a hash of its bytes): the relay's file name in a target, so a new build is placed anew. */
async function executableId(): Promise<string> {
  selfId ??= Bun.hash(await Bun.file(process.execPath).arrayBuffer())
    .toString(16)
    .padStart(16, "0");
  return selfId;
}

const UNAME_ARCH: Record<string, string> = { x64: "x86_64", arm64: "aarch64" };

/**
 * Where the relay lives in the target: the user's cache there, else a directory of the user's own
 * under /tmp (mode 700, owned: another user's file of that name is never run).
 */
const RELAY_SCRIPT = [
  'd="${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/debugger"',
  'if ! { mkdir -p "$d" 2>/dev/null && [ -w "$d" ]; }; then d="/tmp/debugger-$(id -u)"; mkdir -p -m 700 "$d" && [ -O "$d" ] || { echo "::nodir $d"; exit 0; }; fi',
  'f="$d/relay-$1"',
  'echo "::uname $(uname -s) $(uname -m)"',
  'if [ -x "$f" ]; then echo "::have $f"; exit 0; fi',
  '[ "$2" = put ] || { echo "::need $f"; exit 0; }',
  'cat > "$f.$$" && chmod 755 "$f.$$" && mv -f "$f.$$" "$f" && echo "::have $f"',
].join("\n");

/**
 * Places this executable in the target (once per build: its hash names the file) to relay DAP for
 * an adapter that only listens on TCP; returns its path there. docs/decisions.md says why this one.
 */
export async function placeRelay(via: string[], env: Env): Promise<string> {
  if (!isCompiled())
    throw new DebuggerError(
      "UNSUPPORTED",
      "--via with an adapter that listens on TCP (Delve) needs the built debugger executable: it is its own relay in the target",
      "build it (`bun scripts/build.ts`) and run dist/debugger",
    );
  const id = await executableId();
  const run = async (mode: "check" | "put") => {
    const argv = viaCommand(via, ["sh", "-c", RELAY_SCRIPT, "sh", id, mode]);
    const proc = Bun.spawn(argv, { env, stdin: mode === "put" ? Bun.file(process.execPath) : "ignore", stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { out, err: err.trim(), code };
  };
  const check = await run("check");
  const uname = /::uname (\S+) (\S+)/.exec(check.out);
  if (!uname)
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: could not run a shell in the target to place the relay (exit ${check.code})${check.err ? `: ${check.err}` : ""}`,
      "check that the command reaches the target: try it with `sh -c 'echo ok'` appended",
    );
  const want = UNAME_ARCH[process.arch] ?? process.arch;
  if (uname[1] !== "Linux" || uname[2] !== want) {
    throw new DebuggerError(
      "UNSUPPORTED",
      `--via: Delve needs a relay in the target, and this debugger's executable (Linux ${want}) cannot run there (${uname[1]} ${uname[2]})`,
      "debug with Delve installed where the program runs (`dlv dap` there), or use a target of the same system and architecture",
    );
  }
  const nodir = /::nodir (.+)/.exec(check.out);
  if (nodir)
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: no directory in the target to place the relay in (neither the cache under $HOME nor ${nodir[1]} is usable)`,
      "set XDG_CACHE_HOME there to a writable directory",
    );
  const have = /::have (.+)/.exec(check.out);
  if (have) return have[1]!.trim();
  const put = await run("put");
  const placed = /::have (.+)/.exec(put.out);
  if (!placed)
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: could not copy the relay into the target (exit ${put.code})${put.err ? `: ${put.err}` : ""}`,
      "is the target's disk full, or its cache directory read-only? set XDG_CACHE_HOME there",
    );
  return placed[1]!.trim();
}

/** A process in the target (its pid is the target's: a container's pid namespace, another host): its executable, or undefined when there is none. */
export function targetProcess(via: string[], pid: number, env: Env): { exe?: string; comm: string } | undefined {
  const script = 'd=/proc/$1; [ -r "$d/comm" ] || { echo ::none; exit 0; }; echo "::exe $(readlink "$d/exe" 2>/dev/null)"; echo "::comm $(cat "$d/comm")"';
  const r = Bun.spawnSync(viaCommand(via, ["sh", "-c", script, "sh", String(pid)]), { env, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 30_000 });
  const out = r.stdout.toString();
  if (!out.includes("::"))
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: \`${via.join(" ")}\` could not run a shell in the target (exit ${r.exitCode})${r.stderr.toString().trim() ? `: ${r.stderr.toString().trim()}` : ""}`,
      "check that the command reaches the target: try it with `sh -c 'echo ok'` appended",
    );
  if (out.includes("::none")) return undefined;
  return { exe: /::exe (.*)/.exec(out)?.[1]?.trim() || undefined, comm: /::comm (.*)/.exec(out)?.[1]?.trim() ?? "" };
}

/**
 * `attach --wait NAME` in the target: a shell there polls its /proc (the target's pid namespace)
 * for a process of that name that was not there when the wait began (argv[0]'s base name, or the
 * kernel's 15-byte comm), as the local wait does. Its stdin is watched: when the pipe ends (the
 * wait given up, the daemon gone) the poll ends too, so nothing is left polling in the target.
 */
const WAIT_SCRIPT = [
  "exec 3<&0",
  "{ cat <&3 >/dev/null; kill $$ 2>/dev/null; } &",
  "w=$!",
  'n=$1; c15=$(printf %.15s "$n")',
  'm() { c=$(cat /proc/$1/comm 2>/dev/null) || return 1; a=$(tr "\\0" "\\n" < /proc/$1/cmdline 2>/dev/null | head -n 1); [ "${a##*/}" = "$n" ] || [ "$c" = "$c15" ]; }',
  'old=" "; for d in /proc/[0-9]*; do p=${d#/proc/}; m "$p" && old="$old$p "; done',
  "echo ::ready",
  "while :; do",
  '  new=""; for d in /proc/[0-9]*; do p=${d#/proc/}; case "$old" in *" $p "*) continue;; esac; [ "$p" = "$$" ] || [ "$p" = "$w" ] && continue; m "$p" && new="$new $p"; done',
  '  [ -n "$new" ] && { echo "::found$new"; kill $w 2>/dev/null; exit 0; }',
  "  sleep 0.05",
  "done",
].join("\n");

export async function waitInTarget(
  via: string[],
  name: string,
  o: { timeout: number; signal?: AbortSignal; env: Env },
): Promise<{ pid: number; others: number[]; seconds: number }> {
  const began = performance.now();
  const proc = Bun.spawn(viaCommand(via, ["sh", "-c", WAIT_SCRIPT, "sh", name]), { env: o.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const end = () => {
    try {
      proc.stdin.end();
    } catch {}
    setTimeout(() => proc.kill("SIGKILL"), 2000).unref?.();
  };
  // --timeout counts from when the poll runs there (a busy docker exec can take seconds to start it); the start itself has 30 s.
  let timer = setTimeout(end, 30_000);
  o.signal?.addEventListener("abort", end);
  let out = "";
  const reading = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of proc.stdout) {
      const before = out.includes("::ready");
      out += dec.decode(chunk, { stream: true });
      if (!before && out.includes("::ready")) {
        clearTimeout(timer);
        if (o.timeout > 0) timer = setTimeout(end, o.timeout * 1000);
      }
    }
  })();
  try {
    const [, err] = await Promise.all([reading, new Response(proc.stderr).text(), proc.exited]);
    const found = /::found ([\d ]+)/.exec(out)?.[1]?.trim().split(/\s+/).map(Number);
    if (found?.length) {
      const sorted = found.sort((a, b) => a - b);
      return { pid: sorted.at(-1)!, others: sorted.slice(0, -1), seconds: Math.round((performance.now() - began) / 100) / 10 };
    }
    if (o.signal?.aborted) throw new DebuggerError("INTERRUPTED", `the wait for '${name}' in the target was given up`);
    if (!out.includes("::ready"))
      throw new DebuggerError(
        "ADAPTER_START_FAILED",
        `--via: \`${via.join(" ")}\` could not run the wait in the target${err.trim() ? `: ${err.trim()}` : ""}`,
        "check that the command reaches the target: try it with `sh -c 'echo ok'` appended",
      );
    throw new DebuggerError(
      "TIMEOUT",
      `no new process named '${name}' started in the target within ${o.timeout} s`,
      "start it there, or wait longer with --timeout S",
    );
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", end);
  }
}

/** What `doctor --via` reads in the target, in one round trip. */
export function toolsInTarget(
  via: string[],
  adapterNames: string[],
  env: Env,
): { found: Record<string, string>; debugpy?: string; tools: string[]; uname: string; capSysPtrace: boolean; seccomp: boolean; yama?: number } {
  const script = [
    'for n in "$@"; do case "$n" in /*) [ -x "$n" ] && echo "::found $n $n" ;; *) p=$(command -v "$n" 2>/dev/null) && echo "::found $n $p" ;; esac; done',
    'for n in python3 go cc gcc clang rustc node; do p=$(command -v "$n" 2>/dev/null) && echo "::tool $n $p"; done',
    "v=$(python3 -c 'import debugpy; print(debugpy.__version__)' 2>/dev/null) && echo \"::debugpy $v\"",
    'echo "::uname $(uname -sm)"',
    "grep -E '^(CapEff|Seccomp):' /proc/self/status",
    '[ -r /proc/sys/kernel/yama/ptrace_scope ] && echo "::yama $(cat /proc/sys/kernel/yama/ptrace_scope)"',
    "exit 0",
  ].join("\n");
  const r = Bun.spawnSync(viaCommand(via, ["sh", "-c", script, "sh", ...adapterNames]), {
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    timeout: 30_000,
  });
  const out = r.stdout.toString();
  if (!out.includes("::uname"))
    throw new DebuggerError(
      "ADAPTER_START_FAILED",
      `--via: \`${via.join(" ")}\` could not run a shell in the target (exit ${r.exitCode})${r.stderr.toString().trim() ? `: ${r.stderr.toString().trim()}` : ""}`,
      "check that the command reaches the target: try it with `sh -c 'echo ok'` appended",
    );
  const found: Record<string, string> = {};
  for (const m of out.matchAll(/^::found (\S+) (.+)$/gm)) found[m[1]!] ??= m[2]!;
  const eff = /CapEff:\s*([0-9a-f]+)/.exec(out)?.[1];
  const yama = /^::yama (\d+)/m.exec(out)?.[1];
  return {
    found,
    debugpy: /^::debugpy (.+)$/m.exec(out)?.[1],
    tools: [...out.matchAll(/^::tool (\S+) (.+)$/gm)].map((m) => `${m[1]} (${m[2]})`),
    uname: /^::uname (.+)$/m.exec(out)?.[1] ?? "",
    capSysPtrace: eff ? (BigInt(`0x${eff}`) & (1n << 19n)) !== 0n : false,
    seccomp: /Seccomp:\s*2/.test(out),
    ...(yama ? { yama: Number(yama) } : {}),
  };
}
