// config.toml, parsed with Bun.TOML and validated with valibot; a bad file names the key.
import * as v from "valibot";
import { DebuggerError } from "./errors.ts";
import { configPath } from "./paths.ts";

const AdapterEntry = v.strictObject({
  command: v.pipe(v.array(v.string()), v.minLength(1)),
  transport: v.optional(v.picklist(["stdio", "tcp-listen"]), "stdio"),
  /** Extensions of programs this adapter is picked for without --adapter. */
  extensions: v.optional(v.array(v.string()), []),
  launch: v.optional(v.record(v.string(), v.unknown()), {}),
  attach: v.optional(v.record(v.string(), v.unknown()), {}),
  env: v.optional(v.record(v.string(), v.string()), {}),
});

const ConfigSchema = v.strictObject({
  output: v.optional(
    v.strictObject({
      max_chunks: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      max_bytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1024))),
    }),
    {},
  ),
  display: v.optional(
    v.strictObject({
      max_value_length: v.optional(v.pipe(v.number(), v.integer(), v.minValue(16))),
      max_locals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      source_lines: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    }),
    {},
  ),
  adapters: v.optional(v.record(v.string(), AdapterEntry), {}),
});

export type Config = v.InferOutput<typeof ConfigSchema>;
export type AdapterConfig = v.InferOutput<typeof AdapterEntry>;

export async function loadConfig(path = configPath()): Promise<Config> {
  const file = Bun.file(path);
  if (!(await file.exists())) return v.parse(ConfigSchema, {});
  let raw: unknown;
  try {
    raw = Bun.TOML.parse(await file.text());
  } catch (e) {
    throw new DebuggerError("INVALID_ARGUMENT", `config file ${path} is not valid TOML: ${(e as Error).message}`, "fix the file or move it away");
  }
  return ConfigSchemaCheck(raw, path);
}

/** Validates parsed TOML; the error names the first bad key. */
export function ConfigSchemaCheck(raw: unknown, path: string): Config {
  const result = v.safeParse(ConfigSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.map((p) => String(p.key)).join(".") || "(top level)";
    throw new DebuggerError("INVALID_ARGUMENT", `config file ${path}: key '${key}': ${issue.message}`, "fix that key or remove it; `debugger doctor` checks the file");
  }
  return result.output;
}
