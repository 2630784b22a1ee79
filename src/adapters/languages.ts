// The languages' own source syntax, keyed by file extension: where a function is defined (`list
// FUNCTION` with no debugger to ask) and which files a program's language has. Needed with no
// session too, so a table of languages rather than an adapter's facet. Unit-tested from tables.

/** A definition of `name` in a source line, per language (not a declaration or a call). */
export function definitionPattern(name: string, ext: string): RegExp | undefined {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  switch (ext.toLowerCase()) {
    case ".py":
    case ".pyw":
      return new RegExp(`^\\s*(?:async\\s+)?(?:def|class)\\s+${n}\\b`);
    case ".go":
      return new RegExp(`^func\\s+(?:\\([^)]*\\)\\s*)?${n}\\s*[[(]`);
    case ".rs":
      return new RegExp(`^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(?:const\\s+)?(?:async\\s+)?(?:unsafe\\s+)?(?:extern\\s+"[^"]*"\\s+)?fn\\s+${n}\\b`);
    case ".c":
    case ".cc":
    case ".cpp":
    case ".cxx":
    case ".c++":
    case ".h":
    case ".hh":
    case ".hpp":
    case ".hxx":
    case ".m":
    case ".mm":
      // A return type (or a qualifier) before the name, an open parenthesis after, no `;` (a prototype).
      return new RegExp(`^(?!\\s*(?:return|else|if|while|for|switch)\\b)[\\w:<>*&,\\s~]*?(?:[\\s*&]|::)${n}\\s*\\([^;]*$`);
    default:
      return undefined;
  }
}

/**
 * The source extensions of a program's language: the adapter's own (AdapterSpec.sourceExtensions),
 * else from the program's path (a script, or a binary: the native ones). No session: every language.
 */
export function languageExtensions(program: string | undefined, adapter: { sourceExtensions?: string[] } | undefined): string[] {
  if (!adapter && !program) return [".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".rs", ".go", ".py"];
  if (adapter?.sourceExtensions) return adapter.sourceExtensions;
  if (/\.pyw?$/i.test(program ?? "")) return [".py", ".pyw"];
  if (/\.go$/i.test(program ?? "")) return [".go"];
  return [".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".rs", ".m", ".mm"];
}
