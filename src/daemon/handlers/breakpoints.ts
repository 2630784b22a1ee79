// Breakpoint commands: add, list, remove, enable, disable, watch, catch.
import type { Replies } from "../../ipc/commands.ts";
import { hardwareWatchpointsFire, SOFTWARE_WATCHPOINT, WATCHPOINT_ALTERNATIVE, WATCHPOINTS_DO_NOT_FIRE } from "../../common/hardwareWatch.ts";
import { formatLocation } from "../../common/location.ts";
import { DebuggerError } from "../../common/errors.ts";
import { breakpointView } from "../session/breakpoints/breakpointView.ts";
import { located, type Handlers } from "./common.ts";

export const breakpointHandlers: Handlers<
  "breakpoint.add" | "breakpoint.list" | "breakpoint.remove" | "breakpoint.enable" | "breakpoint.disable" | "watch.add" | "watch.list" | "catch"
> = {
  async "breakpoint.add"(a, caller, ctx): Promise<Replies["breakpoint.add"]> {
    const l = await located(a.location, caller.cwd); // a malformed location is a usage error, session or not
    if (l.condition && a.condition) throw new DebuggerError("USAGE", "two conditions: 'LOC if COND' and --condition", "give one of them");
    const s = ctx.registry.get(caller.session);
    s.requireRunnable("break");
    s.requireLive();
    const bp = await s.breakpoints.add(l.text, l.loc, {
      condition: a.condition ?? l.condition,
      hitCondition: a.hitCount,
      logMessage: a.log,
      temporary: a.temporary,
      prints: l.prints,
    });
    return { breakpoints: [breakpointView(bp)], resolvedAs: formatLocation(l.loc) };
  },

  async "breakpoint.list"(_a, caller, ctx): Promise<Replies["breakpoint.list"]> {
    return { breakpoints: ctx.registry.get(caller.session).breakpoints.views() };
  },

  async "breakpoint.remove"(a, caller, ctx): Promise<Replies["breakpoint.remove"]> {
    const s = ctx.registry.get(caller.session);
    const ids = a.all ? s.breakpoints.registry.userList().map((b) => b.id) : a.ids;
    const removed = await s.breakpoints.remove(ids);
    return { removed: removed.map((b) => b.id), breakpoints: s.breakpoints.views() };
  },

  async "breakpoint.enable"(a, caller, ctx): Promise<Replies["breakpoint.enable"]> {
    const s = ctx.registry.get(caller.session);
    await s.breakpoints.setEnabled(a.ids, true);
    return { breakpoints: s.breakpoints.views() };
  },

  async "breakpoint.disable"(a, caller, ctx): Promise<Replies["breakpoint.disable"]> {
    const s = ctx.registry.get(caller.session);
    await s.breakpoints.setEnabled(a.ids, false);
    return { breakpoints: s.breakpoints.views() };
  },

  async "watch.add"(a, caller, ctx): Promise<Replies["watch.add"]> {
    const s = ctx.registry.get(caller.session);
    s.requireRunnable("watch");
    const bp = await s.breakpoints.addWatch(a.expression, a.access, { condition: a.condition, hitCondition: a.hitCount });
    // Accepted by every debugger, and silent forever where the machine cannot fire them.
    const silent = !s.remote && hardwareWatchpointsFire() === false;
    const warning = !silent ? undefined : s.adapter.softwareWatchpoints ? SOFTWARE_WATCHPOINT : `${WATCHPOINTS_DO_NOT_FIRE}; ${WATCHPOINT_ALTERNATIVE}`;
    return { breakpoints: [breakpointView(bp)], ...(warning ? { warnings: [warning] } : {}) };
  },

  async "watch.list"(_a, caller, ctx): Promise<Replies["watch.list"]> {
    return {
      breakpoints: ctx.registry
        .get(caller.session)
        .breakpoints.views()
        .filter((b) => b.kind === "data"),
    };
  },

  async catch(a, caller, ctx): Promise<Replies["catch"]> {
    const s = ctx.registry.get(caller.session);
    if (a.add.length || a.remove.length) await s.breakpoints.setExceptionFilters(a.add, a.remove);
    else s.requireLive();
    return { filters: s.breakpoints.exceptionFilters() };
  },
};
