// The executable starts with a reluctant JIT (--compile-jit-policy in scripts/build.ts), so a
// command's run-once start-up code is interpreted, not compiled. Processes that live long (the
// daemon, the MCP server) go back to the normal policy as soon as they start.
export function normalJitPolicy(): void {
  (Bun.unsafe as { setJITPolicy?: (scale: number) => void }).setJITPolicy?.(1);
}
