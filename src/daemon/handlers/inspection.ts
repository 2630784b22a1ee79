// Inspection commands: where the program is, its stack, variables, expressions, threads, memory.
// The inspector does the work (inside the session's queue); these only pick the session.
import type { Handlers } from "./common.ts";

export const inspectionHandlers: Handlers<
  "context" | "backtrace" | "frame" | "up" | "down" | "locals" | "args" | "print" | "eval" | "set" | "threads" | "thread" | "registers" | "memory.read" | "disassemble" | "events"
> = {
  context: async (a, caller, ctx) => {
    const s = ctx.registry.get(caller.session);
    return s.inspector.context(a.lines ?? s.sourceLines);
  },
  backtrace: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.backtrace(a),
  frame: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.frame(a.index),
  up: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.move(a.count),
  down: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.move(-a.count),
  locals: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.variables("locals", a.depth),
  args: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.variables("arguments", a.depth),
  print: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.value(a.expression, "print", a.format, a.depth),
  eval: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.value(a.expression, "eval", a.format, a.depth),
  set: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.set(a.name, a.value),
  threads: async (_a, caller, ctx) => ({ threads: await ctx.registry.get(caller.session).inspector.threads() }),
  thread: async (a, caller, ctx) => {
    const s = ctx.registry.get(caller.session);
    if (a.id !== undefined) await s.inspector.selectThread(a.id);
    return { threadId: s.currentThreadId, threads: await s.inspector.threads() };
  },
  registers: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.registers(a.names, a.all ?? false),
  "memory.read": async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.readMemory(a.location, a.count),
  disassemble: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.disassemble(a.address, a.count),
  events: async (a, caller, ctx) => ({ events: ctx.registry.get(caller.session).history.slice(-a.limit) }),
};
