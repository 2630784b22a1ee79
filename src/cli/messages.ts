// Human messages on stderr (warnings, progress, the setup prompt) through consola. Loaded only
// when a message is due: importing consola costs start-up time every command would pay.
import type { ConsolaInstance } from "consola";

let instance: ConsolaInstance | undefined;

export async function messages(): Promise<ConsolaInstance> {
  if (instance) return instance;
  const { createConsola } = await import("consola");
  // Everything on stderr: stdout holds only the command's result (one JSON document with --json).
  // level 3 (info) always: consola would drop to warnings when NODE_ENV=test or in CI.
  const options = {
    stdout: process.stderr,
    stderr: process.stderr,
    level: 3,
    fancy: !!process.stderr.isTTY,
    formatOptions: { date: false, colors: useColor(process.stderr) },
  };
  instance = createConsola(options as Parameters<typeof createConsola>[0]);
  return instance;
}

/** Colours only on a terminal; NO_COLOR turns them off, FORCE_COLOR on (https://no-color.org). */
export function useColor(stream: { isTTY?: boolean } = process.stdout, env = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return !!stream.isTTY && env.TERM !== "dumb";
}
