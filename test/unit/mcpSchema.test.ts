// JSON Schema for the MCP tools from the contract's valibot schemas.
import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { meta, metaOf } from "../../src/ipc/meta.ts";
import { toJsonSchema } from "../../src/mcp/jsonSchema.ts";
import { NOT_TOOLS, toolDefs } from "../../src/mcp/tools.ts";

describe("toJsonSchema", () => {
  test("the kinds the contract uses", () => {
    const schema = v.strictObject({
      name: v.pipe(v.string(), v.minLength(1)),
      count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)), 3),
      ids: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1), v.maxLength(5)),
      mode: v.optional(v.picklist(["a", "b"]), "a"),
      env: v.optional(v.record(v.string(), v.string()), {}),
      extra: v.optional(v.record(v.string(), v.unknown())),
      flag: v.optional(v.boolean()),
      at: v.optional(v.strictObject({ host: v.string(), port: v.number() })),
    });
    expect(toJsonSchema(schema)).toEqual({
      type: "object",
      properties: {
        name: { type: "string" },
        count: { type: "integer", minimum: 1, maximum: 9, default: 3 },
        ids: { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 5 },
        mode: { enum: ["a", "b"], default: "a" },
        env: { type: "object", additionalProperties: { type: "string" } },
        extra: { type: "object", additionalProperties: {} },
        flag: { type: "boolean" },
        at: { type: "object", properties: { host: { type: "string" }, port: { type: "number" } }, required: ["host", "port"] },
      },
      required: ["name", "ids"],
    });
  });

  test("a kind it does not know is an error, not a wrong schema", () => {
    expect(() => toJsonSchema(v.object({ d: v.date() }))).toThrow(/date/);
    expect(() => toJsonSchema(v.object({ s: v.pipe(v.string(), v.email()) }))).toThrow(/email/);
  });
});

describe("toolDefs", () => {
  test("every contract command but the excluded ones is a tool; session is every session command's first property", () => {
    const defs = toolDefs("api");
    expect(defs.map((d) => d.command).sort()).toEqual(Object.keys(meta).filter((c) => !(c in NOT_TOOLS)).sort() as typeof defs[number]["command"][]);
    for (const d of defs) {
      expect(d.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(d.inputSchema.properties).not.toHaveProperty("clientPid");
      if (!metaOf(d.command).daemon) expect(Object.entries(d.inputSchema.properties)[0]).toEqual(["session", { type: "string", default: "api" }]);
    }
  });
});
