// C++ std::string compared as the agent writes it (`cust.contract == "GOLD"`, `s == t`), which
// neither LLDB 19 nor gdb 13 evaluates: each finds no `operator==` for std::string. Spelled with
// `compare`, which libstdc++ compiles in and both call; checked on lldb-dap and cdt-gdb-adapter
// (test/fixtures/cpp/strings.cpp).
import { exprText, isChain, type Node, parse, tokenize } from "./lldbExpressions.ts";

/**
 * The debugger's refusal of `s == "GOLD"` or `s == t` on a std::string: LLDB 19 finds no
 * `operator==` for it ("result of comparison against a string literal is unspecified", "invalid
 * operands to binary expression ('const std::string' …"), nor does gdb 13 ("No symbol
 * "operator==" in current context": the template is not instantiated in the binary; with the
 * literal on the left, "Can't do that binary op on that type").
 */
const STRING_COMPARE_REFUSED =
  /comparison against a string literal is unspecified|invalid operands to binary expression \([^)]*(?:std::(?:__cxx11::)?(?:basic_)?string|std::__1::basic_string)|No symbol "operator(?:==|!=)" in current context|Can't do that binary op on that type/;

/**
 * `s == "GOLD"` → `s.compare("GOLD") == 0`, after the debugger refused the comparison (see
 * STRING_COMPARE_REFUSED): std::string's `compare` is compiled into libstdc++, which both LLDB and
 * gdb call. Each comparison with a string literal is spelled so; one between two other operands
 * (`s == t`) only where it is the expression's only such comparison (the error does not say which
 * one is the string's). Undefined: nothing to spell otherwise (the debugger's error stands).
 */
export function stringComparisons(expression: string, error: string): string | undefined {
  if (!STRING_COMPARE_REFUSED.test(error)) return undefined;
  const tokens = tokenize(expression.trim());
  const tree = tokens && parse(tokens);
  if (!tree) return undefined;
  const isStr = (x: Node) => x.k === "lit" && x.text.startsWith('"');
  const isNumber = (x: Node) => x.k === "lit" && !x.text.startsWith('"');
  const comparisons: Extract<Node, { k: "bin" }>[] = [];
  const walk = (n: Node): void => {
    if (n.k === "bin") {
      if (n.op === "==" || n.op === "!=") comparisons.push(n);
      walk(n.l);
      walk(n.r);
    } else if (n.k === "unary" || n.k === "paren" || n.k === "cast") walk(n.e);
  };
  walk(tree);
  const plain = comparisons.filter((c) => !isStr(c.l) && !isStr(c.r) && !isNumber(c.l) && !isNumber(c.r));
  const spelled = new Set(comparisons.filter((c) => isStr(c.l) !== isStr(c.r)));
  if (!spelled.size && plain.length === 1 && !/string literal/.test(error)) spelled.add(plain[0]!);
  if (!spelled.size) return undefined;
  const text = (n: Node): string => {
    if (n.k === "bin" && spelled.has(n)) {
      const [s, other] = isStr(n.l) ? [n.r, n.l] : [n.l, n.r];
      const receiver = s.k === "name" || isChain(s) || s.k === "method" || s.k === "paren" ? text(s) : `(${text(s)})`;
      return `${receiver}.compare(${text(other)}) ${n.op} 0`;
    }
    switch (n.k) {
      case "bin":
        return `${text(n.l)} ${n.op} ${text(n.r)}`;
      case "paren":
        return `(${text(n.e)})`;
      case "unary":
        return `${n.op}${text(n.e)}`;
      default:
        return exprText(n);
    }
  };
  return text(tree);
}
