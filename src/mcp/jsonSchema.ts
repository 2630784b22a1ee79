// JSON Schema for MCP tool inputs from the contract's valibot schemas. The contract uses a handful
// of schema kinds (object, optional with defaults, string, number, boolean, array, record, picklist,
// unknown, a union of plain types, and pipes of integer/min/max checks); this covers exactly those and throws on anything
// else, so a new kind in the contract fails the MCP tests instead of producing a wrong schema.
// Output is compact on purpose (no defaults, no bounds): an agent pays for every byte of
// `tools/list` on every turn.
import type * as v from "valibot";

export type JsonSchema = Record<string, unknown>;

type Action = { kind: string; type: string; requirement?: unknown };

/** The members of the schema kinds the contract uses that this reads (valibot's own types narrowed by `type`). */
type Kind =
  | { type: "string" | "number" | "boolean" | "unknown" }
  | { type: "picklist"; options: readonly string[] }
  | { type: "array"; item: v.GenericSchema }
  | { type: "record"; value: v.GenericSchema }
  | { type: "optional"; wrapped: v.GenericSchema; default?: unknown }
  | { type: "union"; options: readonly v.GenericSchema[] }
  | { type: "object" | "strict_object"; entries: Record<string, v.GenericSchema> };

type Piped = { pipe: readonly [v.GenericSchema, ...Action[]] };

export function toJsonSchema(schema: v.GenericSchema): JsonSchema {
  // valibot's schemas are plain objects: their kind is `type`, their parts are named members.
  const piped = schema as v.GenericSchema & Partial<Piped>;
  if (piped.pipe) {
    const [base, ...actions] = piped.pipe;
    const out = toJsonSchema(base);
    for (const a of actions) applyAction(out, a);
    return out;
  }
  const s = schema as v.GenericSchema & Kind;
  switch (s.type) {
    case "string":
      return { type: "string" };
    case "number":
      return { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "unknown":
      return {};
    case "picklist":
      return { enum: [...s.options] };
    case "array":
      return { type: "array", items: toJsonSchema(s.item) };
    case "record":
      return { type: "object", additionalProperties: toJsonSchema(s.value) };
    case "union": {
      // Of plain types only (`true` or a name). anyOf, not a `type` list: strict validators
      // (Ajv's strictTypes) and some clients refuse union types.
      const parts = s.options.map(toJsonSchema);
      if (!parts.every((p) => Object.keys(p).length === 1 && typeof p.type === "string"))
        throw new Error("no JSON Schema for a valibot union of other than plain types");
      return { anyOf: parts };
    }
    case "optional":
      // No `default`: what the shared ones are (session, wait, timeout) is said once in the
      // server's instructions, and the rest cost bytes in every tools/list for little.
      return toJsonSchema(s.wrapped);
    case "object":
    case "strict_object": {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(s.entries)) {
        properties[key] = toJsonSchema(value);
        if (value.type !== "optional") required.push(key);
      }
      return { type: "object", properties, ...(required.length ? { required } : {}) };
    }
    default:
      throw new Error(`no JSON Schema for valibot '${schema.type}'`);
  }
}

function applyAction(out: JsonSchema, a: Action): void {
  if (a.kind !== "validation") return;
  switch (a.type) {
    case "integer":
      out.type = "integer";
      return;
    case "min_value":
    case "max_value":
    case "min_length":
    case "max_length":
      // Bounds cost bytes in every tools/list and rarely matter to an agent: the daemon checks
      // them and its message names the bound (`a timeout is at most 2000000 s`).
      return;
    default:
      throw new Error(`no JSON Schema for valibot check '${a.type}'`);
  }
}
