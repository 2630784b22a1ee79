// Function names as both native debuggers (LLDB, gdb) give them, spelled as an agent writes them:
// AdapterSpec.frameName of lldb-dap, CodeLLDB, the lldb console and gdb. Unit-tested from a table
// of their frame names (test/unit/stopReport.test.ts).

/**
 * Rust's symbol hash (`basic::add::h1a2b…`) goes, and so does a C++ signature
 * (`Sq::area(int) const` → `Sq::area`); `operator()` keeps its parentheses.
 */
export function nativeFunctionName(name: string): string {
  // A C++ static function in the global namespace reads `::set_login`.
  const plain = name.replace(/::h[0-9a-f]{16}$/, "").replace(/^::(?=[A-Za-z_])/, "");
  const m = /^(.*\S)\((.*)\)(\s*(const|volatile|&&?|noexcept))*\s*$/.exec(plain);
  // `Foo::operator()` with no parameter list: those parentheses are the name.
  if (!m || /\boperator\s*$/.test(m[1]!)) return plain;
  // The parentheses must balance inside the parameter list, or they are not one.
  let depth = 0;
  for (const ch of m[2]!) {
    if (ch === "(") depth++;
    else if (ch === ")" && --depth < 0) return plain;
  }
  return depth === 0 ? m[1]! : plain;
}
