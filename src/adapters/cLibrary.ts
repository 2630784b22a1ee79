// Calls of the standard C library in an expression, cast to the return type the C standard and
// POSIX declare for them. With the library built without debug info (glibc as distributions ship
// it), LLDB and gdb both refuse `strcmp(a, b) == 0`: "'strcmp' has unknown return type; cast the
// call to its declared return type". The declarations are fixed, so the cast is written for the
// agent. Used only after the debugger refused the expression as written with that error: a
// program that declares its own `strcmp` in its debug info is read as written.

/** Declared return types on LP64 Linux (x86-64, aarch64: size_t is unsigned long). */
const RETURNS: Record<string, string> = {};
const declare = (type: string, names: string) => {
  for (const name of names.split(/\s+/)) RETURNS[name] = type;
};
declare(
  "int",
  "strcmp strncmp memcmp bcmp strcasecmp strncasecmp strcoll strverscmp abs atoi " +
    "isalpha isdigit isspace isalnum isupper islower ispunct isprint isxdigit iscntrl isgraph isblank isascii toupper tolower",
);
declare("unsigned long", "strlen strnlen strspn strcspn");
declare("long", "atol labs strtol");
declare("long long", "atoll llabs strtoll");
declare("unsigned long", "strtoul");
declare("unsigned long long", "strtoull");
declare("double", "atof strtod fabs sqrt floor ceil");
declare("char *", "index rindex strchr strrchr strstr strcasestr strpbrk strdup strndup getenv strerror");
declare("void *", "memchr memrchr memmem");

/** The declared return type of a standard C library function, or undefined for a name not in the table. */
export function libraryReturnType(name: string): string | undefined {
  return Object.hasOwn(RETURNS, name) ? RETURNS[name] : undefined;
}

/** The function a debugger's "unknown return type" refusal names (LLDB and gdb word it alike), or undefined. */
export function unknownReturnType(message: string): string | undefined {
  return /'([A-Za-z_]\w*)' has unknown return type/.exec(message)?.[1];
}

/**
 * EXPRESSION with each call of a table function that is not already cast (`(int)strcmp(…)`), not a
 * member (`s.strlen(`, `p->strlen(`, `ns::strlen(`) and not inside a string or character literal
 * cast to its declared return type; undefined when there is none to cast.
 */
export function castLibraryCalls(expression: string): string | undefined {
  let out = "";
  let changed = false;
  const re = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z_]\w*/g;
  let last = 0;
  for (let m = re.exec(expression); m; m = re.exec(expression)) {
    const word = m[0];
    const type = /^["']/.test(word) ? undefined : libraryReturnType(word);
    if (!type || !/^\s*\(/.test(expression.slice(m.index + word.length))) continue;
    const before = expression.slice(0, m.index).trimEnd();
    // Already cast (`(int)strcmp`), or a member or qualified name.
    if (/(?:\)|\.|->|::)$/.test(before)) continue;
    out += `${expression.slice(last, m.index)}(${type})${word}`;
    last = m.index + word.length;
    changed = true;
  }
  return changed ? out + expression.slice(last) : undefined;
}

/**
 * The expression to try again after the debugger refused EXPRESSION with ERROR, where the refusal
 * is a standard library call's unknown return type and the table casts it; else undefined.
 */
export function retryWithLibraryCasts(expression: string, error: string): string | undefined {
  const name = unknownReturnType(error);
  if (!name || !libraryReturnType(name)) return undefined;
  return castLibraryCalls(expression);
}

/**
 * gdb's refusals of the same calls through cdt-gdb-adapter's variable objects are other words: a
 * comparison says "Invalid type combination in equality test", the call alone gives an empty value
 * (NO_VALUE). gdb names `strchr` by its glibc alias `index`.
 */
export const NO_VALUE = "(no value)";
export function retryWithLibraryCastsGdb(expression: string, error: string): string | undefined {
  if (/Invalid type combination|gdb rejected it|^\(no value\)$/.test(error)) return castLibraryCalls(expression);
  return retryWithLibraryCasts(expression, error);
}

/** What to write instead of a condition the debugger could not evaluate, from its error. */
export function conditionInstead(condition: string, error: string): string {
  const name = unknownReturnType(error);
  if (name) {
    const cast = libraryReturnType(name) ?? "int";
    return `cast the call to its declared return type: ${condition.replace(new RegExp(`(?<![\\w.>:)])\\b${name}\\s*\\(`), `(${cast})${name}(`)}`;
  }
  if (/undeclared identifier|No symbol .* in current context|use of undeclared|not found/i.test(error))
    return "name only variables in scope at that line (`debugger locals` at a stop there lists them)";
  // cdt-gdb-adapter drops gdb's reason.
  if (/gdb rejected it/.test(error))
    return "name only variables in scope at that line (`debugger locals` at a stop there lists them), and cast a call of a function without debug info to its return type (`(int)f(x)`)";
  return "a condition `debugger print` can evaluate at a stop there";
}
