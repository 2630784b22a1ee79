// Session commands: start, attach, stop, detach, restart, status, sessions, and the daemon's own; starting a session is ../launch.ts.
import type { Replies } from "../../ipc/commands.ts";
import { VERSION } from "../../common/version.ts";
import { stopData, waitForStop, type Handlers } from "./common.ts";
import { attachWhenStarted, releasingStdin, startModule, startSession } from "../launch.ts";

export const sessionHandlers: Handlers<"ping" | "shutdown" | "status" | "sessions" | "start" | "attach" | "stop" | "detach" | "restart"> = {
  async ping(_a, _c, ctx): Promise<Replies["ping"]> {
    return {
      version: VERSION,
      pid: process.pid,
      uptime: Math.round((Date.now() - ctx.startedAt) / 1000),
      spares: ctx.warm?.list() ?? [],
      launched: ctx.warm?.ahead.list() ?? [],
    };
  },

  async shutdown(_a, _c, ctx): Promise<Replies["shutdown"]> {
    ctx.stopListening();
    setTimeout(() => ctx.shutdown("asked to stop"), 10);
    return { stopped: true, pid: process.pid };
  },

  async status(_a, caller, ctx): Promise<Replies["status"]> {
    const s = ctx.registry.find(caller.session);
    const daemon = { version: VERSION, pid: process.pid };
    if (!s) {
      const lost = ctx.registry.lostSessions().find((l) => l.name === caller.session);
      // Why it went (a daemon that died, a `daemon stop`), with the reply: the state alone says nothing.
      const why = ctx.registry.lostReason(caller.session);
      if (why) ctx.notify?.(caller.session, `session '${caller.session}' ${why}`);
      return { session: caller.session, state: lost ? "lost" : "idle", daemon };
    }
    return {
      session: s.name,
      state: s.state,
      program: s.program,
      adapter: s.adapter.name,
      pid: s.pid,
      mode: s.mode,
      warm: s.warmStart,
      threadId: s.inspector.currentThreadId,
      exitCode: s.exitCode,
      breakpoints: s.breakpoints.registry.userList().length,
      stop: s.lastReport,
      daemon,
    };
  },

  async sessions(_a, _c, ctx): Promise<Replies["sessions"]> {
    return { sessions: [...ctx.registry.all().map((s) => s.summary()), ...ctx.registry.lostSessions()] };
  },

  start: (a, caller, ctx, stream): Promise<Replies["start"]> =>
    releasingStdin(ctx, a.stdin, () =>
      a.module ? startModule(a, caller, ctx, stream?.signal) : startSession(a, caller, ctx, "launch", undefined, stream?.signal),
    ),
  attach: (a, caller, ctx, stream): Promise<Replies["attach"]> =>
    a.waitFor !== undefined ? attachWhenStarted(a, caller, ctx, stream?.signal) : startSession(a, caller, ctx, "attach", undefined, stream?.signal),

  async stop(_a, caller, ctx): Promise<Replies["stop"]> {
    const s = ctx.registry.get(caller.session);
    const state = s.state;
    s.endRequest ??= "stop";
    const ended = await s.end(s.mode !== "attach");
    ctx.registry.remove(s.name);
    return { stopped: s.name, was: state, ...(ended ? { ended } : {}) };
  },

  async detach(_a, caller, ctx): Promise<Replies["detach"]> {
    const s = ctx.registry.get(caller.session);
    s.requireLive();
    s.endRequest ??= "detach";
    await s.end(false);
    ctx.registry.remove(s.name);
    return { detached: s.name, pid: s.pid };
  },

  async restart(a, caller, ctx, stream): Promise<Replies["restart"]> {
    const s = ctx.registry.get(caller.session);
    const { stop } = await s.restart(a.callerEnv);
    ctx.registry.save();
    if (!a.wait) {
      stop.catch(() => {});
      return { state: s.state, waiting: true };
    }
    return stopData(s, await waitForStop(s, stop, a.timeout, stream?.signal), a.print);
  },
};
