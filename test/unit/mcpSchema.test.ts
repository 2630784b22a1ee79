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

/**
 * What the main model APIs accept as a tool's input schema, as their documentation states it. A
 * client that hands our tool list to one of them fails its whole request (every tool of every
 * server it loaded) when one schema breaks a rule, so each rule is checked for every tool.
 */
const COMBINATORS = ["anyOf", "oneOf", "allOf", "not", "if", "then", "else"];
const API_RULES: { api: string; name: RegExp; check: (schema: Record<string, unknown>) => string | undefined }[] = [
  // Anthropic: "input_schema does not support oneOf, allOf, or anyOf at the top level"; type object.
  { api: "Anthropic", name: /^[a-zA-Z0-9_-]{1,64}$/, check: (s) => (s.type !== "object" ? "root type is not object" : COMBINATORS.find((k) => k in s)) },
  // OpenAI function calling: parameters are an object schema; no combinator stands for the root.
  { api: "OpenAI", name: /^[a-zA-Z0-9_-]{1,64}$/, check: (s) => (s.type !== "object" || typeof s.properties !== "object" ? "not an object with properties" : COMBINATORS.find((k) => k in s)) },
  // Gemini (parametersJsonSchema): "must describe an object where the properties are the parameters".
  { api: "Gemini", name: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/, check: (s) => (s.type !== "object" ? "root type is not object" : COMBINATORS.find((k) => k in s)) },
];

/** Every `$ref` or `$defs` anywhere: none of the three resolves references in tool schemas the same way. */
function refsIn(value: unknown, at = ""): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => (k === "$ref" || k === "$defs" ? [`${at}/${k}`] : refsIn(v, `${at}/${k}`)));
}

describe("the model APIs' tool-schema rules", () => {
  for (const rule of API_RULES) {
    test(`${rule.api}: every tool's name and input schema are accepted`, () => {
      const broken = toolDefs("api").flatMap((d) => {
        const why = rule.check(d.inputSchema) ?? (rule.name.test(d.name) ? undefined : "name");
        return why ? [`${d.name}: ${why}`] : [];
      });
      expect(broken).toEqual([]);
    });
  }

  test("the checks catch what they are for: a root anyOf, a non-object root, a dotted name", () => {
    const anthropic = API_RULES[0]!;
    expect(anthropic.check({ type: "object", properties: {}, anyOf: [{ required: ["a"] }] })).toBe("anyOf");
    expect(anthropic.check({ anyOf: [{ type: "object" }] })).toBe("root type is not object");
    expect(anthropic.name.test("breakpoint.add")).toBe(false);
    expect(refsIn({ a: { b: { $ref: "#/x" } } })).toEqual(["/a/b/$ref"]);
  });

  test("no tool schema holds a reference", () => {
    expect(toolDefs("api").flatMap((d) => refsIn(d.inputSchema).map((r) => `${d.name}${r}`))).toEqual([]);
  });

  test("start says in words that it needs a program or a module (the daemon checks it)", () => {
    const start = toolDefs("api").find((d) => d.name === "start")!;
    expect(start.inputSchema.required ?? []).not.toContain("program");
    expect(start.inputSchema.properties.program).toEqual({ type: "string", description: "required unless module is given" });
  });
});
