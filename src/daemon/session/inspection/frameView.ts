// A stack frame as an agent reads it: the function's name as written in the source (in the
// adapter's rules, AdapterSpec.frameName), its file and line. The inspector's views and the stop
// report both show frames this way.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec } from "../../../adapters/types.ts";
import type { FrameView } from "../../../ipc/types.ts";

/** A function's name as an agent writes it, in the adapter's rules (AdapterSpec.frameName). */
export function functionName(name: string, spec: Pick<AdapterSpec, "frameName">): string {
  return spec.frameName ? spec.frameName(name) : name;
}

export function frameView(f: P.StackFrame, spec: Pick<AdapterSpec, "frameName">): Omit<FrameView, "index"> {
  return {
    id: f.id,
    function: functionName(f.name, spec),
    file: f.source?.path ?? f.source?.name,
    line: f.line || undefined,
    column: f.column || undefined,
  };
}
