// Any DAP adapter named in config.toml ([adapters.NAME]): command line, transport, launch defaults.
import { nativeShapes, nativeTruth } from "./nativeValues.ts";
import { jsTruth } from "./jsValues.ts";
import { extname } from "node:path";
import type { AdapterConfig } from "../common/config.ts";
import { delveWrappers, goBytes, goTruth } from "./delveValues.ts";
import { lldbWrappers } from "./lldbWrappers.ts";
import { rustWrappers } from "./rustValues.ts";
import { nativeFunctionName } from "./nativeFrames.ts";
import { NATIVE_RUNTIME_FRAMES } from "./runtimeFrames.ts";
import { gdbCompactValue } from "./gdbValues.ts";
import { debugpy, pythonTruth } from "./debugpy.ts";
import { gdb, gdbSignalDescription, gdbSignalReason } from "./gdb.ts";
import { lldbCompactValue, lldbEvaluateError } from "./lldbValues.ts";
import { lldbStopReason } from "./lldbDap.ts";
import { type AdapterSpec, firstTruth, firstWrapper } from "./types.ts";
import { isExecutable, which } from "./which.ts";

/** `DAP server listening at: 127.0.0.1:40123` and similar. */
const LISTENING = /listening (?:at|on):?\s*\[?([\w.:-]+?)\]?:(\d+)/i;

export function customAdapter(name: string, c: AdapterConfig): AdapterSpec {
  return {
    name,
    title: `${name} (from config.toml)`,
    transport: c.transport === "tcp-listen" ? { kind: "tcp-listen", pattern: LISTENING } : { kind: "stdio" },
    installHint: `check [adapters.${name}] command in config.toml: ${JSON.stringify(c.command)}`,
    discover(o) {
      const [exe, ...rest] = c.command;
      const path = exe!.includes("/") ? (isExecutable(exe!) ? exe! : null) : which(exe!, o?.env);
      return path ? { path, command: [path, ...rest], env: c.env } : null;
    },
    handles(program) {
      return c.extensions.includes(extname(program));
    },
    launchArgs(o) {
      return { ...c.launch, program: o.program, args: o.args, cwd: o.cwd, env: o.env, stopOnEntry: o.stopOnEntry };
    },
    attachArgs(o) {
      return { ...c.attach, ...(o.pid ? { pid: o.pid, processId: o.pid } : {}), ...(o.program ? { program: o.program } : {}) };
    },
    printContext: "watch",
    // It may wrap any debugger: every built-in adapter's value rules (each reads only its own spellings).
    compactValue: (value, type) => goBytes(gdbCompactValue(lldbCompactValue(value, type), type), type),
    nativeValues: nativeShapes,
    // Either native debugger's stop words, as the daemon read them for every adapter before.
    stopReason: (reason, output, description) => gdbSignalReason(reason) ?? lldbStopReason(reason, output, description),
    stopDescription: gdbSignalDescription,
    conditionTruth: firstTruth(nativeTruth, pythonTruth, jsTruth, goTruth),
    ownedObject: gdb.ownedObject,
    runtimeFrames: NATIVE_RUNTIME_FRAMES,
    frameName: (name) => nativeFunctionName(debugpy.frameName?.(name) ?? name),
    wrappers: firstWrapper(lldbWrappers, rustWrappers, delveWrappers),
    evaluateError: (message) => debugpy.evaluateError?.(message) ?? lldbEvaluateError(message),
    quirks: {},
  };
}
