// Inspection commands: where the program is, its stack, variables, expressions, threads, memory.
// The inspector does the work (inside the session's queue); these only pick the session.
import type { Replies } from "../../ipc/commands.ts";
import { DebuggerError } from "../../common/errors.ts";
import { withAnswerTimeout } from "./answerTimeout.ts";
import type { Handlers } from "./common.ts";
import { listing, parseListTarget } from "../session/inspection/sourceList.ts";
import { readLines } from "../session/inspection/sourceWindow.ts";

export const inspectionHandlers: Handlers<
  | "context"
  | "backtrace"
  | "frame"
  | "up"
  | "down"
  | "locals"
  | "args"
  | "print"
  | "eval"
  | "set"
  | "threads"
  | "thread"
  | "registers"
  | "memory.read"
  | "disassemble"
  | "list"
  | "events"
  | "display"
  | "undisplay"
> = {
  context: async (a, caller, ctx): Promise<Replies["context"]> => {
    const s = ctx.registry.get(caller.session);
    return s.inspector.context(a.lines ?? s.sourceLines);
  },
  backtrace: async (a, caller, ctx): Promise<Replies["backtrace"]> => {
    const s = ctx.registry.get(caller.session);
    if (!a.all) return s.inspector.backtrace({ ...a, limit: a.limit ?? 50 });
    const threads = await s.inspector.allThreads(a.limit ?? 1);
    return { threadId: s.inspector.currentThreadId ?? threads[0]?.id ?? 0, frames: [], threads };
  },
  frame: async (a, caller, ctx): Promise<Replies["frame"]> => ctx.registry.get(caller.session).inspector.frame(a.index, a.thread),
  up: async (a, caller, ctx): Promise<Replies["up"]> => ctx.registry.get(caller.session).inspector.move(a.count),
  down: async (a, caller, ctx): Promise<Replies["down"]> => ctx.registry.get(caller.session).inspector.move(-a.count),
  locals: async (a, caller, ctx): Promise<Replies["locals"]> => {
    const inspector = ctx.registry.get(caller.session).inspector;
    return a.scope !== undefined ? inspector.scoped(a.scope, a.depth, a.all ?? false) : inspector.variables("locals", a.depth, a.all ?? false);
  },
  args: async (a, caller, ctx): Promise<Replies["args"]> => ctx.registry.get(caller.session).inspector.variables("arguments", a.depth),
  print: async (a, caller, ctx): Promise<Replies["print"]> =>
    withAnswerTimeout("print", a.timeout, async () => {
      const s = ctx.registry.get(caller.session);
      // One expression keeps the one-value shape; several reply one result each, failures in place.
      if (a.expressions.length === 1) return s.inspector.value(a.expressions[0]!, "print", a.format, a.depth, a.frame);
      return { results: await s.inspector.values(a.expressions, a.format, a.frame) };
    }),
  display: async (a, caller, ctx): Promise<Replies["display"]> => {
    const s = ctx.registry.get(caller.session);
    s.requireLive();
    const displays = a.expressions.length ? s.displays.add(a.expressions) : s.displays.list();
    // Shown at once when stopped, as gdb does.
    if (s.state !== "stopped" || !displays.length) return { displays };
    return { displays, values: await s.displays.values() };
  },
  undisplay: async (a, caller, ctx): Promise<Replies["undisplay"]> => {
    const s = ctx.registry.get(caller.session);
    const removed = s.displays.remove(a.all ? "all" : a.ids);
    return { removed, displays: s.displays.list() };
  },
  eval: async (a, caller, ctx): Promise<Replies["eval"]> =>
    withAnswerTimeout("eval", a.timeout, () => ctx.registry.get(caller.session).inspector.value(a.expression, "eval", a.format, a.depth)),
  set: async (a, caller, ctx): Promise<Replies["set"]> => ctx.registry.get(caller.session).inspector.set(a.name, a.value),
  threads: async (_a, caller, ctx): Promise<Replies["threads"]> => ctx.registry.get(caller.session).inspector.threadStates(),
  thread: async (a, caller, ctx): Promise<Replies["thread"]> => {
    const s = ctx.registry.get(caller.session);
    // Switching shows where that thread is in the user's code, as a stop report would.
    const context = a.id !== undefined ? await s.inspector.showThread(a.id) : undefined;
    return { threadId: s.inspector.currentThreadId, threads: await s.inspector.threads(), ...(context ? { context } : {}) };
  },
  registers: async (a, caller, ctx): Promise<Replies["registers"]> => ctx.registry.get(caller.session).inspector.registers(a.names, a.all ?? false),
  "memory.read": async (a, caller, ctx): Promise<Replies["memory.read"]> =>
    ctx.registry.get(caller.session).inspector.readMemory(a.location, a.count, a.format),
  disassemble: async (a, caller, ctx): Promise<Replies["disassemble"]> =>
    ctx.registry.get(caller.session).inspector.disassemble(a.address, a.count, a.source ?? false, a.function),
  list: async (a, caller, ctx): Promise<Replies["list"]> => {
    const target = parseListTarget(a.location);
    const around = a.lines ?? 5;
    const s = ctx.registry.find(caller.session);
    if (s) return s.inspector.list(target, around, { cwd: caller.cwd, program: s.program });
    // A file or a function (searched for in every language's sources) needs no session; the current line does.
    if (target.kind === "here" || ((target.kind === "line" || target.kind === "range") && !target.file)) {
      if (ctx.registry.find(caller.session) === undefined && target.kind !== "here") {
        throw new DebuggerError(
          "NO_SESSION",
          `list ${a.location} needs a file: there is no session '${caller.session}' to take it from`,
          "name the file: `debugger list main.c:30-40`",
        );
      }
      ctx.registry.get(caller.session);
    }
    return listing(target, around, { cwd: caller.cwd, readLines });
  },
  events: async (a, caller, ctx): Promise<Replies["events"]> => ({ events: ctx.registry.get(caller.session).history.slice(-a.limit) }),
};
