// js-debug's value previews spelled as Node's util.inspect prints the same values: `{x: 3}` is
// `{ x: 3 }`, `(2) [1, 2]` is `[ 1, 2 ]`, `Map(1) {'a' => 1}` is `Map(1) { 'a' => 1 }`. Only the
// spacing and the array's length prefix differ; what js-debug abbreviates (`{…}`, `Array(2)`)
// stays abbreviated. Text inside quotes is never touched.
import { numberTruth } from "./types.ts";

/** A condition's value as JavaScript reads it, from js-debug's preview: `false`, `null`, `undefined`, `NaN`, zero, an empty string. */
export function jsTruth(value: string): boolean | undefined {
  const r = value.trim();
  if (/^(?:false|null|undefined|NaN|''|""|``)$/.test(r)) return false;
  if (r === "true") return true;
  return numberTruth(r);
}

/** A preview in util.inspect's spacing. */
export function inspectStyle(preview: string): string {
  return spaced(collections(preview));
}

const PRIMITIVE_WORDS = new Set(["true", "false", "null", "undefined", "NaN", "Infinity"]);

/**
 * Where js-debug's preview of a collection says more or less than util.inspect: a Map or Set lists
 * its `size` first and its string keys and elements unquoted (`Map(2) {size: 2, a => 1}`); a typed
 * array lists its buffer's fields after the elements.
 */
function collections(preview: string): string {
  const typed = /^((?:Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float32|Float64|BigInt64|BigUint64)Array\(\d+\) \[.*?)(?:, buffer: .*)\]$/.exec(
    preview,
  );
  if (typed) return `${typed[1]}]`;
  const m = /^(Map|Set)\((\d+)\) \{(?:size: \d+(?:, )?)?(.*)\}$/.exec(preview);
  if (!m) return preview;
  const quote = (w: string) => (PRIMITIVE_WORDS.has(w) || /^-?\d/.test(w) ? w : `'${w}'`);
  const items = m[3]!.replace(/(^|, )([A-Za-z_$][\w$]*)(?=$|, | =>)/g, (_all, sep: string, w: string) => `${sep}${quote(w)}`);
  return `${m[1]}(${m[2]}) {${items}}`;
}

function spaced(preview: string): string {
  let out = "";
  for (let i = 0; i < preview.length; i++) {
    const c = preview[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const end = closingQuote(preview, i);
      out += preview.slice(i, end + 1);
      i = end;
      continue;
    }
    // An array's length prefix, `(2) [`, at the start or as a member's value: util.inspect has none.
    if (c === "(" && (i === 0 || /[\s:,[{(]$/.test(out))) {
      const m = /^\((\d+)\) \[/.exec(preview.slice(i));
      if (m) {
        i += m[0].length - 2;
        continue;
      }
    }
    // `{…}`: an object js-debug did not expand; kept as one visible mark.
    if (c === "{" && preview.startsWith("{…}", i)) {
      out += "{…}";
      i += 2;
      continue;
    }
    if ((c === "{" || c === "[") && i + 1 < preview.length && preview[i + 1] !== (c === "{" ? "}" : "]") && preview[i + 1] !== " ") out += `${c} `;
    else if ((c === "}" || c === "]") && i > 0 && preview[i - 1] !== (c === "}" ? "{" : "[") && !out.endsWith(" ") && !out.endsWith("{…")) out += ` ${c}`;
    else out += c;
  }
  return out;
}

/** The index of the quote that closes the one at `start` (backslash escapes), or the last index. */
function closingQuote(s: string, start: number): number {
  const q = s[start];
  for (let i = start + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === q) return i;
  }
  return s.length - 1;
}
