// Catchpoints several adapters share (AdapterSpec.catchpoints).
import type { CatchpointDef } from "./types.ts";

/** C++ throw and catch as breakpoints on the Itanium C++ runtime's entry points (gcc, clang; not MSVC). */
export const CXX_CATCHPOINTS: CatchpointDef[] = [
  {
    filter: "throw",
    label: "C++ throw",
    description: "where a C++ exception is thrown (__cxa_throw)",
    function: "__cxa_throw",
    reason: "exception",
    on: false,
  },
  {
    filter: "catch",
    label: "C++ catch",
    description: "where a C++ exception is caught (__cxa_begin_catch)",
    function: "__cxa_begin_catch",
    reason: "exception",
    on: false,
  },
];

/** Where `__cxa_throw` is entered (its first instruction: LLDB's exception breakpoint and gdb's stop there). */
export const CXX_THROW_FUNCTION = "__cxa_throw";

/**
 * An expression, in `__cxa_throw`'s own frame at its entry, for the mangled name of the thrown type:
 * the second argument is the `std::type_info *`, whose name pointer follows its vtable pointer.
 * The argument register is the platform's second one (x86-64 System V: rsi; AArch64: x1).
 */
export function thrownTypeNameExpression(arch: string = process.arch): string | undefined {
  const register = arch === "x64" ? "$rsi" : arch === "arm64" ? "$x1" : undefined;
  return register && `*(const char **)(${register} + 8)`;
}

/** The string in a debugger's rendering of a `const char *` (`0x7ff… "St12out_of_range"`, gdb adds `<symbol>`). */
export function quotedString(result: string): string | undefined {
  const m = /"((?:[^"\\]|\\.)*)"\s*$/.exec(result.trim());
  return m?.[1];
}
