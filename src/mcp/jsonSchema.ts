// JSON Schema for MCP tool inputs from the contract's valibot schemas. The contract uses a handful
// of schema kinds (object, optional with defaults, string, number, boolean, array, record, picklist,
// unknown, and pipes of integer/min/max checks); this covers exactly those and throws on anything
// else, so a new kind in the contract fails the MCP tests instead of producing a wrong schema.
// Output is compact on purpose: an agent pays for every byte of `tools/list` on every turn.
import type * as v from "valibot";

export type JsonSchema = Record<string, unknown>;

type AnySchema = v.GenericSchema & { type: string; pipe?: readonly { kind: string; type: string; requirement?: unknown }[] };

export function toJsonSchema(schema: v.GenericSchema): JsonSchema {
  const s = schema as AnySchema;
  if (s.pipe) {
    const [base, ...actions] = s.pipe as unknown as [v.GenericSchema, ...{ kind: string; type: string; requirement?: unknown }[]];
    const out = toJsonSchema(base);
    for (const a of actions) applyAction(out, a);
    return out;
  }
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
      return { enum: [...(s as unknown as { options: readonly string[] }).options] };
    case "array":
      return { type: "array", items: toJsonSchema((s as unknown as { item: v.GenericSchema }).item) };
    case "record":
      return { type: "object", additionalProperties: toJsonSchema((s as unknown as { value: v.GenericSchema }).value) };
    case "optional": {
      const o = s as unknown as { wrapped: v.GenericSchema; default?: unknown };
      const out = toJsonSchema(o.wrapped);
      // Defaults that say something (a number, true) are shown; empty arrays and records are not.
      const d = typeof o.default === "function" ? undefined : o.default;
      if (d !== undefined && (typeof d !== "object" || d === null)) out.default = d;
      return out;
    }
    case "object":
    case "strict_object": {
      const entries = (s as unknown as { entries: Record<string, v.GenericSchema> }).entries;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(entries)) {
        properties[key] = toJsonSchema(value);
        if ((value as AnySchema).type !== "optional") required.push(key);
      }
      return { type: "object", properties, ...(required.length ? { required } : {}) };
    }
    default:
      throw new Error(`no JSON Schema for valibot '${s.type}'`);
  }
}

function applyAction(out: JsonSchema, a: { kind: string; type: string; requirement?: unknown }): void {
  if (a.kind !== "validation") return;
  switch (a.type) {
    case "integer":
      out.type = "integer";
      return;
    case "min_value":
      out.minimum = a.requirement;
      return;
    case "max_value":
      out.maximum = a.requirement;
      return;
    case "min_length":
      // "not empty" on a string costs bytes in every tool and tells an agent nothing; the daemon
      // still rejects an empty one with the contract's message.
      if (out.type === "array") out.minItems = a.requirement;
      return;
    case "max_length":
      out[out.type === "array" ? "maxItems" : "maxLength"] = a.requirement;
      return;
    default:
      throw new Error(`no JSON Schema for valibot check '${a.type}'`);
  }
}
