// Catchpoints several adapters share (AdapterSpec.catchpoints).
import type { CatchpointDef } from "./types.ts";

/** C++ throw and catch as breakpoints on the Itanium C++ runtime's entry points (gcc, clang; not MSVC). */
export const CXX_CATCHPOINTS: CatchpointDef[] = [
  { filter: "throw", label: "C++ throw", description: "where a C++ exception is thrown (__cxa_throw)", function: "__cxa_throw", reason: "exception", on: false },
  { filter: "catch", label: "C++ catch", description: "where a C++ exception is caught (__cxa_begin_catch)", function: "__cxa_begin_catch", reason: "exception", on: false },
];
