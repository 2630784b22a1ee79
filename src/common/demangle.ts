// Itanium C++ ABI type names, as `std::type_info::name()` gives them ("St12out_of_range",
// "N3app5ErrorE", "St6vectorIiSaIiEE"), read back as C++ ("std::out_of_range", "app::Error",
// "std::vector<int, std::allocator<int> >", as c++filt -t writes them). Enough of the grammar for the
// types programs throw: names, namespaces, the std abbreviations, templates with type and integer
// arguments, pointers, references, cv-qualifiers and substitutions. Anything else: undefined, and
// the caller shows the mangled name.

const BUILTIN: Record<string, string> = {
  v: "void",
  w: "wchar_t",
  b: "bool",
  c: "char",
  a: "signed char",
  h: "unsigned char",
  s: "short",
  t: "unsigned short",
  i: "int",
  j: "unsigned int",
  l: "long",
  m: "unsigned long",
  x: "long long",
  y: "unsigned long long",
  n: "__int128",
  o: "unsigned __int128",
  f: "float",
  d: "double",
  e: "long double",
  g: "__float128",
  z: "...",
};

const BUILTIN_D: Record<string, string> = { n: "std::nullptr_t", i: "char32_t", s: "char16_t", u: "char8_t" };

const ABBREVIATION: Record<string, string> = {
  a: "std::allocator",
  b: "std::basic_string",
  s: "std::string",
  i: "std::istream",
  o: "std::ostream",
  d: "std::iostream",
};

class Parser {
  private pos = 0;
  /** Substitution candidates, in the order the ABI numbers them. */
  private readonly subs: string[] = [];

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  private peek(n = 0): string {
    return this.text[this.pos + n] ?? "";
  }

  private fail(): never {
    throw new Error(`cannot demangle at ${this.pos}`);
  }

  private eat(s: string): boolean {
    if (!this.text.startsWith(s, this.pos)) return false;
    this.pos += s.length;
    return true;
  }

  type(): string {
    const c = this.peek();
    if (c === "K" || c === "V" || c === "r") {
      const quals: string[] = [];
      while ("rVK".includes(this.peek()) && this.peek() !== "") {
        const q = this.text[this.pos++]!;
        quals.unshift(q === "K" ? "const" : q === "V" ? "volatile" : "restrict");
      }
      const t = `${this.type()} ${quals.join(" ")}`;
      this.subs.push(t);
      return t;
    }
    if (c === "P" || c === "R" || c === "O") {
      this.pos++;
      const t = `${this.type()}${c === "P" ? "*" : c === "R" ? "&" : "&&"}`;
      this.subs.push(t);
      return t;
    }
    if (c === "D" && BUILTIN_D[this.peek(1)]) {
      this.pos += 2;
      return BUILTIN_D[this.text[this.pos - 1]!]!;
    }
    if (BUILTIN[c]) {
      this.pos++;
      return BUILTIN[c]!;
    }
    if (c === "S" && ABBREVIATION[this.peek(1)] === undefined && this.peek(1) !== "t") {
      // A substitution: a type seen before, perhaps with template arguments after it.
      const t = this.substitution();
      if (this.peek() === "I") {
        const full = t + this.templateArgs();
        this.subs.push(full);
        return full;
      }
      return t;
    }
    return this.name();
  }

  /** S_ is the first candidate, S0_ the second, S1_ the third (base 36). */
  private substitution(): string {
    this.eat("S");
    let n = 0;
    if (!this.eat("_")) {
      let digits = "";
      while (/[0-9A-Z]/.test(this.peek())) digits += this.text[this.pos++];
      if (!digits || !this.eat("_")) this.fail();
      n = Number.parseInt(digits, 36) + 1;
    }
    const t = this.subs[n];
    if (t === undefined) this.fail();
    return t;
  }

  private name(): string {
    if (this.peek() === "N") return this.nested();
    let name: string;
    if (this.eat("St")) name = `std::${this.unqualified()}`;
    else if (this.peek() === "S" && ABBREVIATION[this.peek(1)]) {
      name = ABBREVIATION[this.peek(1)]!;
      this.pos += 2;
      if (this.peek() !== "I") return name; // an abbreviation alone is no new candidate
    } else name = this.unqualified();
    if (this.peek() === "I") {
      this.subs.push(name);
      name += this.templateArgs();
    }
    this.subs.push(name);
    return name;
  }

  private nested(): string {
    this.eat("N");
    const quals: string[] = [];
    while ("rVK".includes(this.peek()) && this.peek() !== "") quals.push(this.text[this.pos++] === "K" ? "const" : "volatile");
    let prefix = "";
    while (!this.eat("E")) {
      if (this.done) this.fail();
      if (this.peek() === "I") {
        if (!prefix) this.fail();
        prefix += this.templateArgs();
      } else if (this.peek() === "S" && !prefix) {
        if (this.eat("St")) prefix = `std::${this.unqualified()}`;
        else if (ABBREVIATION[this.peek(1)]) {
          prefix = ABBREVIATION[this.peek(1)]!;
          this.pos += 2;
          continue; // not a candidate by itself
        } else {
          prefix = this.substitution();
          continue;
        }
      } else {
        const part = this.unqualified();
        prefix = prefix ? `${prefix}::${part}` : part;
      }
      if (this.peek() !== "E") this.subs.push(prefix);
    }
    this.subs.push(prefix);
    return quals.length ? `${prefix} ${quals.join(" ")}` : prefix;
  }

  private unqualified(): string {
    if (!/[0-9]/.test(this.peek())) this.fail();
    let digits = "";
    while (/[0-9]/.test(this.peek())) digits += this.text[this.pos++];
    const n = Number(digits);
    if (this.pos + n > this.text.length) this.fail();
    const id = this.text.slice(this.pos, this.pos + n);
    this.pos += n;
    return id.startsWith("_GLOBAL__N") ? "(anonymous namespace)" : id;
  }

  private templateArgs(open = "I"): string {
    if (open === "I") this.eat("I");
    const args: string[] = [];
    while (!this.eat("E")) {
      if (this.done) this.fail();
      if (this.eat("J")) {
        // An argument pack: its arguments in place (empty for `Error<>`).
        const pack = this.templateArgs("J");
        if (pack !== "<>") args.push(pack.slice(1, -1).trim());
      } else if (this.eat("L")) {
        // An integer literal: L <type> <value> E (n for a minus sign).
        const type = this.type();
        let v = "";
        while (this.peek() !== "E" && !this.done) v += this.text[this.pos++];
        this.eat("E");
        const value = v.startsWith("n") ? `-${v.slice(1)}` : v;
        args.push(type === "bool" ? (value === "0" ? "false" : "true") : type === "int" ? value : `(${type})${value}`);
      } else args.push(this.type());
    }
    const joined = args.join(", ");
    return `<${joined}${joined.endsWith(">") ? " " : ""}>`;
  }
}

/** The C++ spelling of a mangled type name, or undefined where it is not one this reads. */
export function demangleType(mangled: string): string | undefined {
  // type_info names of types not at namespace scope may start with '*' (GCC: local to a unit).
  const text = mangled.startsWith("*") ? mangled.slice(1) : mangled;
  if (!text) return undefined;
  try {
    const p = new Parser(text);
    const t = p.type();
    return p.done ? t : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a thrown type matches what the user named: the same name (blanks aside), or the same
 * name once the user's leaves out leading namespaces (`out_of_range` for `std::out_of_range`).
 */
export function typeMatches(actual: string, wanted: string): boolean {
  const a = actual.replace(/\s+/g, "");
  const w = wanted.replace(/\s+/g, "").replace(/^::/, "");
  return a === w || a.endsWith(`::${w}`);
}
