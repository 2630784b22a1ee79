// Expressions as the agent writes them, spelled for LLDB's evaluator, which speaks C++ for every
// language. LLDB has no Rust parser: a Rust reference or Box is a C pointer there (`self.runs` needs
// `->` once anything else in the expression fails), Vec and slices have no `[]`, tuple fields are
// `__0` (`pair.0 + 1` parses as `pair` and the number `.0`: a silent wrong value), and nothing can
// be called. gdb's habits (`*p@N`, `/x`) are not LLDB's either. Each rule here was checked
// against lldb-dap 19 with rustc 1.95's formatters (test/fixtures/rust/exprs.rs).
//
// A Rust expression is parsed, and each step of a member path is spelled by the type LLDB gives
// its receiver (one evaluate per step, asked of the same frame). An enum compared with
// `Some(…)`/`None`/`Ok(…)`/`Err(…)` is read through rustc's formatters (which know its niche
// layout) and enters the expression as `true`/`false`: such a translation holds for this stop only.
// An element of a Vec (or VecDeque) whose element type C++ cannot name (rustc's generic instances,
// tuples) is LLDB's variable path through the formatters' children, its index read now; inside a
// larger expression the path stands in as its object at its address (a named type) or its value.
// A Rust local or field named as a C++ keyword (`new`, `this`, `class`) is read the same way: LLDB's
// C++ parser cannot take the name, its variable path can.
// What does not parse as the Rust subset below is sent as written: LLDB's own error then says why.
import { DebuggerError } from "../common/errors.ts";

export type ExpressionFormat = "hex" | "bin" | "oct" | "dec" | "char" | "address";

export interface ExpressionContext {
  /** The program's language: Rust gets the Rust rules, every program gdb's habits. */
  rust: boolean;
  /** LLDB's value and type for an expression it reads as written (no translation); rejects on an error. */
  evaluate(expression: string): Promise<{ result: string; type?: string }>;
  /** gdb is installed here: gdb 13 calls the program's own Rust methods (not std's generic ones: `Vec::len` is not in the binary). */
  gdb: boolean;
  /** The names of the children LLDB's formatters give the value of `expression` (a struct's fields), for a missing field's error. */
  fields?(expression: string): Promise<string[]>;
}

export interface Translation {
  /** What LLDB is asked. */
  expression: string;
  /** gdb's `/x`: the format the value is shown in. */
  format?: ExpressionFormat;
  /** Values read now went into the expression (an enum's variant): valid for this stop only, not as a breakpoint's condition. */
  readNow?: boolean;
  /**
   * A place whose path only LLDB's variable path reads (a name that is a C++ keyword: `new.qty`), as
   * C naming its memory at this stop (`(*(long *)0x7ffe…)`): what a watchpoint is set on.
   */
  lvalue?: string;
}

/** gdb's print formats (`p/x`) as the CLI's --format. */
const GDB_FORMATS: Record<string, ExpressionFormat> = { x: "hex", z: "hex", t: "bin", o: "oct", d: "dec", u: "dec", c: "char", a: "address" };

/** Rust's primitive types as LLDB's C spells them (rustc's DWARF base types read so in LLDB 19). */
const RUST_PRIMITIVES: Record<string, string> = {
  i8: "signed char",
  u8: "unsigned char",
  i16: "short",
  u16: "unsigned short",
  i32: "int",
  u32: "unsigned int",
  i64: "long",
  u64: "unsigned long",
  isize: "long",
  usize: "unsigned long",
  i128: "__int128",
  u128: "unsigned __int128",
  f32: "float",
  f64: "double",
  bool: "bool",
  char: "char32_t",
};

/**
 * Names a Rust program may give a local or a field that LLDB's expression parser cannot read as a
 * name in a Rust frame (measured on lldb-dap 19 with rustc 1.95): C++ keywords and Clang's own
 * (Rust's keywords cannot be names, `r#` aside), and the Objective-C macros of LLDB's prelude. A
 * local so named breaks every expression whose text mentions the name (LLDB declares each local
 * named in the text: "expected unqualified-id" at `using $__lldb_local_vars::new`). C++20's and the
 * alternative tokens (`concept`, `and`) read as names there; in a C frame LLDB reads C, where
 * `new`, `class` and `this` are names.
 */
const CXX_RESERVED = new Set(
  (
    "alignas alignof asm auto bool catch char char16_t char32_t class const_cast constexpr decltype default delete double " +
    "dynamic_cast explicit export float friend goto inline int long mutable namespace new noexcept nullptr operator private " +
    "protected public register reinterpret_cast short signed sizeof static_assert static_cast switch case template this " +
    "thread_local throw typedef typeid typename union unsigned using void volatile wchar_t __null __restrict __int128 _Complex " +
    "__alignof __alignof__ __asm __asm__ __attribute__ __builtin_offsetof __decltype __extension__ __inline __label__ " +
    "__real __imag __thread __typeof __typeof__ __volatile typeof nil Nil YES NO NULL"
  ).split(" "),
);
/** Objective-C's `id`: LLDB leaves a local so named out of the frame's names (`no member named 'id'`), yet `x.id` is a field it reads. */
const OBJC_ID = "id";

/** Translates one expression for LLDB, or throws a DebuggerError saying what LLDB cannot do and what works instead. */
export async function translateForLldb(expression: string, ctx: ExpressionContext): Promise<Translation> {
  let text = expression.trim();
  let format: ExpressionFormat | undefined;
  // gdb's `p/x EXPR` (or just `/x EXPR`): the format letter becomes the CLI's format.
  const fmt = /^(?:(?:p|print|output|call)\s*)?\/([a-z]+)\s+(?=[^\s+\-/%=<>!|^.)\]])/.exec(text);
  if (fmt) {
    const letters = fmt[1]!;
    const known = letters.length === 1 ? GDB_FORMATS[letters] : undefined;
    if (!known)
      throw refused(
        expression,
        `'/${letters}' is gdb's print format, and not one LLDB has here`,
        "`--format hex` (or bin, oct, dec, char, address) with the expression alone",
      );
    format = known;
    text = text.slice(fmt[0].length);
  }
  // A print command typed as the expression (`p x`, `print x`): the expression is what follows.
  const cmd = /^(?:p|print)\s+(?=\S)/.exec(text);
  if (cmd && !/^(?:p|print)\s*(?:[-+*/%=<>!&|^.[(]|as\b)/.test(text)) text = text.slice(cmd[0].length);
  const atIndex = topLevelAt(text);
  if (atIndex >= 0) return done(await gdbArray(expression, text, atIndex, ctx));
  if (!ctx.rust) return done(text);
  const tokens = tokenize(text);
  if (!tokens) return done(text);
  const parsed = parse(tokens);
  if (!parsed || !needsRust(parsed)) return done(text);
  const t = new RustToLldb(expression, ctx);
  const out = await t.emit(parsed, isPlace(parsed)).catch((e: unknown) => {
    if (!(e instanceof PathOnly)) throw e;
    if (e.keyword)
      throw refused(
        expression,
        `'${e.keyword}' is a C++ keyword to LLDB's expression parser, so '${e.what}' is read through LLDB's variable path, alone or down to a number or a value of a named type, not as ${shortRust(e.type) || "it is"}`,
        `\`debugger print '${e.what}'\` shows it; compare its fields (\`${e.what}.FIELD == 3\`)`,
      );
    throw refused(
      expression,
      `LLDB's expressions cannot name the element type '${shortRust(e.type)}' of '${e.what}': its elements are read through the formatters, alone or down to a field of a named type or a number`,
      `\`debugger print '${e.what}[i].field'\` or \`debugger print '${e.what}[i]'\``,
    );
  });
  // A path alone only LLDB's variable path reads: lldb-dap's evaluate reads it so, LLDB's own
  // breakpoint condition would not (its parser), so as a condition it is the daemon's to check.
  const keywordPath = t.keyword && isPlace(parsed);
  const lvalue = keywordPath ? await t.lvalueOf(out) : undefined;
  return {
    expression: out,
    ...(format ? { format } : {}),
    ...(t.readNow || keywordPath ? { readNow: true } : {}),
    ...(lvalue ? { lvalue } : {}),
  };

  function done(e: string): Translation {
    return { expression: e, ...(format ? { format } : {}) };
  }
}

function refused(expression: string, why: string, hint: string, code: "EVALUATE_FAILED" | "UNSUPPORTED" = "EVALUATE_FAILED"): DebuggerError {
  return new DebuggerError(code, `cannot evaluate '${expression}': ${why}`, hint);
}

// ---- tokens --------------------------------------------------------------------------------

interface Token {
  kind: "id" | "num" | "str" | "op";
  text: string;
}

const OPS = ["::", "->", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", ".."];

/** Tokens of an expression, or undefined for text this file does not read (it then goes to LLDB as written). */
export function tokenize(text: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = text.slice(i);
    const id = /^[A-Za-z_$][\w$]*/.exec(rest);
    if (id) {
      out.push({ kind: "id", text: id[0] });
      i += id[0].length;
      continue;
    }
    // After a `.`, digits are a tuple field (`x.0.1` is two fields, not the number 0.1).
    const afterDot = out.at(-1)?.text === ".";
    const num = afterDot
      ? /^\d+/.exec(rest)
      : /^(?:0x[0-9a-fA-F_]+|0b[01_]+|0o[0-7_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)(?:[iu](?:8|16|32|64|128|size)|f32|f64)?/.exec(rest);
    if (num) {
      out.push({ kind: "num", text: num[0] });
      i += num[0].length;
      continue;
    }
    const str = /^"(?:[^"\\]|\\.)*"|^'(?:[^'\\]|\\.[^']*)'/.exec(rest);
    if (str) {
      out.push({ kind: "str", text: str[0] });
      i += str[0].length;
      continue;
    }
    if (c === '"' || c === "'") return undefined;
    const op = OPS.find((o) => rest.startsWith(o)) ?? c;
    out.push({ kind: "op", text: op });
    i += op.length;
  }
  return out;
}

/** Where a gdb `@` stands outside brackets and quotes in the text, or -1. */
function topLevelAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = /^(["'])(?:\\.|(?!\1)[^\\])*\1/.exec(text.slice(i));
      if (!end) return -1;
      i += end[0].length - 1;
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "@" && depth === 0) return i;
  }
  return -1;
}

/** gdb's `X@N`: N elements from X's address, as LLDB's C spells an array: `*(T (*)[N])&(X)`. */
async function gdbArray(expression: string, text: string, at: number, ctx: ExpressionContext): Promise<string> {
  const left = text.slice(0, at).trim();
  const right = text.slice(at + 1).trim();
  if (!left || !right)
    throw refused(expression, "gdb's `@` takes a value on its left and a count on its right (`*p@12`)", "`debugger print '*p@12'` reads 12 elements from p");
  const n = /^\d+$/.test(right) ? Number(right) : Number((await ctx.evaluate(right).catch(() => ({ result: "" }))).result.trim());
  if (!Number.isInteger(n) || n <= 0)
    throw refused(expression, `the count after '@' must be a positive whole number ('${right}' is not)`, "`debugger print '*p@12'` reads 12 elements from p");
  const first = await ctx.evaluate(left).catch((e: Error) => {
    throw refused(expression, `'${left}': ${e.message.replace(/^cannot evaluate '[^']*': /, "")}`, "`debugger locals` lists the names in scope");
  });
  const type = first.type?.trim();
  if (!type || /[()[\]]/.test(type))
    throw refused(expression, `LLDB cannot make an array of '${type ?? "?"}' values`, `\`debugger memory '&(${left})' --count N\` reads the bytes`);
  return `*(${type} (*)[${n}])&(${left})`;
}

// ---- Rust parse ----------------------------------------------------------------------------

export type Node =
  | { k: "lit"; text: string }
  | { k: "name"; text: string }
  | { k: "unary"; op: string; e: Node }
  | { k: "bin"; op: string; l: Node; r: Node }
  | { k: "cast"; e: Node; type: string }
  | { k: "paren"; e: Node }
  | { k: "field"; e: Node; name: string; arrow: boolean }
  | { k: "tuple"; e: Node; index: string }
  | { k: "index"; e: Node; i: Node }
  | { k: "method"; e: Node; name: string; args: Node[] }
  | { k: "call"; f: Node; args: Node[] }
  | { k: "variant"; name: "Some" | "None" | "Ok" | "Err"; arg?: Node };

const BINARY: Record<string, number> = {
  "||": 1,
  "&&": 2,
  "==": 3,
  "!=": 3,
  "<": 3,
  ">": 3,
  "<=": 3,
  ">=": 3,
  "|": 4,
  "^": 5,
  "&": 6,
  "<<": 7,
  ">>": 7,
  "+": 8,
  "-": 8,
  "*": 9,
  "/": 9,
  "%": 9,
};
const AS = 10;
const VARIANTS = new Set(["Some", "None", "Ok", "Err"]);

/** The expression as a tree, or undefined when it is not the Rust subset read here. */
export function parse(tokens: Token[]): Node | undefined {
  let pos = 0;
  const peek = () => tokens[pos];
  const take = (text?: string) => {
    const t = tokens[pos];
    if (!t || (text !== undefined && t.text !== text)) throw new Error("parse");
    pos++;
    return t;
  };
  const expr = (min: number): Node => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (!t) return left;
      if (t.kind === "id" && t.text === "as" && AS >= min) {
        pos++;
        left = { k: "cast", e: left, type: typeName() };
        continue;
      }
      const prec = t.kind === "op" ? BINARY[t.text] : undefined;
      if (prec === undefined || prec < min) return left;
      pos++;
      left = { k: "bin", op: t.text, l: left, r: expr(prec + 1) };
    }
  };
  const typeName = (): string => {
    let s = "";
    if (peek()?.text === "*") {
      pos++;
      const q = take().text;
      if (q !== "const" && q !== "mut") throw new Error("parse");
      s = `*${q} `;
    }
    s += take().text;
    while (peek()?.text === "::") s += take().text + take().text;
    return s;
  };
  const unary = (): Node => {
    const t = peek();
    if (t?.kind === "op" && ["-", "!", "*", "&", "~"].includes(t.text)) {
      pos++;
      if (t.text === "&" && peek()?.text === "mut") pos++;
      return { k: "unary", op: t.text, e: unary() };
    }
    return postfix(primary());
  };
  const args = (): Node[] => {
    take("(");
    const out: Node[] = [];
    while (peek()?.text !== ")") {
      out.push(expr(1));
      if (peek()?.text === ",") pos++;
      else break;
    }
    take(")");
    return out;
  };
  const primary = (): Node => {
    const t = take();
    if (t.kind === "num" || t.kind === "str") return { k: "lit", text: t.text };
    if (t.kind === "id") {
      if (VARIANTS.has(t.text) && peek()?.text !== "::") {
        if (t.text === "None") return { k: "variant", name: "None" };
        const a = peek()?.text === "(" ? args() : undefined;
        if (a?.length !== 1) throw new Error("parse");
        return { k: "variant", name: t.text as "Some", arg: a[0] };
      }
      let text = t.text;
      while (peek()?.text === "::" && tokens[pos + 1]?.kind === "id") text += take().text + take().text;
      return { k: "name", text };
    }
    if (t.text === "(") {
      const e = expr(1);
      take(")");
      return { k: "paren", e };
    }
    throw new Error("parse");
  };
  const postfix = (node: Node): Node => {
    for (;;) {
      const t = peek();
      if (t?.text === "." || t?.text === "->") {
        pos++;
        const m = take();
        if (m.kind === "num" && t.text === ".") node = { k: "tuple", e: node, index: m.text };
        else if (m.kind === "id" && peek()?.text === "(" && t.text === ".") node = { k: "method", e: node, name: m.text, args: args() };
        else if (m.kind === "id") node = { k: "field", e: node, name: m.text, arrow: t.text === "->" };
        else throw new Error("parse");
      } else if (t?.text === "[") {
        pos++;
        const i = expr(1);
        take("]");
        node = { k: "index", e: node, i };
      } else if (t?.text === "(" && node.k === "name") {
        node = { k: "call", f: node, args: args() };
      } else return node;
    }
  };
  try {
    const e = expr(1);
    return pos === tokens.length ? e : undefined;
  } catch {
    return undefined;
  }
}

/** Whether anything in it needs a Rust rule (a plain `a + b` goes as written, with no extra request). */
function needsRust(n: Node): boolean {
  switch (n.k) {
    case "lit":
      return /[iuf]\d|size|_/.test(n.text) && !/^0x/i.test(n.text);
    case "name":
      return reservedName(n.text);
    case "unary":
      return needsRust(n.e);
    case "paren":
      return needsRust(n.e);
    case "bin":
      // A string compared with a literal (`word == "x"`): C would compare addresses.
      if ((n.op === "==" || n.op === "!=") && [n.l, n.r].some((x) => x.k === "lit" && x.text.startsWith('"'))) return true;
      return needsRust(n.l) || needsRust(n.r);
    case "call":
      return n.args.some(needsRust);
    default:
      return true;
  }
}

/** A member path alone (`self.items[0].name`): LLDB reads it through the formatters' children. */
function isPlace(n: Node): boolean {
  if (n.k === "name") return true;
  if (n.k === "field" || n.k === "tuple" || n.k === "index") return isPlace(n.e);
  if (n.k === "unary" && (n.op === "*" || n.op === "&")) return isPlace(n.e);
  return false;
}

/** A step of a member path: what `chain` spells. */
type ChainNode = Extract<Node, { k: "field" | "tuple" | "index" }>;
export const isChain = (n: Node): n is ChainNode => n.k === "field" || n.k === "tuple" || n.k === "index";

/** A member path's spelling; `path`: only LLDB's variable path reads it (an element through the formatters' children), not its C++ parser. */
interface Step {
  text: string;
  path: boolean;
}

/**
 * Thrown where a member path reaches an element LLDB's C++ parser cannot reach (a Vec whose element
 * type it cannot name, a VecDeque, a map entry) outside a path alone: the longest path around it
 * that reads as a named type or a plain value is then read now and stands in the expression.
 */
class PathOnly extends Error {
  constructor(
    readonly what: string,
    readonly type: string,
    /** The C++ keyword that kept the path from LLDB's parser (`new`), where that was the cause. */
    readonly keyword?: string,
  ) {
    super("path only");
  }
}

/** A local's name LLDB's C++ parser cannot read in a Rust frame. */
function reservedName(name: string): boolean {
  return CXX_RESERVED.has(name) || name === OBJC_ID;
}

/**
 * A type LLDB's C++ parser can name in a cast. rustc's generic instances (`genlib::Slot<K, V>`) are
 * not C++ templates there ("no member named 'Slot' in namespace 'genlib'"), nor are tuples, slices,
 * references, closures or trait objects types it can spell.
 */
export function nameable(type: string): boolean {
  const t = type.trim();
  return t !== "" && !/[<>()[\]&{}$]|\bdyn\b/.test(t);
}

/** A value LLDB shows that C reads as written: a number, a bool. */
const SCALAR = /^(?:-?(?:\d+(?:\.\d+)?(?:e[-+]?\d+)?|0x[0-9a-f]+)|true|false)$/i;

// ---- Rust → LLDB -----------------------------------------------------------------------------

/** What a Rust value is, from the type LLDB names (rustc 1.95's DWARF names as LLDB 19 reads them). */
function kindOf(type: string): { kind: string; element?: string; length?: number } {
  const t = type.trim();
  if (/\*$/.test(t)) return { kind: "pointer" };
  if (/^&(?:mut )?str$/.test(t)) return { kind: "str" };
  if (/^&(?:mut )?\[/.test(t)) return { kind: "slice" };
  const generic = /^([\w:]+)<(.*)>$/.exec(t);
  const name = generic?.[1] ?? t;
  if (name === "alloc::vec::Vec") return { kind: "vec", element: firstArgument(generic![2]!) };
  if (name === "alloc::string::String") return { kind: "string" };
  if (name === "alloc::collections::vec_deque::VecDeque") return { kind: "vecdeque" };
  if (/^(?:std::collections::hash::map|hashbrown::map)::HashMap$/.test(name)) return { kind: "hashmap" };
  if (/^(?:std::collections::hash::set|hashbrown::set)::HashSet$/.test(name)) return { kind: "hashset" };
  if (name === "alloc::collections::btree::map::BTreeMap") return { kind: "btreemap" };
  if (name === "core::option::Option") return { kind: "option" };
  if (name === "core::result::Result") return { kind: "result" };
  if (t.startsWith("(")) return { kind: "tuple" };
  const array = /\[(\d+)\]$/.exec(t);
  if (array) return { kind: "array", length: Number(array[1]) };
  return { kind: "other" };
}

/** `unsigned long, alloc::alloc::Global` → `unsigned long` (commas inside brackets kept). */
function firstArgument(args: string): string {
  let depth = 0;
  for (const [i, c] of [...args].entries()) {
    if ("<([".includes(c)) depth++;
    else if (">)]".includes(c)) depth--;
    else if (c === "," && depth === 0) return args.slice(0, i).trim();
  }
  return args.trim();
}

/** The length of each collection, as its fields name it. */
const LENGTH: Record<string, string> = {
  vec: "len",
  vecdeque: "len",
  string: "vec.len",
  str: "length",
  slice: "length",
  hashmap: "base.table.table.items",
  hashset: "base.map.table.table.items",
  btreemap: "length",
};

/** The most entries of a map read one by one to find a key. */
const MAX_ENTRIES = 256;

/** What works instead of a method call, for the refusal. */
const INSTEAD =
  "fields read as in Rust (`self.base.major`), and `.len()`, `.is_empty()`, `v[i]`, `t.0`, `x as u64`, `opt == Some(3)`, `res.is_ok()` are translated";

class RustToLldb {
  /** Values read now went into the expression. */
  readNow = false;
  /** A name LLDB's C++ parser cannot read is on a path read through LLDB's variable path. */
  keyword = false;
  private readonly types = new Map<string, Promise<{ result: string; type?: string }>>();
  private readonly locals = new Map<string, Promise<boolean>>();

  constructor(
    private readonly expression: string,
    private readonly ctx: ExpressionContext,
  ) {}

  private read(text: string): Promise<{ result: string; type?: string }> {
    let known = this.types.get(text);
    if (!known) {
      known = this.ctx.evaluate(text);
      this.types.set(text, known);
    }
    return known.catch((e: Error) => {
      throw refused(this.expression, `'${text}': ${e.message.replace(/^cannot evaluate '[^']*': /, "")}`, "`debugger locals` lists the names in scope");
    });
  }

  private async typeOf(text: string): Promise<string> {
    return (await this.read(text)).type ?? "";
  }

  /** The receiver of a member step, through references and Boxes (C pointers in LLDB): its text, type, and the member operator. */
  private async receiver(node: Node, place: boolean): Promise<{ text: string; type: string; op: "." | "->"; path: boolean }> {
    const step = isChain(node) ? (place ? await this.chain(node, true) : await this.inC(node)) : { text: await this.emit(node, place), path: false };
    let text = step.text;
    const path = step.path;
    let type = await this.typeOf(text);
    // `&&T` is `T **`: one `*` for each level but the last, which `->` takes.
    while (/\*\s*\*$/.test(type)) {
      text = `(*${text})`;
      type = type.replace(/\s*\*$/, "");
    }
    if (/\*$/.test(type)) return { text, type: type.replace(/\s*\*$/, ""), op: "->", path };
    return { text, type, op: ".", path };
  }

  /** The receiver as C, or, where only the formatters' children reach it, as LLDB's variable path (its values read now). */
  private async receiverOrPath(node: Node): Promise<{ text: string; type: string; op: "." | "->"; path: boolean }> {
    return this.receiver(node, false).catch(async (e: unknown) => {
      if (!(e instanceof PathOnly)) throw e;
      this.readNow = true;
      return this.receiver(node, true);
    });
  }

  /** A member path as C. Where a step reads only through the formatters' children, the path is read now and stands in as its object at its address, or its value. */
  private async inC(n: ChainNode): Promise<Step> {
    try {
      return await this.chain(n, false);
    } catch (e) {
      if (!(e instanceof PathOnly)) throw e;
      return this.standIn(await this.chain(n, true), e);
    }
  }

  /** A variable path read now, standing in the expression as its object at its address (a named type) or its value; else `e` is thrown. */
  private async standIn(s: Step, e: PathOnly): Promise<Step> {
    const v = await this.read(s.text);
    this.readNow = true;
    const type = (v.type ?? "").trim();
    if (nameable(type)) {
      // The address, then the pointee's summary (`0x5555555bfe70 "CRUX"`). Some names without
      // `<>` still do not parse (`alloc::string::String`: "'string' is not a class"): asked once.
      const at = address((await this.ctx.evaluate(`&${s.text}`).catch(() => undefined))?.result ?? "");
      const object = at ? `(*(${type} *)${at})` : undefined;
      if (
        object &&
        (await this.read(object).then(
          () => true,
          () => false,
        ))
      )
        return { text: object, path: false };
    }
    if (SCALAR.test(v.result.trim())) return { text: v.result.trim(), path: false };
    throw e.type ? e : new PathOnly(e.what, type, e.keyword);
  }

  /** A variable path as C naming its memory now (its object at its address), where its type is one LLDB's C++ can name. */
  async lvalueOf(path: string): Promise<string | undefined> {
    const type = (await this.read(path).catch(() => undefined))?.type?.trim() ?? "";
    if (!nameable(type)) return undefined;
    const at = address((await this.ctx.evaluate(`&${path}`).catch(() => undefined))?.result ?? "");
    const object = at ? `(*(${type} *)${at})` : undefined;
    return object &&
      (await this.read(object).then(
        () => true,
        () => false,
      ))
      ? object
      : undefined;
  }

  /** A field LLDB's parser cannot read by its name: a C++ keyword, or `id` where a local `id` is in scope (its name in the text breaks the expression). */
  private async reservedField(name: string): Promise<boolean> {
    if (CXX_RESERVED.has(name)) return true;
    if (name !== OBJC_ID) return false;
    let local = this.locals.get(name);
    if (!local) {
      // lldb-dap reads a bare name as LLDB's variable path first: this answers only for a local (or a global) so named.
      local = this.ctx.evaluate(name).then(
        () => true,
        () => false,
      );
      this.locals.set(name, local);
    }
    return local;
  }

  /** A member path: C, or (`place`: the path is all LLDB is asked, or is read now) LLDB's variable path through the formatters' children. */
  private async chain(n: ChainNode, place: boolean): Promise<Step> {
    const r = await this.receiver(n.e, place);
    if (n.k === "field") {
      if (await this.reservedField(n.name)) {
        if (!place && !r.path) throw new PathOnly(exprText(n), "", n.name);
        this.keyword = true;
      }
      return this.member(r, n.e, `${n.arrow ? "->" : r.op}${n.name}`, n.name);
    }
    // A tuple's and a tuple struct's fields are `__0`, `__1`… in the debug info; the formatters' children are `0`, `1`….
    if (n.k === "tuple") return this.member(r, n.e, `${r.op}${r.path ? "" : "__"}${n.index}`, n.index);
    return this.index(n, r, place);
  }

  /** A field of a path read through the formatters: one that is not there names those that are. */
  private async member(r: { text: string; type: string; path: boolean }, of: Node, step: string, name: string): Promise<Step> {
    const text = `${r.text}${step}`;
    if (!r.path) return { text, path: false };
    await this.read(text).catch(async (e: DebuggerError) => {
      const fields = await this.ctx.fields?.(r.text).catch(() => undefined);
      if (!fields?.length) throw e;
      throw refused(
        this.expression,
        `${shortRust(r.type)} has no field '${name}': its fields are ${fields.join(", ")}`,
        `\`debugger print '${exprText(of)}'\` shows them`,
      );
    });
    return { text, path: true };
  }

  private async index(n: Extract<Node, { k: "index" }>, r: { text: string; type: string; op: "." | "->"; path: boolean }, place: boolean): Promise<Step> {
    const k = kindOf(r.type);
    const whole = r.op === "->" ? `(*${r.text})` : r.text;
    const literal = n.i.k === "lit" && /^\d+$/.test(n.i.text) ? n.i.text : undefined;
    const children = ["vec", "slice", "vecdeque", "array", "str", "string"].includes(k.kind);
    // C reads a slice's, an array's and (its element type named) a Vec's memory: LLDB checks such a condition by itself.
    const inC =
      !r.path && !(place && literal) && (k.kind === "slice" || k.kind === "str" || k.kind === "array" || (k.kind === "vec" && nameable(k.element ?? "")));
    if (inC) {
      const i = await this.emit(n.i, false);
      if (k.kind === "slice" || k.kind === "str") return { text: `${r.text}${r.op}data_ptr[${i}]`, path: false };
      if (k.kind === "array") return { text: `${whole}[${i}]`, path: false };
      return { text: `((${k.element} *)${r.text}${r.op}buf.inner.ptr.pointer.pointer)[${i}]`, path: false };
    }
    if (k.kind === "hashmap") {
      if (!place) throw new PathOnly(exprText(n.e), r.type);
      return this.entry(n, whole, await this.lengthNow(`${r.text}${r.op}${LENGTH.hashmap}`));
    }
    if (!children)
      throw refused(
        this.expression,
        `LLDB cannot index a ${shortRust(r.type)} with []${k.kind === "hashmap" || k.kind === "btreemap" ? " (a map's entries are its children)" : ""}`,
        `\`debugger print ${exprText(n.e)} --depth 1\` lists its elements`,
      );
    // The formatters' children: `v[3]` is LLDB's variable path, with the index read now.
    if (!place) throw new PathOnly(exprText(n.e), k.element ?? r.type);
    const at = literal !== undefined ? Number(literal) : await this.indexNow(n.i);
    const length = k.kind === "array" ? k.length : LENGTH[k.kind] ? await this.lengthNow(`${r.text}${r.op}${LENGTH[k.kind]}`) : undefined;
    if (length !== undefined && at >= length)
      throw refused(
        this.expression,
        `index ${at} is out of range: '${exprText(n.e)}' has ${length} element${length === 1 ? "" : "s"}`,
        `\`debugger print ${exprText(n.e)}\` shows them`,
      );
    return { text: `${whole}[${at}]`, path: true };
  }

  /**
   * `map[key]`, `map[&key]`: the formatters' children of a HashMap are its entries as `(key, value)`
   * tuples; the one whose key reads as the key's value is the place (read now, as Rust's Index panics
   * where the key is missing).
   */
  private async entry(n: Extract<Node, { k: "index" }>, whole: string, length: number | undefined): Promise<Step> {
    const keyNode = n.i.k === "unary" && n.i.op === "&" ? n.i.e : n.i;
    const key = keyNode.k === "lit" ? keyNode.text : (await this.read(await this.emit(keyNode, false))).result.trim();
    this.readNow = true;
    if (length === undefined || length > MAX_ENTRIES)
      throw refused(
        this.expression,
        length === undefined
          ? `LLDB did not read how many entries '${exprText(n.e)}' has`
          : `'${exprText(n.e)}' has ${length} entries: more than the ${MAX_ENTRIES} read here to find a key`,
        `\`debugger print ${exprText(n.e)} --depth 1\` lists its entries`,
      );
    const keys: string[] = [];
    for (let e = 0; e < length; e++) {
      const k = (await this.read(`${whole}[${e}].0`)).result.trim();
      if (sameValue(k, key)) return { text: `${whole}[${e}].1`, path: true };
      keys.push(k);
    }
    throw refused(
      this.expression,
      `'${exprText(n.e)}' has no key ${key}${keys.length ? `: its keys are ${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", …" : ""}` : " (it is empty)"}`,
      `\`debugger print ${exprText(n.e)} --depth 1\` lists its entries`,
    );
  }

  /** An index's value, read now: the element it names is this stop's. */
  private async indexNow(i: Node): Promise<number> {
    const text = await this.emit(i, false);
    const value = (await this.read(text)).result.trim();
    const n = /^(?:\d+|0x[0-9a-f]+)$/i.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n))
      throw refused(this.expression, `the index '${exprText(i)}' is ${value}, not a whole number`, `\`debugger print '${exprText(i)}'\` shows it`);
    this.readNow = true;
    return n;
  }

  private async lengthNow(text: string): Promise<number | undefined> {
    const value = (await this.read(text).catch(() => undefined))?.result.trim() ?? "";
    return /^\d+$/.test(value) ? Number(value) : undefined;
  }

  async emit(n: Node, place: boolean): Promise<string> {
    switch (n.k) {
      case "lit":
        return n.text.replace(/_/g, "").replace(/(?:[iu](?:8|16|32|64|128|size)|f32|f64)$/, (s) => (/^0x/i.test(n.text) && /^f/.test(s) ? s : ""));
      case "name":
        // A local named as a C++ keyword (`new`): LLDB's variable path reads it, and it stands in.
        if (reservedName(n.text)) {
          if (!place) {
            // LLDB's variable path finds no such name: its parser's words ("expected a type") would mislead.
            await this.read(n.text).catch(() => {
              throw refused(this.expression, `'${n.text}' is no local here`, "`debugger locals` lists the names in scope");
            });
            return (await this.standIn({ text: n.text, path: false }, new PathOnly(n.text, "", n.text))).text;
          }
          this.keyword = true;
        }
        return n.text;
      case "paren":
        return `(${await this.emit(n.e, false)})`;
      case "unary":
        return `${n.op}${await this.emit(n.e, place && (n.op === "*" || n.op === "&"))}`;
      case "bin": {
        const variant =
          n.op === "==" || n.op === "!="
            ? n.r.k === "variant"
              ? { place: n.l, v: n.r }
              : n.l.k === "variant"
                ? { place: n.r, v: n.l }
                : undefined
            : undefined;
        if (variant) return String((await this.variantIs(variant.place, variant.v)) === (n.op === "=="));
        const isStr = (x: Node) => x.k === "lit" && x.text.startsWith('"');
        const text =
          n.op === "==" || n.op === "!="
            ? isStr(n.r) && !isStr(n.l)
              ? { s: n.l, lit: n.r }
              : isStr(n.l) && !isStr(n.r)
                ? { s: n.r, lit: n.l }
                : undefined
            : undefined;
        if (text) return this.sameText(text.s, (text.lit as { text: string }).text, n.op === "!=");
        const left = await this.emit(n.l, false);
        const right = await this.emit(n.r, false).catch(async (e: unknown) => {
          // Rust does not reach the right of `&&`/`||` when the left decides (`i < v.len() && v[i].x > 0`): what it could not read does not matter then.
          if (!(e instanceof DebuggerError) || (n.op !== "&&" && n.op !== "||")) throw e;
          const decided = await this.ctx.evaluate(left).then(
            (v) => truth(v.result) === (n.op === "||"),
            () => false,
          );
          if (!decided) throw e;
          this.readNow = true;
          return undefined;
        });
        return right === undefined ? String(n.op === "||") : `${left} ${n.op} ${right}`;
      }
      case "cast": {
        const e = await this.emit(n.e, false);
        const pointer = /^\*(const|mut) (.*)$/.exec(n.type);
        const target = pointer ? RUST_PRIMITIVES[pointer[2]!] : RUST_PRIMITIVES[n.type];
        if (!target)
          throw refused(
            this.expression,
            `LLDB casts to Rust's number types here (i8 … u128, f32, f64, bool, char, and *const/*mut of them), not to '${n.type}'`,
            `\`debugger print ${this.expression.replace(/\s+as\s+[\w:*\s]+$/, "")}\` shows the value as it is`,
          );
        return `((${target}${pointer ? " *" : ""})(${e}))`;
      }
      case "field":
      case "tuple":
      case "index":
        return (place ? await this.chain(n, true) : await this.inC(n)).text;
      case "method":
        return this.method(n, place);
      case "call":
        return `${n.f.k === "name" ? n.f.text : await this.emit(n.f, false)}(${(await Promise.all(n.args.map((a) => this.emit(a, false)))).join(", ")})`;
      case "variant":
        throw refused(
          this.expression,
          `LLDB has no value '${n.name}${n.arg ? "(…)" : ""}': Rust's enums are read here only compared with == or != (\`opt == ${n.name}${n.arg ? "(3)" : ""}\`)`,
          "`debugger print OPT` shows the variant and its value",
        );
    }
  }

  /**
   * A String or &str compared with a string literal, as C that LLDB checks by itself (a condition
   * stays fast): the length, then each byte of the literal's UTF-8.
   */
  private async sameText(node: Node, literal: string, negate: boolean): Promise<string> {
    const r = await this.receiverOrPath(node);
    const k = kindOf(r.type);
    const bytes = rustStringBytes(literal);
    if ((k.kind !== "string" && k.kind !== "str") || !bytes) {
      if (k.kind === "string" || k.kind === "str")
        throw refused(
          this.expression,
          `LLDB cannot read the string literal ${literal}`,
          'compare with a plain literal (escapes \\n \\t \\\\ \\" \\x41 \\u{e9})',
        );
      return `${await this.emit(node, false)} ${negate ? "!=" : "=="} ${literal}`;
    }
    if (bytes.length > 64)
      throw refused(
        this.expression,
        `a string literal longer than 64 bytes is not compared here (${bytes.length})`,
        `compare its start, or \`debugger print ${exprText(node)}\``,
      );
    let base = k.kind === "string" ? `((unsigned char *)${r.text}${r.op}vec.buf.inner.ptr.pointer.pointer)` : `${r.text}${r.op}data_ptr`;
    let length = `${r.text}${r.op}${LENGTH[k.kind]}`;
    if (r.path) {
      // Read now: its length, and where its bytes are (C then compares them).
      const now = await this.lengthNow(length);
      if (now !== bytes.length || now === 0) return String((now === bytes.length) !== negate);
      // The formatters' first child is the first byte.
      const at = address((await this.read(`&${r.text}[0]`)).result);
      if (!at) throw new PathOnly(exprText(node), r.type);
      [length, base] = [String(now), `((unsigned char *)${at})`];
    }
    const same = [`${length} == ${bytes.length}`, ...bytes.map((b, i) => `${base}[${i}] == ${b}`)].join(" && ");
    return negate ? `!(${same})` : `(${same})`;
  }

  private async method(n: Extract<Node, { k: "method" }>, place: boolean): Promise<string> {
    if (n.args.length === 0 && /^is_(?:some|none|ok|err)$/.test(n.name)) {
      const name = { is_some: "Some", is_none: "None", is_ok: "Ok", is_err: "Err" }[n.name] as "Some";
      return String(await this.variantIs(n.e, { k: "variant", name }));
    }
    if (n.args.length === 0 && (n.name === "len" || n.name === "is_empty")) {
      const r = place ? await this.receiver(n.e, place) : await this.receiverOrPath(n.e);
      const k = kindOf(r.type);
      let length = k.kind === "array" ? String(k.length) : LENGTH[k.kind] ? `${r.text}${r.op}${LENGTH[k.kind]}` : undefined;
      if (length !== undefined && r.path) length = String((await this.lengthNow(length)) ?? length);
      if (length === undefined)
        throw this.noMethod(
          n,
          `, and '${shortRust(r.type)}' is not a collection whose length it knows (Vec, String, &str, slices, arrays, VecDeque, HashMap, HashSet, BTreeMap)`,
        );
      return n.name === "len" ? length : `(${length} == 0)`;
    }
    throw this.noMethod(n, "");
  }

  private noMethod(n: Extract<Node, { k: "method" }>, more: string): DebuggerError {
    // Said in the message too: a --print row shows the message, not the hint. gdb 13 calls
    // `self.base.is_prerelease()` but not `v.len()` (std's generic methods are not in the binary).
    const gdb = this.ctx.gdb ? "; gdb can call the program's own methods (`--adapter gdb`)" : "";
    return refused(
      this.expression,
      `LLDB cannot call Rust methods ('.${n.name}(${n.args.length ? "…" : ""})')${more}: read fields instead${gdb}`,
      `${INSTEAD}${gdb}`,
      "UNSUPPORTED",
    );
  }

  /** Whether the enum at `node` is that variant (with that payload), as rustc's formatters read it. */
  private async variantIs(node: Node, v: Extract<Node, { k: "variant" }>): Promise<boolean> {
    const text = await this.emit(node, isPlace(node));
    const value = await this.read(text);
    const k = kindOf(value.type ?? "");
    const wanted = v.name === "Some" || v.name === "None" ? "option" : "result";
    if (k.kind !== wanted)
      throw refused(
        this.expression,
        `'${exprText(node)}' is ${value.type ? `a ${shortRust(value.type)}` : "not an enum LLDB can read"}, not ${wanted === "option" ? "an Option" : "a Result"}`,
        `\`debugger print ${exprText(node)}\` shows what it is`,
      );
    const m = /^(\w+)(?:\(([\s\S]*)\))?$/.exec(value.result.trim());
    if (!m || !VARIANTS.has(m[1]!))
      throw refused(
        this.expression,
        `LLDB could not read which variant '${exprText(node)}' holds (it reads '${value.result}')`,
        "`debugger print` it alone; the Rust formatters read Option and Result",
      );
    this.readNow = true;
    if (m[1] !== v.name) return false;
    if (!v.arg) return true;
    // The payload: the formatters' child `0`, compared with the value on the other side.
    const payload = (await this.read(`${text}.0`)).result.trim();
    const other = v.arg.k === "lit" ? await this.emit(v.arg, false) : (await this.read(await this.emit(v.arg, false))).result.trim();
    return sameValue(payload, other);
  }
}

/** A Rust string literal's bytes (UTF-8), or undefined for an escape not read here. */
export function rustStringBytes(literal: string): number[] | undefined {
  const body = literal.slice(1, -1);
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = body[++i];
    const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'" };
    if (e !== undefined && simple[e] !== undefined) out += simple[e];
    else if (e === "x" && /^[0-7][0-9a-fA-F]$/.test(body.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (e === "u" && /^\{[0-9a-fA-F]{1,6}\}/.test(body.slice(i + 1))) {
      const m = /^\{([0-9a-fA-F]{1,6})\}/.exec(body.slice(i + 1))!;
      out += String.fromCodePoint(parseInt(m[1]!, 16));
      i += m[0].length;
    } else return undefined;
  }
  return [...new TextEncoder().encode(out)];
}

/** The address a pointer's value starts with (`0x5555555bfe70 "CRUX"`; an `unsigned char *` reads in decimal, as the Rust formatters' `-f u` on u8 asks). */
function address(value: string): string | undefined {
  return /^(?:0x[0-9a-f]+|\d+)(?=\s|$)/i.exec(value.trim())?.[0];
}

/** A C value LLDB shows, as true or false: `false`, `0`, a null pointer are false. */
function truth(value: string): boolean {
  const v = value.trim();
  return !(v === "false" || /^-?0+(?:\.0*)?$/.test(v) || /^0x0+$/i.test(v));
}

/** Two values' texts mean the same: numbers by value, strings and chars by their text. */
export function sameValue(a: string, b: string): boolean {
  const num = (s: string) => (/^[-+]?(?:\d[\d_]*(?:\.\d+)?(?:e[-+]?\d+)?|0x[0-9a-f]+)$/i.test(s) ? Number(s.replace(/_/g, "")) : undefined);
  const x = num(a.trim());
  const y = num(b.trim());
  if (x !== undefined && y !== undefined) return x === y;
  return a.trim() === b.trim();
}

/** A type as Rust writes it, for messages: `alloc::vec::Vec<unsigned long, alloc::alloc::Global>` → `Vec<unsigned long>`. */
function shortRust(type: string): string {
  return type
    .replace(/, alloc::alloc::Global>/g, ">")
    .replace(/, std::hash::random::RandomState/g, "")
    .replace(/\b(?:alloc|core|std)::(?:[a-z_]+::)*([A-Z]\w*)/g, "$1");
}

/** A node back as the agent wrote it (for hints). */
export function exprText(n: Node): string {
  switch (n.k) {
    case "lit":
    case "name":
      return n.text;
    case "paren":
      return `(${exprText(n.e)})`;
    case "unary":
      return `${n.op}${exprText(n.e)}`;
    case "bin":
      return `${exprText(n.l)} ${n.op} ${exprText(n.r)}`;
    case "cast":
      return `${exprText(n.e)} as ${n.type}`;
    case "field":
      return `${exprText(n.e)}${n.arrow ? "->" : "."}${n.name}`;
    case "tuple":
      return `${exprText(n.e)}.${n.index}`;
    case "index":
      return `${exprText(n.e)}[${exprText(n.i)}]`;
    case "method":
      return `${exprText(n.e)}.${n.name}(${n.args.map(exprText).join(", ")})`;
    case "call":
      return `${exprText(n.f)}(${n.args.map(exprText).join(", ")})`;
    case "variant":
      return n.arg ? `${n.name}(${exprText(n.arg)})` : n.name;
  }
}
