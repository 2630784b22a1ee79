// The session's lifecycle as one state machine: every change of state is a `transition(phase,
// event)`, pure and tested from a table. What used to be flags beside the state (ended, a report
// pending, the stop expected next) is part of the phase, and the public state derives from it.
import type { SessionState } from "../../../ipc/types.ts";

/** A stop the daemon asked for: the entry stop of `--stop-on-entry`, or a `pause`. */
export type Expectation = "entry" | "pause";

export type Phase =
  | { name: "starting"; expecting?: Expectation }
  | { name: "running"; expecting?: Expectation }
  /** `reported`: its stop report is published (until then `await` waits for it, not the last one). */
  | { name: "stopped"; reported: boolean; expecting?: Expectation }
  /** The adapter said `terminated`; the final report is still being gathered. Shows the state it had. */
  | { name: "ending"; shown: "starting" | "running" | "stopped" }
  | { name: "exited" }
  | { name: "terminated" };

export type LifeEvent =
  /** Start-up begins (start, restart). */
  | { type: "start" }
  /** The daemon asked for a stop that the adapter may report in its own words. */
  | { type: "expect"; what: Expectation }
  /** The expectation was used by a stop report. */
  | { type: "expectationUsed" }
  /** Launch or attach was answered. */
  | { type: "started" }
  /** A `stopped` event. */
  | { type: "stopped" }
  /** The stop's report is published. */
  | { type: "reported" }
  /** The program runs again: a resume request, a `continued` event, a stop passed on. */
  | { type: "resumed" }
  /** Passing a stop on failed: it stands after all, its report still to come. */
  | { type: "resumeFailed" }
  /** The adapter's `terminated` event. */
  | { type: "terminated" }
  /** The final report: the program exited (with a code) or the session ended without one. */
  | { type: "finished"; exited: boolean }
  /** `stop`, `detach`, or the adapter gone: nothing more will come. */
  | { type: "ended" };

const LIVE = new Set<Phase["name"]>(["starting", "running", "stopped"]);

/** The next phase; the same object when the event means nothing in this phase. */
export function transition(p: Phase, e: LifeEvent): Phase {
  const expecting = "expecting" in p ? p.expecting : undefined;
  const keep = expecting ? { expecting } : {};
  switch (e.type) {
    case "start":
      return { name: "starting" };
    case "expect":
      return p.name === "starting" || p.name === "running" ? { ...p, expecting: e.what } : p;
    case "expectationUsed":
      if (!expecting) return p;
      if (p.name === "stopped") return { name: "stopped", reported: p.reported };
      return { name: p.name as "starting" | "running" };
    case "started":
      return p.name === "starting" ? { name: "running", ...keep } : p;
    case "stopped":
      return LIVE.has(p.name) ? { name: "stopped", reported: false, ...keep } : p;
    case "reported":
      return p.name === "stopped" && !p.reported ? { name: "stopped", reported: true, ...keep } : p;
    case "resumed":
      return p.name === "stopped" ? { name: "running", ...keep } : p;
    case "resumeFailed":
      return p.name === "running" ? { name: "stopped", reported: false, ...keep } : p;
    case "terminated":
      return LIVE.has(p.name) ? { name: "ending", shown: p.name as "starting" | "running" | "stopped" } : p;
    case "finished":
      return { name: e.exited ? "exited" : "terminated" };
    case "ended":
      return LIVE.has(p.name) || p.name === "ending" ? { name: "terminated" } : p;
  }
}

/** The state clients see. */
export function publicState(p: Phase): SessionState {
  return p.name === "ending" ? p.shown : p.name;
}

/** No more events from the adapter count: it said `terminated`, or the session was ended. */
export function hasEnded(p: Phase): boolean {
  return !LIVE.has(p.name);
}

/** Stopped, and the report of this stop is not out yet. */
export function reportPending(p: Phase): boolean {
  return p.name === "stopped" && !p.reported;
}

export function expectation(p: Phase): Expectation | undefined {
  return "expecting" in p ? p.expecting : undefined;
}
