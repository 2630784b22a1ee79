// Named sessions, and what a previous daemon that died left behind.
import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import { log } from "../common/log.ts";
import { stateFilePath } from "../common/paths.ts";
import { removeStdinCopy } from "../common/stdinFile.ts";
import { VERSION } from "../common/version.ts";
import type { SessionSummary } from "../ipc/types.ts";
import type { Session } from "./session/session.ts";
import { descendants, endProcesses } from "./session/program/processTree.ts";

/** How long the names of sessions a `daemon stop` ended are kept to tell their clients. */
const ENDED_KEPT_MS = 24 * 3600_000;

interface StateRecord {
  pid: number;
  version: string;
  /** Without their state: a successor shows them as lost whatever it was (SessionRegistry.save). */
  sessions: (Omit<SessionSummary, "state"> & { adapterPid?: number; adapterPath?: string })[];
  /** Warm spare adapters: a daemon that dies must not leave them behind either. */
  spares?: { pid: number; path: string }[];
}

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /** Sessions a daemon that died, or was stopped, held: reported per name until replaced. */
  private readonly lost = new Map<string, SessionSummary & { why: string; code: "SESSION_LOST" | "SESSION_ENDED" }>();

  /** The warm spares to record beside the sessions (set by the daemon). */
  spares: () => { pid: number; path: string }[] = () => [];

  /** Told once when the state file cannot be written while sessions live (again after it could be). */
  onStateFailure?: (sessions: string[], message: string) => void;
  private stateFailed = false;
  /** The state file's text as last written (undefined: not written, or removed since). */
  private written: string | undefined;

  constructor(private readonly statePath = stateFilePath()) {}

  /**
   * Sessions a `daemon stop` ended, kept beside the state file for a day: a client that held one
   * (an MCP server, often of an older build, whose session a newer CLI's `daemon stop` ended) is
   * told what happened by whichever daemon answers it next, not a bare NO_SESSION.
   */
  private get endedPath(): string {
    return join(dirname(this.statePath), "ended.json");
  }

  all(): Session[] {
    return [...this.sessions.values()];
  }

  lostSessions(): SessionSummary[] {
    // Those a `daemon stop` ended were ended on purpose: not listed, but told to whoever names one.
    return [...this.lost.values()].filter((l) => l.code === "SESSION_LOST").map(({ why: _, code: _c, ...s }) => ({ ...s, state: "lost" as const }));
  }

  /** Why a session that is no longer here went, if this daemon knows. */
  lostReason(name: string): string | undefined {
    return this.lost.get(name)?.why;
  }

  find(name: string): Session | undefined {
    return this.sessions.get(name);
  }

  get(name: string): Session {
    const s = this.sessions.get(name);
    if (s) return s;
    const lost = this.lost.get(name);
    if (lost) throw new DebuggerError(lost.code, `session '${name}' ${lost.why}`, `start it again: \`debugger start ${lost.program ?? "PROGRAM"}\``);
    const names = [...this.sessions.keys()];
    throw new DebuggerError(
      "NO_SESSION",
      `no session '${name}'`,
      names.length ? `sessions: ${names.join(", ")} (pick one with --session NAME), or \`debugger start PROGRAM\`` : "`debugger start PROGRAM` starts one",
    );
  }

  /** Registers a new session; an ended one of the same name is replaced. */
  add(session: Session): void {
    const old = this.sessions.get(session.name);
    if (old?.live) {
      throw new DebuggerError(
        "SESSION_EXISTS",
        `session '${session.name}' is already ${old.state}`,
        "`debugger stop` ends it, or choose another name with --session NAME",
      );
    }
    this.forget(session.name);
    this.sessions.set(session.name, session);
    if (old) this.released(old);
    this.save();
  }

  remove(name: string): void {
    const old = this.sessions.get(name);
    this.sessions.delete(name);
    if (old) this.released(old);
    this.forget(name);
    this.save();
  }

  /** A name used again: what happened to the session that had it is history. */
  private forget(name: string): void {
    const was = this.lost.get(name);
    this.lost.delete(name);
    if (was?.code === "SESSION_ENDED") this.writeEnded(this.readEnded().filter((e) => e.name !== name));
  }

  /** `daemon stop` is ending these live sessions (`by`: who asked, as the message says it). */
  recordEnded(by: string): void {
    const at = new Date();
    const now = this.all()
      .filter((s) => s.live)
      .map((s) => ({
        ...s.summary(),
        why: `was ended at ${at.toISOString().slice(11, 19)} UTC by ${by}, which stopped the daemon (pid ${process.pid}) that held it`,
        at: at.getTime(),
      }));
    if (!now.length) return;
    const names = new Set(now.map((e) => e.name));
    this.writeEnded([...this.readEnded().filter((e) => !names.has(e.name)), ...now]);
  }

  private readEnded(): (SessionSummary & { why: string; at: number })[] {
    try {
      const list = JSON.parse(readFileSync(this.endedPath, "utf8"));
      return Array.isArray(list) ? list.filter((e) => typeof e?.name === "string" && typeof e.why === "string" && Date.now() - e.at < ENDED_KEPT_MS) : [];
    } catch {
      return [];
    }
  }

  private writeEnded(list: (SessionSummary & { why: string; at: number })[]): void {
    try {
      if (!list.length) return unlinkSync(this.endedPath);
      const tmp = `${this.endedPath}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(list), { mode: 0o600 });
      renameSync(tmp, this.endedPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") log("warn", `could not write ${this.endedPath}: ${(e as Error).message}`);
    }
  }

  /** A session is gone for good: the copy of a CLI's stdin it held goes too (nothing can restart it). */
  private released(session: Session): void {
    if (session.stdin && !this.all().some((s) => s.stdin === session.stdin)) removeStdinCopy(session.stdin);
  }

  /** Whether a registered session reads this file as its stdin. */
  holdsStdin(path: string): boolean {
    return this.all().some((s) => s.stdin === path);
  }

  hasLive(): boolean {
    return this.all().some((s) => s.live);
  }

  /**
   * Records live sessions so a later daemon can tell they were lost if this one dies. Called at
   * every change of a session, each stop and resume included; the file holds what a successor
   * needs (which sessions, their adapters and programs), not their state, so a step writes
   * nothing: the write and rename sat between the stop and its reply (0.3 ms on an idle disk,
   * 2–3 ms measured while other tests wrote to it).
   */
  save(): void {
    const record: StateRecord = {
      pid: process.pid,
      version: VERSION,
      sessions: this.all()
        .filter((s) => s.live)
        .map((s) => {
          const { state: _, ...summary } = s.summary();
          return { ...summary, adapterPid: s.adapterPid, adapterPath: s.adapterPath };
        }),
      spares: this.spares(),
    };
    const text = JSON.stringify(record);
    if (text === this.written) return;
    try {
      const tmp = `${this.statePath}.tmp`;
      writeFileSync(tmp, text, { mode: 0o600 });
      renameSync(tmp, this.statePath);
      this.written = text;
      this.stateFailed = false;
    } catch (e) {
      log("warn", `could not write ${this.statePath}: ${(e as Error).message}`);
      // Nobody would ever learn why the sessions vanished if this daemon died: the users are told now.
      if (!this.stateFailed && record.sessions.length) {
        this.stateFailed = true;
        const code = (e as NodeJS.ErrnoException).code;
        const why =
          code === "ENOSPC"
            ? "no space left on the device"
            : code === "EDQUOT"
              ? "disk quota exceeded"
              : code === "EROFS"
                ? "a read-only file system"
                : (e as Error).message;
        this.onStateFailure?.(
          record.sessions.map((x) => x.name),
          `the daemon could not record its sessions in ${this.statePath} (${why}): should it die, they would be lost without a reason given; free space there (or set DEBUGGER_RUNTIME_DIR elsewhere and \`debugger daemon stop\` when done)`,
        );
      }
    }
  }

  /** Removes the state file if it is still ours (a successor may have written its own). */
  clearState(): void {
    this.written = undefined;
    try {
      if (JSON.parse(readFileSync(this.statePath, "utf8")).pid === process.pid) unlinkSync(this.statePath);
    } catch {}
  }

  /** At start-up: a state file from a daemon that is gone names the sessions it lost. */
  recoverLost(): void {
    let record: StateRecord;
    try {
      record = JSON.parse(readFileSync(this.statePath, "utf8"));
    } catch {
      record = undefined as never;
    }
    for (const { at: _, why, ...summary } of this.readEnded()) this.lost.set(summary.name, { ...summary, why, code: "SESSION_ENDED" });
    if (!record || record.pid === process.pid || alive(record.pid)) return;
    for (const s of record.sessions ?? []) {
      const { adapterPid: _p, adapterPath: _a, ...summary } = s;
      this.lost.set(s.name, { ...summary, state: "lost", why: `was lost: the daemon that held it (pid ${record.pid}) died`, code: "SESSION_LOST" });
      // Its adapter may still be running, orphaned: end it if it is still the process we started.
      if (s.adapterPid && s.adapterPath && alive(s.adapterPid) && cmdlineOf(s.adapterPid)?.includes(s.adapterPath)) {
        try {
          process.kill(s.adapterPid, "SIGKILL");
        } catch {}
      }
      log("warn", `session '${s.name}' was lost: daemon ${record.pid} died`);
    }
    for (const s of record.spares ?? []) {
      if (alive(s.pid) && cmdlineOf(s.pid)?.includes(s.path)) {
        // A launch made ahead holds a program before its first line: ended before its adapter, whose
        // death would let it run (a tracee Delve held resumes when Delve is killed).
        endProcesses(descendants(s.pid).filter((p) => p.pid !== s.pid));
        try {
          process.kill(s.pid, "SIGKILL");
        } catch {}
      }
    }
    this.save();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  // A SIGKILLed daemon stays a zombie until init reaps it; kill(pid, 0) still succeeds then.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

function cmdlineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return undefined;
  }
}
