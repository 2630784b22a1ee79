// Functions of a language's runtime, whatever file they are in (a panic's or an abort's machinery),
// by the names each runtime gives them: never the user's frame (AdapterSpec.runtimeFrames). Unit-
// tested from frames lldb-dap, gdb and Delve name (test/unit/userCode.test.ts).

/** glibc and the C start-up code, as both native debuggers and Delve (cgo) name them. */
export const C_RUNTIME_FRAMES: readonly RegExp[] = [/^(__GI_|__libc_|_start$|__pthread|raise$|abort$|__assert)/];
/** Go's runtime and testing package (Delve, and a Go binary under a native debugger). */
export const GO_RUNTIME_FRAMES: readonly RegExp[] = [/^(runtime|testing)\./];
/** Rust's standard library and its panic machinery. */
export const RUST_RUNTIME_FRAMES: readonly RegExp[] = [/^(core|std|alloc)::/, /^__rust_/, /^rust_(begin_unwind|panic)/];
/** What a native debugger (LLDB, gdb) may find in a program: C, Rust or Go built natively. */
export const NATIVE_RUNTIME_FRAMES: readonly RegExp[] = [...C_RUNTIME_FRAMES, ...GO_RUNTIME_FRAMES, ...RUST_RUNTIME_FRAMES];
