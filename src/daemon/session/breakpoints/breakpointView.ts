// A breakpoint as an agent reads it (`breakpoint list`, the replies' `breakpoints`).
import type { BreakpointView } from "../../../ipc/types.ts";
import type { Breakpoint } from "./breakpointRegistry.ts";
import { conditionFalseView } from "./conditionProbe.ts";
import { conditionInstead } from "../../../adapters/cLibrary.ts";

export function breakpointView(b: Breakpoint): BreakpointView {
  return {
    id: b.id,
    kind: b.kind,
    location: b.location,
    file: b.resolvedFile ?? b.file,
    line: b.resolvedLine ?? b.line,
    movedFrom: b.kind === "line" && b.verified && b.resolvedLine !== undefined && b.line !== undefined && b.resolvedLine !== b.line ? b.line : undefined,
    function: b.function,
    address: b.address,
    verified: b.verified,
    message: b.message,
    condition: b.condition,
    hitCondition: b.hitCondition,
    logMessage: b.logMessage,
    prints: b.prints,
    temporary: b.temporary || undefined,
    accessType: b.accessType,
    description: b.description,
    enabled: b.enabled,
    hits: b.hits,
    conditionFalse: conditionFalseView(b),
    notYet: b.probe?.notYet,
    conditionError: b.probe?.error && b.condition ? { error: b.probe.error, instead: conditionInstead(b.condition, b.probe.error) } : undefined,
  };
}
