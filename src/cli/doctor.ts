// `doctor`: is every adapter there and does it answer a real `initialize`; may we trace; is the
// runtime directory private; is the config valid; which daemon runs. Runs in the CLI process.
import { accessSync, constants, existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { allAdapters, ALIASES, chooseAdapter, nativeBackend } from "../adapters/index.ts";
import { connectAdapter } from "../adapters/connection.ts";
import type { AdapterSpec } from "../adapters/types.ts";
import { loadConfig, type Config } from "../common/config.ts";
import { DebuggerError } from "../common/errors.ts";
import { hardwareWatchpointsFire, WATCHPOINT_ALTERNATIVE, WATCHPOINTS_DO_NOT_FIRE } from "../common/hardwareWatch.ts";
import { configPath, runtimeDir, socketPath } from "../common/paths.ts";
import { ptraceState } from "../common/ptrace.ts";
import { VERSION } from "../common/version.ts";
import { probeDaemon } from "./probe.ts";
import { ReportedFailure, type LocalResult } from "./spec.ts";

// A start on a busy machine, not a broken adapter: CodeLLDB (its own 159 MB LLDB and Python) and
// lldb-dap took 4–5 s to answer `initialize` at a load average of 20 on 2 cores; one that never
// answers is rare (one that is not DAP exits or answers garbage at once).
const HANDSHAKE_MS = 15_000;

export interface AdapterCheck {
  name: string;
  title: string;
  found: boolean;
  ok: boolean;
  path?: string;
  version?: string;
  message: string;
  /** Asked for by name (`doctor gdb`): not found is then a failure. */
  required?: boolean;
  /** ms for spawn + initialize */
  ms?: number;
}

export interface Check {
  name: string;
  ok: boolean;
  /** Not a failure, but a limit worth knowing (shown as `warn`). */
  warn?: boolean;
  message: string;
}

async function handshake(spec: AdapterSpec): Promise<AdapterCheck> {
  const base = { name: spec.name, title: spec.title };
  let found;
  try {
    found = spec.discover({ options: {} });
  } catch (e) {
    // A bad path override (DEBUGGER_LLDB_DAP=/nowhere) is a failure to fix, not an absent adapter.
    const err = e as DebuggerError;
    return { ...base, found: true, ok: false, message: err.hint ? `${err.message}: ${err.hint}` : err.message };
  }
  if (!found) {
    // Half installed (gdb < 14 without cdt-gdb-adapter) is a failure, not an absent adapter.
    const helper = spec.install?.packagePresent?.() ? spec.install.helper?.() : undefined;
    if (helper && !helper.present)
      return {
        ...base,
        found: true,
        ok: false,
        message: `${helper.why}: it needs ${helper.name}, which is not installed; \`debugger setup ${spec.name}\` installs it`,
      };
    return { ...base, found: false, ok: false, message: `not found; install: ${spec.installHint}` };
  }
  const started = performance.now();
  let proc: Awaited<ReturnType<typeof connectAdapter>> | undefined;
  try {
    proc = await Promise.race([
      connectAdapter(spec.transport, found.command, { cwd: process.cwd(), env: found.env }),
      Bun.sleep(HANDSHAKE_MS).then(() => Promise.reject(new Error(`did not start within ${HANDSHAKE_MS / 1000} s`))),
    ]);
    const caps = await proc.client.request(
      "initialize",
      { adapterID: spec.name, clientID: "debugger-cli", linesStartAt1: true, columnsStartAt1: true, pathFormat: "path" },
      HANDSHAKE_MS,
    );
    const ms = Math.round(performance.now() - started);
    const n = Object.values(caps ?? {}).filter((v) => v === true).length;
    return {
      ...base,
      found: true,
      ok: true,
      path: found.path,
      version: found.version,
      ms,
      message: `initialize answered in ${ms} ms (${n} capabilities)${found.variant ? `; ${found.variant}` : ""}`,
    };
  } catch (e) {
    return { ...base, found: true, ok: false, path: found.path, version: found.version, message: `found but the handshake failed: ${(e as Error).message}` };
  } finally {
    if (proc) {
      await proc.client.request("disconnect", { terminateDebuggee: true }, 1000).catch(() => {});
      proc.closeInput();
      await Promise.race([proc.exited, Bun.sleep(1000)]);
      proc.kill();
    }
  }
}

/** Why NAME (a default adapter) names no adapter, as `start` would refuse it; undefined when it names one. */
function unknownAdapter(config: Config, name: string): string | undefined {
  try {
    chooseAdapter(config, undefined, name);
    return undefined;
  } catch (e) {
    const err = e as DebuggerError;
    return err.hint ? `${err.message}; ${err.hint}` : err.message;
  }
}

/** Which backend C, C++ and Rust programs get: lldb-dap, or the lldb command line in its place. */
function nativeCheck(config: Config): Check {
  let native;
  try {
    native = nativeBackend(config);
  } catch (e) {
    return { name: "native backend", ok: false, message: (e as Error).message };
  }
  const where = native.path ? ` (${native.path})` : "";
  if (!native.path) return { name: "native backend", ok: true, warn: true, message: `none: ${native.why}` };
  return { name: "native backend", ok: true, warn: native.name !== "lldb-dap", message: `${native.name}${where}: ${native.why}` };
}

/** Not a failure of the install: the machine's own limit, said so that `watch` is not trusted blindly. */
function watchpointCheck(): Check {
  const fire = hardwareWatchpointsFire();
  if (fire === false) return { name: "watchpoints", ok: true, warn: true, message: `${WATCHPOINTS_DO_NOT_FIRE}; ${WATCHPOINT_ALTERNATIVE}` };
  return { name: "watchpoints", ok: true, message: fire ? "hardware watchpoints fire" : "not checked on this system" };
}

function ptraceCheck(): Check {
  if (process.platform !== "linux")
    return { name: "ptrace", ok: true, message: `${process.platform}: the system debugger permissions apply (macOS: developer mode / code signing)` };
  const state = ptraceState();
  const scope = state.yamaScope;
  const cap = state.capSysPtrace ? "CAP_SYS_PTRACE held" : "no CAP_SYS_PTRACE";
  const seccomp = state.seccompFilter ? "; a seccomp filter is on (a container's default profile may refuse ptrace: `docker run --cap-add=SYS_PTRACE`)" : "";
  // Root without CAP_SYS_PTRACE (a container without --cap-add=SYS_PTRACE) may attach only to its own uid's processes.
  const capFix = "grant CAP_SYS_PTRACE (in a container: `docker run --cap-add=SYS_PTRACE`)";
  if (scope === undefined || scope === 0) {
    // Root without it is the mark of a container started without --cap-add=SYS_PTRACE; a user without it is the rule.
    return {
      name: "ptrace",
      ok: true,
      warn: (state.uid === 0 && !state.capSysPtrace) || state.seccompFilter,
      message: `no Yama restriction; ${cap}: attach by pid works for ${state.capSysPtrace ? "any process" : `your own uid's processes (others: ${capFix})`}${seccomp}`,
    };
  }
  if (scope === 1) {
    return state.capSysPtrace
      ? {
          name: "ptrace",
          ok: true,
          warn: state.seccompFilter,
          message: `kernel.yama.ptrace_scope 1, but CAP_SYS_PTRACE is held: attach by pid works${seccomp}`,
        }
      : {
          name: "ptrace",
          ok: false,
          message: `kernel.yama.ptrace_scope is 1 and ${cap}: attach by pid only works on the debugger's own children (launching works). Fix: \`sudo sysctl kernel.yama.ptrace_scope=0\`, or ${capFix}${seccomp}`,
        };
  }
  if (scope === 2)
    return {
      name: "ptrace",
      ok: state.capSysPtrace,
      message: `kernel.yama.ptrace_scope 2: only CAP_SYS_PTRACE may attach${state.capSysPtrace ? " (held)" : `; attach by pid will fail. Fix: ${capFix}, or \`sudo sysctl kernel.yama.ptrace_scope=1\``}${seccomp}`,
    };
  return { name: "ptrace", ok: false, message: "kernel.yama.ptrace_scope 3: attaching is disabled until reboot; launching too" };
}

/** The nearest existing directory at or above PATH (where the runtime directory would be created). */
function existingAncestor(path: string): string {
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

function errnoText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const what: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "not permitted",
    EROFS: "read-only file system",
    ENOTDIR: "not a directory",
    ENOSPC: "no space left",
  };
  return err.code ? `${what[err.code] ?? err.message} (${err.code})` : String(err.message ?? e);
}

function modeCheck(): Check {
  const dir = runtimeDir();
  const sock = socketPath();
  const fix = "set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you can write";
  if (Buffer.byteLength(sock) > 104)
    return {
      name: "runtime directory",
      ok: false,
      message: `socket path is ${Buffer.byteLength(sock)} bytes (max 104): set DEBUGGER_RUNTIME_DIR to a shorter directory`,
    };
  if (!existsSync(dir)) {
    const parent = existingAncestor(dir);
    try {
      if (!statSync(parent).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
      accessSync(parent, constants.W_OK | constants.X_OK);
    } catch (e) {
      return { name: "runtime directory", ok: false, message: `${dir} cannot be created: ${parent}: ${errnoText(e)}; ${fix}` };
    }
    return { name: "runtime directory", ok: true, message: `${dir} (created 0700 when the daemon starts)` };
  }
  const problems: string[] = [];
  // access() says yes to root even on a read-only file system: write a file to know.
  const probe = join(dir, `.doctor-${process.pid}`);
  try {
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
  } catch (e) {
    problems.push(`${dir} is not writable: ${errnoText(e)}; ${fix}`);
  }
  const dirMode = statSync(dir).mode & 0o777;
  if (dirMode !== 0o700) problems.push(`${dir} has mode ${dirMode.toString(8)}, not 700`);
  if (existsSync(sock)) {
    const m = statSync(sock).mode & 0o777;
    if (m !== 0o600) problems.push(`${sock} has mode ${m.toString(8)}, not 600`);
  }
  return problems.length
    ? { name: "runtime directory", ok: false, message: problems.join("; ") }
    : { name: "runtime directory", ok: true, message: `${dir} (700)${existsSync(sock) ? `, socket 600` : ""}` };
}

async function daemonCheck(): Promise<Check> {
  const probe = await probeDaemon();
  if (probe.state === "absent") return { name: "daemon", ok: true, message: "not running (the next command starts it)" };
  if (probe.state === "stale")
    return { name: "daemon", ok: true, message: `a socket is there but no daemon answers (${probe.error}); the next command replaces it` };
  const reply = probe.data;
  const same = reply.version === VERSION;
  return {
    name: "daemon",
    ok: true,
    message: `live: pid ${reply.pid}, version ${reply.version}${same ? "" : ` (this CLI is ${VERSION}: the next command replaces it)`}, up ${reply.uptime} s`,
  };
}

export async function runDoctor(only?: string): Promise<{ ok: boolean; adapters: AdapterCheck[]; checks: Check[]; version: string }> {
  const checks: Check[] = [];
  let config: Config | undefined;
  try {
    config = await loadConfig();
    const unknown = config.defaults.adapter ? unknownAdapter(config, config.defaults.adapter) : undefined;
    if (unknown)
      checks.push({ name: "config", ok: false, message: `${configPath()}: [defaults] adapter = ${JSON.stringify(config.defaults.adapter)}: ${unknown}` });
    else checks.push({ name: "config", ok: true, message: existsSync(configPath()) ? `${configPath()} is valid` : `${configPath()} (none; defaults apply)` });
  } catch (e) {
    const hint = (e as { hint?: string }).hint;
    checks.push({ name: "config", ok: false, message: hint ? `${(e as Error).message}; ${hint}` : (e as Error).message });
    config = await loadConfig("/nonexistent/config.toml");
  }
  const fromEnv = process.env.DEBUGGER_ADAPTER;
  if (fromEnv) {
    const unknown = unknownAdapter(config, fromEnv);
    checks.push({
      name: "DEBUGGER_ADAPTER",
      ok: !unknown,
      message: unknown
        ? `${JSON.stringify(fromEnv)}: ${unknown}; or unset it`
        : `${fromEnv}: native programs start with it, as with [defaults] adapter (--adapter wins)`,
    });
  }
  const all = allAdapters(config);
  const wanted = only ? (ALIASES[only] ?? only) : undefined;
  const specs = all.filter((a) => !wanted || a.name === wanted);
  if (wanted && !specs.length)
    throw new DebuggerError("ADAPTER_NOT_FOUND", `unknown adapter '${only}'`, `known adapters: ${all.map((a) => a.name).join(", ")}`);
  const adapters = await Promise.all(specs.map(handshake));
  // `doctor gdb` asks about gdb: there, not found is the answer to fix, not an adapter left out.
  if (wanted) for (const a of adapters) a.required = true;
  const absentAsked = wanted ? adapters.filter((a) => !a.found).map((a) => a.name) : [];
  if (!wanted || wanted === "lldb-dap" || wanted === "lldb-cli") checks.push(nativeCheck(config));
  checks.push(ptraceCheck(), watchpointCheck(), modeCheck(), await daemonCheck());
  // An adapter that is simply absent is not a failure (install only what you use); one found but
  // not working, or half installed, is.
  const ok = checks.every((c) => c.ok) && adapters.every((a) => !a.found || a.ok) && !absentAsked.length;
  const report = { ok, adapters, checks, version: VERSION };
  if (!ok) {
    const failed = [
      ...adapters.filter((a) => (a.found && !a.ok) || absentAsked.includes(a.name)).map((a) => a.name),
      ...checks.filter((c) => !c.ok).map((c) => c.name),
    ];
    throw new DebuggerError(
      "CHECK_FAILED",
      `doctor: ${failed.length} check${failed.length === 1 ? "" : "s"} failed: ${failed.join(", ")}`,
      failed.some((f) => adapters.some((a) => a.name === f))
        ? "`debugger setup` installs missing adapters and helpers; the report above says what each check found"
        : "the report above says what each check found",
      report,
    );
  }
  return report;
}

export type DoctorReport = Awaited<ReturnType<typeof runDoctor>>;

/** The report as text: one line per adapter and check, and the verdict. */
export function doctorText(d: DoctorReport): string {
  const rows = d.adapters.map(
    (a) =>
      `  ${a.ok ? "ok " : a.found || a.required ? "ERR" : "-- "} ${a.name.padEnd(10)} ${a.path ?? ""}${a.version ? ` (${a.version})` : ""}\n      ${a.message}`,
  );
  const checks = d.checks.map((c) => `  ${!c.ok ? "ERR" : c.warn ? "warn" : "ok "} ${c.name.padEnd(18)} ${c.message}`);
  return [`debugger ${d.version}`, "Adapters:", ...rows, "Checks:", ...checks, d.ok ? "All good." : "Some checks failed (see ERR above)."].join("\n");
}

/** `debugger doctor`: the report, printed (on a terminal) before the failure when a check failed. */
export async function doctor(only: string | undefined): Promise<LocalResult> {
  try {
    const report = await runDoctor(only);
    return { data: report, text: doctorText(report) };
  } catch (e) {
    if (e instanceof DebuggerError && e.code === "CHECK_FAILED" && e.details) throw new ReportedFailure(e, doctorText(e.details as DoctorReport));
    throw e;
  }
}

/**
 * `doctor --via 'COMMAND…'`: what the target has, in one round trip through the command: each
 * adapter that can run there (found by the names a --via start looks for; debugpy: a python3 that
 * imports it), the interpreters and compilers, and whether a tracer may work there (CapEff,
 * Seccomp, Yama). The adapters are found, not started: a start through --via is their handshake.
 */
export async function runDoctorVia(via: string[], only?: string): Promise<DoctorReport & { target: string }> {
  const { toolsInTarget } = await import("../adapters/via.ts");
  const config = await loadConfig().catch(() => loadConfig("/nonexistent/config.toml"));
  const all = allAdapters(config);
  const wanted = only ? (ALIASES[only] ?? only) : undefined;
  // A backend that shares another's way into the target (lldb-cli runs as lldb-dap there) is that one.
  const specs = all.filter((a, i) => (!wanted || a.name === wanted) && !(a.remote && all.findIndex((b) => b.remote === a.remote) < i));
  if (wanted && !specs.length)
    throw new DebuggerError("ADAPTER_NOT_FOUND", `unknown adapter '${only}'`, `known adapters: ${all.map((a) => a.name).join(", ")}`);
  const t = toolsInTarget(
    via,
    specs.flatMap((s) => s.remote?.names ?? []),
    process.env as Record<string, string>,
  );
  const adapters: AdapterCheck[] = specs.map((spec) => {
    const base = { name: spec.name, title: spec.title, required: !!wanted };
    if (!spec.remote)
      return {
        ...base,
        found: false,
        ok: false,
        message:
          spec.name === "gdb"
            ? "cannot run through --via (cdt-gdb-adapter is a Node program): debug native programs there with lldb-dap"
            : "cannot run through --via",
      };
    const path = spec.remote.names.map((n) => t.found[n]).find(Boolean);
    if (spec.name === "debugpy") {
      if (!path)
        return {
          ...base,
          found: false,
          ok: false,
          message: `no python3 in the target; install there: ${spec.install?.packages.apt?.join(" ") ?? "python3-debugpy"} (apt) or \`pip install debugpy\``,
        };
      if (!t.debugpy)
        return {
          ...base,
          found: false,
          ok: false,
          path,
          message: "the target's python3 cannot import debugpy; install there: `apt-get install python3-debugpy` or `python3 -m pip install debugpy`",
        };
      return { ...base, found: true, ok: true, path, version: t.debugpy, message: `found in the target (${path} -m debugpy.adapter)` };
    }
    if (!path)
      return {
        ...base,
        found: false,
        ok: false,
        message: `not found in the target (looked for ${spec.remote.names.join(", ")}); install there: ${spec.installHint}`,
      };
    return {
      ...base,
      found: true,
      ok: true,
      path,
      message: spec.remote.relay
        ? "found in the target; it listens on TCP, so this debugger's executable is copied there once as its relay (Linux, same architecture)"
        : "found in the target",
    };
  });
  const checks: Check[] = [];
  checks.push({ name: "target", ok: true, message: `${t.uname}: reached through \`${via.join(" ")}\`` });
  checks.push({
    name: "interpreters",
    ok: true,
    warn: !t.tools.length,
    message: t.tools.length ? t.tools.join(", ") : "none of python3, go, cc, gcc, clang, rustc, node found",
  });
  const yama = t.yama !== undefined ? `, kernel.yama.ptrace_scope ${t.yama}` : "";
  if (t.capSysPtrace)
    checks.push({
      name: "ptrace",
      ok: true,
      message: `CAP_SYS_PTRACE in the target${t.seccomp ? ", a seccomp filter too (launch keeps ASLR on there)" : ""}${yama}: launch and attach`,
    });
  else
    checks.push({
      name: "ptrace",
      ok: true,
      warn: true,
      message: `no CAP_SYS_PTRACE in the target${t.seccomp ? " and a seccomp filter (a container's default profile)" : ""}${yama}: launching works (a tracer may trace its own child), attaching to a running process may be refused; \`docker run --cap-add=SYS_PTRACE\` (or \`--security-opt seccomp=unconfined\`) allows both`,
    });
  const absentAsked = wanted ? adapters.filter((a) => !a.found) : [];
  const ok = !absentAsked.length;
  const report = { ok, adapters, checks, version: VERSION, target: via.join(" ") };
  if (!ok)
    throw new DebuggerError("CHECK_FAILED", `doctor: ${absentAsked.map((a) => a.name).join(", ")} cannot run in the target`, absentAsked[0]!.message, report);
  return report;
}

/** `debugger doctor --via 'COMMAND…'`. */
export async function doctorVia(via: string[], only: string | undefined): Promise<LocalResult> {
  try {
    const report = await runDoctorVia(via, only);
    return { data: report, text: doctorText(report).replace(/^debugger (\S+)/, `debugger $1, target: ${report.target}`) };
  } catch (e) {
    if (e instanceof DebuggerError && e.code === "CHECK_FAILED" && e.details) throw new ReportedFailure(e, doctorText(e.details as DoctorReport));
    throw e;
  }
}
