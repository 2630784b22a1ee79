// How a session ends by itself, not by `stop` or `detach`: the program's end (the adapter's
// `terminated`), the adapter's death, or the death of an adapter's helper process (lldb-server,
// gdb, debugpy's launcher; program/helperWatch.ts). Each moves the lifecycle to its end, ends what would
// outlive the session, and publishes the last report (or fails the waiters, saying why).
import { exitMessage } from "../../adapters/connection.ts";
import { DebuggerError } from "../../common/errors.ts";
import { log } from "../../common/log.ts";
import { signalName } from "../../common/signals.ts";
import type { BreakpointSync } from "./breakpoints/breakpointSync.ts";
import type { SessionCore } from "./facts.ts";
import { neverStopped } from "./breakpoints/conditionProbe.ts";
import { isAlive, type Helper } from "./program/helperWatch.ts";

export class Ending {
  private helperTimer: ReturnType<typeof setInterval> | undefined;
  private helperNote: string | undefined;

  constructor(
    private readonly session: SessionCore,
    private readonly breakpoints: BreakpointSync,
  ) {}

  /** The adapter said `terminated`: the end report, once the program's last output is in. */
  terminated(): void {
    const h = this.session;
    if (!h.go({ type: "terminated" })) return; // Delve sends a second `terminated` after disconnect
    if (h.adapter.quirks.noExitedEvent && h.link.open && !h.link.disconnecting) {
      // No `exited` event: disconnect first and wait for the adapter to go. Its last words (Delve:
      // "Process N has exited with status 3", sent only in answer to disconnect) and the
      // debuggee's output still in its pipes then reach the buffer before the report is built.
      // The program's pipes (gdb through cdt-gdb-adapter) are read first, while the program's
      // bytes still have a reader.
      // Where the adapter's stdout is not the program's (cdt-gdb-adapter: the program's output
      // came through our pipes, its "[Inferior 1 … exited]" before the answer), the end is
      // published at the answer to disconnect: Node and gdb take ~100 ms more to exit.
      let published = false;
      const publish = () => {
        if (published) return;
        published = true;
        this.publishEnd();
      };
      void h.out
        .settled(5)
        .then(() => h.link.shutdown(h.mode === "launch", true, h.adapter.quirks.adapterOutputIsProgramOutput ? undefined : publish))
        .finally(publish);
      return;
    }
    // The program's last output may still be on its way through our pty: read it before the
    // report is built and before disconnecting (output is ignored from then on). The program has
    // ended, so what it wrote is already in the pty's buffer, and the pty's marker comes out
    // behind it (issue 25: lldb-dap's continue to the exit was ~50 ms of ours against the
    // adapter's 5 ms).
    void h.out
      .settled(5)
      .then(() => this.helperSettled())
      .then(() => {
        this.publishEnd();
        void h.link.shutdown(h.mode === "launch");
      });
  }

  /**
   * An end reported while the launched program still runs means its helper died (lldb-dap reports
   * "exited -1" when lldb-server is killed). lldb-dap can say so while lldb-server is still dying
   * (its socket closes before /proc shows it gone), and the program would then be left running:
   * wait a moment (at most a second) for the helper to show dead, so the end report ends the program.
   */
  private async helperSettled(): Promise<void> {
    const h = this.session;
    if (h.mode !== "launch" || !h.pid || !h.link.helpers.length) return;
    for (let waited = 0; waited < 1000 && isAlive(h.pid) && !h.link.lostHelper(); waited += 20) await Bun.sleep(20);
  }

  /**
   * Every second while the session lives: a helper of the adapter (lldb-server, gdb, debugpy's
   * launcher) that died ends the session and the program it ran (program/helperWatch.ts).
   */
  watchHelpers(): void {
    const h = this.session;
    if (this.helperTimer || !h.link.helpers.length) return;
    let seen = 0;
    this.helperTimer = setInterval(() => {
      if (h.ended) return this.stopWatching();
      const dead = h.link.lostHelper();
      if (!dead) return;
      // A program that ends takes its launcher with it: the adapter's own end report comes
      // within moments then. Act at once only when the program outlives its helper.
      if ((h.pid && isAlive(h.pid)) || ++seen >= 3) this.helperDied(dead);
    }, 1000);
    this.helperTimer.unref?.();
  }

  /** The helpers watched are those of an adapter that is gone (or going): a restart watches its own. */
  stopWatching(): void {
    clearInterval(this.helperTimer);
    this.helperTimer = undefined;
  }

  private helperDied(dead: Helper): void {
    const h = this.session;
    this.stopWatching();
    const what = `the adapter's helper process ${dead.name} (pid ${dead.pid}) died`;
    log("warn", `[${h.name}] ${what}`);
    h.go({ type: "ended" });
    const ended = h.link.endDebuggees();
    void h.link.shutdown(true);
    const report = h.reports.create("terminated");
    report.description = `${what}; ${ended ? `the program it ran (pid ${ended.join(", ")}) was ended` : "the program had already gone"}`;
    h.out.attachTo(report);
    h.reports.keep(report);
    h.reports.fail(
      new DebuggerError("ADAPTER_EXITED", `${what}; the session ended`, "`debugger start` begins a new one; `debugger logs` shows the adapter's last words"),
    );
    h.onChange();
  }

  private publishEnd(): void {
    const h = this.session;
    this.stopWatching();
    // The adapter reported the end, but a helper died and the program may run on without it
    // (lldb-dap says "exited -1" when lldb-server is killed): end it and say why.
    const dead = h.mode === "launch" ? h.link.lostHelper() : undefined;
    const orphaned = dead && h.pid && isAlive(h.pid) ? h.link.endDebuggees() : undefined;
    if (dead && orphaned)
      this.helperNote = `the adapter's helper process ${dead.name} (pid ${dead.pid}) died; the program it ran (pid ${orphaned.join(", ")}) was still running and was ended`;
    if (h.exitCode === undefined && h.adapter.exitCodeFromOutput) h.exitCode = h.adapter.exitCodeFromOutput(h.out.recent());
    // A death by a signal is told as one: adapters give it as an exit code (lldb-dap 9, Delve -9, debugpy 247) or only in words (gdb).
    h.exitSignal ??= h.adapter.exitSignal?.(h.exitCode, h.out.recent(), h.reports.last, h.pid);
    if (h.exitSignal) h.exitCode = undefined;
    const ended = h.exitCode !== undefined || !!h.exitSignal;
    h.go({ type: "finished", exited: ended });
    const report = h.reports.create(ended ? "exited" : "terminated");
    if (h.exitSignal) {
      report.signal = h.exitSignal;
      report.description = `the program was killed by ${h.exitSignal}`;
    } else {
      report.exitCode = h.exitCode;
      report.description =
        h.exitCode !== undefined ? `program exited with code ${h.exitCode}` : "the debug session ended (the adapter did not report an exit code)";
    }
    if (this.helperNote) report.description += ` (${this.helperNote})`;
    report.neverHit = this.breakpoints.registry.neverHit().map((b) => b.id);
    const never = neverStopped(this.breakpoints.views());
    if (never.length) report.neverStopped = never;
    const summary = h.adapter.exitSummary?.(h.out.recent(400));
    if (summary) report.summary = summary;
    h.out.attachTo(report);
    h.publish(report);
  }

  /** A launched program that died while stopped (its pid gone or a zombie) ends the session now; true when it did. */
  async endIfProgramGone(): Promise<boolean> {
    const h = this.session;
    // Only a program on this machine (not one on a remote debug server).
    if (h.mode !== "launch" || h.startOptions?.connect || h.startOptions?.via || !h.pid || process.platform !== "linux") return false;
    // A program killed while stopped is a running process for a while yet (a big one frees its
    // memory): resuming it then failed (lldb-server died of it, told as "exited with code -1").
    if (isAlive(h.pid) && h.link.dyingDebuggee()) await h.link.untilDied();
    if (isAlive(h.pid)) return false;
    const killed = h.link.killedDebuggee();
    if (killed) h.exitSignal = signalName(killed) ?? `signal ${killed}`;
    else await this.launcherReport();
    this.terminated();
    return true;
  }

  /**
   * A program gone without a zombie was reaped by a helper that is alive (debugpy's launcher, its
   * parent): that helper's `exited` (the status, 247 for SIGKILL) is on its way and tells how it
   * ended. A command that came between the reaping and the event waits for it (at most a second),
   * or the end would be told without its code (seen in a full run: 1 in 20 by hand).
   */
  private async launcherReport(): Promise<void> {
    const h = this.session;
    if (!h.link.helpers.length || h.link.lostHelper()) return;
    for (let waited = 0; waited < 1000 && h.exitCode === undefined && !h.ended; waited += 10) await Bun.sleep(10);
  }

  /** The adapter process exited: unexpectedly, the session ends and says so. */
  adapterExited(how: { code: number | null; signal: string | null }, expected: boolean, stderrTail: string): void {
    const h = this.session;
    if (expected || h.ended) {
      // Already ending (its final report on the way) or ended: nothing more to say.
      if (!h.ended && h.go({ type: "ended" })) h.onChange();
      return;
    }
    const what = how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code}`;
    const desc = `the debug adapter ${what}`;
    log("warn", `[${h.name}] ${desc}; stderr tail: ${stderrTail.trim()}`);
    h.go({ type: "ended" });
    // The program it launched would live on with parent pid 1: end it (never an attached one).
    const ended = h.link.endDebuggees();
    const report = h.reports.create("terminated");
    report.description = `${desc} unexpectedly${ended ? `; the program it launched (pid ${ended.join(", ")}) was ended` : ""}`;
    h.out.attachTo(report);
    h.reports.keep(report);
    h.reports.fail(exitMessage(what, stderrTail));
    h.onChange();
  }
}
