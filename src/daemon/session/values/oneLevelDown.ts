// Values whose own line names a state but not the value inside it (a C++ optional's
// `Has Value=true`, Rust's `strong=1, weak=0`, a Go channel's `2/4`): the value one level down is
// read from the children and shown after the state, as pointers already are (`0x… → {x = 3}`).
// Which spellings mean that is the adapter's (AdapterSpec.wrappers: lldbWrappers.ts,
// rustValues.ts, delveValues.ts); this file only applies them.
import type { AdapterSpec, ValueReader } from "../../../adapters/types.ts";
import type { VariableView } from "../../../ipc/types.ts";

export type { ValueReader };

/** The value one level down, or undefined when `v` is not such a wrapper (or its inside cannot be read). */
export async function oneLevelDown(spec: AdapterSpec, v: VariableView, r: ValueReader): Promise<VariableView | undefined> {
  if (v.reference <= 0 || !spec.wrappers) return undefined;
  return spec.wrappers.inside(v, r);
}

/** A container's size checked against its runtime's own count, where the adapter's formatter misreads it. */
export async function checkedCount(spec: AdapterSpec, v: VariableView, expression: string, r: ValueReader): Promise<VariableView | undefined> {
  return spec.wrappers?.checkedCount?.(v, expression, r);
}
