// `debugger completion bash|zsh|fish|powershell`: completion scripts generated from the command table
// (commands, groups and their sub-commands, aliases, each command's flags). Session names come
// from `debugger completion sessions`, which asks a running daemon and never starts one, and is
// only called when completing the value of --session.
import { DebuggerError } from "../common/errors.ts";
import type { FlagDef } from "./args.ts";
import { probeSession, probeSessions } from "./probe.ts";
import type { CommandTable } from "./spec.ts";

interface Word {
  word: string;
  summary: string;
}

interface FlagWord {
  words: string[];
  takesValue: boolean;
  description: string;
}

/** What the scripts need, from the registry. */
export interface CompletionData {
  /** Canonical first words: commands outside groups, and the groups. */
  top: Word[];
  /** Every first word (aliases too) → a command name or a group. */
  canon: Record<string, string>;
  /** Group → its canonical sub-command words. */
  subs: Record<string, Word[]>;
  /** Group → every sub-command word (aliases too) → command name. */
  subCanon: Record<string, Record<string, string>>;
  /** Group → the command a group word alone means (if any). */
  defaults: Record<string, string | undefined>;
  /** Command name (or group) → its flags. */
  flags: Record<string, FlagWord[]>;
  /** Command name → flag word → the values it takes (known to the binary: formats, adapters). */
  values: Record<string, Record<string, string[]>>;
  /** Command name → what its positionals are in the live session (`completion values KIND`). */
  live: Record<string, LiveKind>;
}

/** Values only a running session knows, asked of a running daemon (never started for it). */
export type LiveKind = "breakpoints" | "threads" | "catch";
const LIVE: Record<string, LiveKind> = {
  "breakpoint remove": "breakpoints",
  "breakpoint enable": "breakpoints",
  "breakpoint disable": "breakpoints",
  "watch remove": "breakpoints",
  thread: "threads",
  catch: "catch",
};

/** The built-in adapters' names (`--adapter`); configured ones are typed out. */
const ADAPTERS = ["lldb-dap", "gdb", "debugpy", "delve", "node", "codelldb", "lldb-cli"];

/** A flag's values: `--adapter` the adapters, a `a|b|c` value hint its words. */
function flagValues(flags: Record<string, FlagDef>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, f] of Object.entries(flags)) {
    const values = name === "adapter" ? ADAPTERS : f.valueHint && /^[a-z-]+(\|[a-z-]+)+$/.test(f.valueHint) ? f.valueHint.split("|") : undefined;
    if (!values) continue;
    out[`--${name}`] = values;
    if (f.alias) out[`-${f.alias}`] = values;
  }
  return out;
}

/** A command's flags; `--no-NAME` is a word of its own that never takes a value (attach's `--wait NAME`, `--no-wait`). */
function flagWords(flags: Record<string, FlagDef>): FlagWord[] {
  return Object.entries(flags).flatMap(([name, f]) => {
    const words = [`--${name}`];
    if (f.alias) words.push(`-${f.alias}`);
    const negated = (f.type === "boolean" || f.negatable) && (name === "wait" || f.description.includes(`--no-${name}`));
    const takesValue = f.type !== "boolean";
    return [
      { words, takesValue, description: f.description },
      ...(negated ? [{ words: [`--no-${name}`], takesValue: false, description: f.description }] : []),
    ];
  });
}

/** Command (or group, or "" before one) → its words that take a value: the same word may in another command (`-f`: print's --format, disassemble's --function). */
export function valueWords(d: CompletionData): Record<string, string[]> {
  return Object.fromEntries(Object.entries(d.flags).map(([c, fs]) => [c, fs.filter((f) => f.takesValue).flatMap((f) => f.words)]));
}

export function completionData(t: CommandTable): CompletionData {
  const { commands, flagsOf, globalFlags, groupAliases, groups, subCommands } = t;
  const data: CompletionData = { top: [], canon: {}, subs: {}, subCanon: {}, defaults: {}, flags: {}, values: {}, live: { ...LIVE } };
  for (const group of Object.keys(groups)) {
    const subs = subCommands(group);
    data.top.push({ word: group, summary: `${subs.map((s) => s.name.slice(group.length + 1)).join(", ")}` });
    data.canon[group] = group;
    data.subs[group] = subs.map((s) => ({ word: s.name.slice(group.length + 1), summary: t.summaryOf(s) }));
    data.subCanon[group] = Object.fromEntries(subs.flatMap((s) => [s.name.slice(group.length + 1), ...(s.aliases ?? [])].map((w) => [w, s.name])));
    data.defaults[group] = groups[group] ? `${group} ${groups[group]}` : undefined;
    const def = data.defaults[group] ? commands.find((c) => c.name === data.defaults[group]) : undefined;
    data.flags[group] = flagWords(def ? flagsOf(def) : globalFlags);
  }
  for (const [alias, group] of Object.entries(groupAliases)) data.canon[alias] = group;
  for (const c of commands) {
    data.flags[c.name] = flagWords(flagsOf(c));
    const values = flagValues(flagsOf(c));
    if (Object.keys(values).length) data.values[c.name] = values;
    if (c.name.includes(" ")) {
      // `break`, `b` → `breakpoint add`: an alias of a sub-command that is also a first word.
      for (const a of c.aliases ?? []) data.canon[a] ??= c.name;
      continue;
    }
    data.top.push({ word: c.name, summary: t.summaryOf(c) });
    for (const w of [c.name, ...(c.aliases ?? [])]) data.canon[w] = c.name;
  }
  data.flags[""] = flagWords({ ...globalFlags, version: { type: "boolean", description: "print the version", alias: "v" } });
  data.top.sort((a, b) => a.word.localeCompare(b.word));
  return data;
}

// ---- POSIX-shell helpers shared by bash and zsh ---------------------------------------------

function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function caseArms(map: Record<string, string>, indent: string): string {
  const byValue = new Map<string, string[]>();
  for (const [k, v] of Object.entries(map)) byValue.set(v, [...(byValue.get(v) ?? []), k]);
  return [...byValue].map(([v, ks]) => `${indent}${ks.join("|")}) echo ${sq(v)} ;;`).join("\n");
}

/** Functions both bash and zsh run: word → command, a command's flags, a group's sub-commands. */
function posixHelpers(d: CompletionData): string {
  const subArms = Object.entries(d.subCanon)
    .map(([g, m]) => `    ${g})\n      case "$2" in\n${caseArms(m, "        ")}\n      esac ;;`)
    .join("\n");
  const flagArms = Object.entries(d.flags)
    .map(([c, fs]) => `    ${sq(c)}) echo ${sq(fs.flatMap((f) => f.words).join(" "))} ;;`)
    .join("\n");
  const valueArms = Object.entries(d.values)
    .flatMap(([c, m]) => Object.entries(m).map(([f, vs]) => `    ${sq(`${c} ${f}`)}) echo ${sq(vs.join(" "))} ;;`))
    .join("\n");
  const valueArmsByCommand = Object.entries(valueWords(d))
    .filter(([, ws]) => ws.length)
    .map(([c, ws]) => `    ${sq(c)}) case "$2" in ${ws.join("|")}) return 0 ;; esac ;;`)
    .join("\n");
  return `__debugger_canon() {
  case "$1" in
${caseArms(d.canon, "    ")}
  esac
}

__debugger_sub() {
  case "$1" in
${subArms}
  esac
}

__debugger_default() {
  case "$1" in
${Object.entries(d.defaults)
  .map(([g, c]) => `    ${g}) echo ${sq(c ?? "")} ;;`)
  .join("\n")}
  esac
}

__debugger_flags() {
  case "$1" in
${flagArms}
  esac
}

__debugger_subs() {
  case "$1" in
${Object.entries(d.subs)
  .map(([g, ws]) => `    ${g}) echo ${sq(ws.map((w) => w.word).join(" "))} ;;`)
  .join("\n")}
  esac
}

__debugger_values() {
  case "$1 $2" in
${valueArms}
  esac
}

__debugger_live() {
  case "$1" in
${Object.entries(d.live)
  .map(([c, k]) => `    ${sq(c)}) echo ${k} ;;`)
  .join("\n")}
  esac
}

# The --session given on the line (words 1..N-1), else nothing: the default session.
__debugger_session() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --session) echo "--session"; echo "$2"; return ;;
      --session=*) echo "--session"; echo "\${1#--session=}"; return ;;
    esac
    shift
  done
}

# Whether flag $2 of command $1 takes a value (the word after it is that value, not a flag or argument).
__debugger_takes_value() {
  case "$1" in
${valueArmsByCommand}
  esac
  return 1
}

# The command named so far by words 1..N-1 of the line: "" (none yet), a group still waiting for
# its sub-command (e.g. "breakpoint"), or a command name ("breakpoint add", "start").
# Global flags may come before and between the command's words.
__debugger_command() {
  local cmd="" w canon sub
  for w in "$@"; do [ "$w" = "--" ] && { echo "--"; return; }; done
  while [ $# -gt 0 ]; do
    w="$1"; shift
    case "$w" in
      --session) shift; continue ;;
      -*) [ -n "$cmd" ] && [ -z "$(__debugger_subs "$cmd")" ] && break; continue ;;
    esac
    if [ -z "$cmd" ]; then
      canon="$(__debugger_canon "$w")"
      [ -z "$canon" ] && { echo "?"; return; }
      cmd="$canon"
      [ -z "$(__debugger_subs "$cmd")" ] && break
    else
      sub="$(__debugger_sub "$cmd" "$w")"
      if [ -n "$sub" ]; then cmd="$sub"; else cmd="$(__debugger_default "$cmd")"; fi
      break
    fi
  done
  echo "$cmd"
}`;
}

export function bashScript(d: CompletionData): string {
  return `# bash completion for debugger (generated by \`debugger completion bash\`)
${posixHelpers(d)}

_debugger() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local cmd
  cmd="$(__debugger_command "\${COMP_WORDS[@]:1:COMP_CWORD-1}")"
  COMPREPLY=()
  # Program arguments after --, and unknown commands: the shell's own (file) completion.
  [ "$cmd" = "--" ] || [ "$cmd" = "?" ] && return 0
  if [ "$prev" = "--session" ]; then
    COMPREPLY=($(compgen -W "$(debugger completion sessions 2>/dev/null)" -- "$cur"))
    return 0
  fi
  local vals
  vals="$(__debugger_values "$cmd" "$prev")"
  if [ -n "$vals" ]; then
    COMPREPLY=($(compgen -W "$vals" -- "$cur"))
    return 0
  fi
  __debugger_takes_value "$cmd" "$prev" && return 0
  local live
  live="$(__debugger_live "$cmd")"
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(__debugger_flags "$cmd")" -- "$cur"))
  elif [ -n "$live" ]; then
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$(debugger completion values "$live" $(__debugger_session "\${COMP_WORDS[@]:1:COMP_CWORD-1}") 2>/dev/null)" -- "$cur"))
  elif [ -z "$cmd" ]; then
    COMPREPLY=($(compgen -W ${sq(d.top.map((t) => t.word).join(" "))} -- "$cur"))
  elif [ -n "$(__debugger_subs "$cmd")" ]; then
    COMPREPLY=($(compgen -W "$(__debugger_subs "$cmd")" -- "$cur"))
  fi
  return 0
}

complete -o default -F _debugger debugger
`;
}

/** `word:summary` for _describe: a colon inside the word or summary is escaped, the separator not. */
function described1(w: Word): string {
  return sq(`${w.word.replace(/:/g, "\\:")}:${w.summary.replace(/:/g, "\\:")}`);
}

export function zshScript(d: CompletionData): string {
  const described = (ws: Word[]) => ws.map(described1).join(" ");
  return `#compdef debugger
# zsh completion for debugger (generated by \`debugger completion zsh\`)
${posixHelpers(d)}

__debugger_subs_described() {
  case "$1" in
${Object.entries(d.subs)
  .map(([g, ws]) => `    ${g}) reply=(${described(ws)}) ;;`)
  .join("\n")}
  esac
}

_debugger() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}"
  local cmd
  local -a reply
  cmd="$(__debugger_command "\${(@)words[2,CURRENT-1]}")"
  if [[ "$cmd" == "--" || "$cmd" == "?" ]]; then _files; return; fi
  if [[ "$prev" == "--session" ]]; then
    compadd -- \${(f)"$(debugger completion sessions 2>/dev/null)"}
    return
  fi
  local vals live
  vals="$(__debugger_values "$cmd" "$prev")"
  if [[ -n "$vals" ]]; then compadd -- \${=vals}; return; fi
  if __debugger_takes_value "$cmd" "$prev"; then _files; return; fi
  live="$(__debugger_live "$cmd")"
  if [[ "$cur" == -* ]]; then
    compadd -- \${=$(__debugger_flags "$cmd")}
  elif [[ -n "$live" ]]; then
    compadd -- \${(f)"$(debugger completion values "$live" $(__debugger_session "\${(@)words[2,CURRENT-1]}") 2>/dev/null)"}
  elif [[ -z "$cmd" ]]; then
    reply=(${described(d.top)})
    _describe 'command' reply
  elif [[ -n "$(__debugger_subs "$cmd")" ]]; then
    __debugger_subs_described "$cmd"
    _describe 'sub-command' reply
  else
    _files
  fi
}

if [[ "\${funcstack[1]}" == "_debugger" ]]; then
  _debugger "$@"
else
  compdef _debugger debugger
fi
`;
}

function fq(s: string): string {
  return `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

export function fishScript(d: CompletionData): string {
  const lines = [
    "# fish completion for debugger (generated by `debugger completion fish`)",
    "function __debugger_canon",
    "    switch $argv[1]",
    ...Object.entries(groupBy(d.canon)).map(([v, ks]) => `        case ${ks.map(fq).join(" ")}\n            echo ${fq(v)}`),
    "    end",
    "end",
    "function __debugger_sub",
    "    switch $argv[1]",
    ...Object.entries(d.subCanon).map(([g, m]) =>
      [
        `        case ${g}`,
        "            switch $argv[2]",
        ...Object.entries(groupBy(m)).map(([v, ks]) => `                case ${ks.map(fq).join(" ")}\n                    echo ${fq(v)}`),
        "            end",
      ].join("\n"),
    ),
    "    end",
    "end",
    "function __debugger_default",
    "    switch $argv[1]",
    ...Object.entries(d.defaults).map(([g, c]) => `        case ${g}\n            echo ${fq(c ?? "")}`),
    "    end",
    "end",
    "# The command named so far (see the bash script): '', a group, a command name, or '--'.",
    "function __debugger_command",
    "    set -l words (commandline -opc)[2..-1]",
    "    if contains -- -- $words",
    "        echo --",
    "        return",
    "    end",
    "    set -l cmd ''",
    "    set -l skip 0",
    "    for w in $words",
    "        if test $skip = 1",
    "            set skip 0",
    "            continue",
    "        end",
    "        switch $w",
    "            case --",
    "                echo --",
    "                return",
    "            case --session",
    "                set skip 1",
    "                continue",
    "            case '-*'",
    "                continue",
    "        end",
    '        if test -z "$cmd"',
    "            set cmd (__debugger_canon $w)",
    "            test -z \"$cmd\"; and begin; echo '?'; return; end",
    `            contains -- $cmd ${Object.keys(d.subs).join(" ")}; or break`,
    "        else",
    "            set -l sub (__debugger_sub $cmd $w)",
    '            if test -n "$sub"',
    "                set cmd $sub",
    "            else",
    "                set cmd (__debugger_default $cmd)",
    "            end",
    "            break",
    "        end",
    "    end",
    "    echo $cmd",
    "end",
    "function __debugger_is",
    "    set -l c (__debugger_command)",
    '    test "$c" = "$argv[1]"',
    "end",
    "complete -c debugger -f -n '__debugger_is \"\"'",
    ...d.top.map((t) => `complete -c debugger -f -n '__debugger_is ""' -a ${fq(t.word)} -d ${fq(t.summary)}`),
    ...Object.entries(d.subs).flatMap(([g, ws]) => ws.map((w) => `complete -c debugger -f -n '__debugger_is ${g}' -a ${fq(w.word)} -d ${fq(w.summary)}`)),
  ];
  lines.push(
    "# The --session given on the line, for values asked of the live session.",
    "function __debugger_session",
    "    set -l words (commandline -opc)",
    "    set -l i (contains -i -- --session $words); or return",
    "    set -l j (math $i + 1)",
    "    echo --session",
    "    echo $words[$j]",
    "end",
  );
  for (const [cmd, kind] of Object.entries(d.live)) {
    lines.push(
      `complete -c debugger -f -n ${fq(`__debugger_is ${sq(cmd)}`)} -a ${fq(`(debugger completion values ${kind} (__debugger_session) 2>/dev/null)`)}`,
    );
  }
  for (const [cmd, flags] of Object.entries(d.flags)) {
    for (const f of flags) {
      for (const w of f.words) {
        const opt = w.startsWith("--") ? `-l ${w.slice(2)}` : `-s ${w.slice(1)}`;
        const known = d.values[cmd]?.[w];
        const value =
          w === "--session" ? " -x -a '(debugger completion sessions 2>/dev/null)'" : known ? ` -x -a ${fq(known.join(" "))}` : f.takesValue ? " -r" : "";
        lines.push(`complete -c debugger -n ${fq(`__debugger_is ${sq(cmd)}`)} ${opt}${value} -d ${fq(f.description)}`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The data the PowerShell script reads (ConvertFrom-Json, so the tables are those of the other
 * shells, checked by a test): `top`, `subs` and `flags` as [word, description] pairs; the flags of
 * no command yet under `_`, as ConvertFrom-Json of Windows PowerShell 5.1 refuses an empty key.
 */
export function powershellData(d: CompletionData): Record<string, unknown> {
  const pairs = (ws: Word[]) => ws.map((w) => [w.word, w.summary]);
  const flags = Object.fromEntries(Object.entries(d.flags).map(([c, fs]) => [c || "_", fs.flatMap((f) => f.words.map((w) => [w, f.description]))]));
  const takesValue = Object.fromEntries(Object.entries(valueWords(d)).map(([c, ws]) => [c || "_", ws]));
  return {
    top: pairs(d.top),
    canon: d.canon,
    subs: Object.fromEntries(Object.entries(d.subs).map(([g, ws]) => [g, pairs(ws)])),
    subCanon: d.subCanon,
    defaults: Object.fromEntries(Object.entries(d.defaults).map(([g, c]) => [g, c ?? ""])),
    flags,
    values: d.values,
    live: d.live,
    takesValue,
  };
}

/**
 * PowerShell (the Windows build's shell; PowerShell 7 elsewhere): a native argument completer
 * that finds the command named so far as the bash script does, from the same tables.
 */
export function powershellScript(d: CompletionData): string {
  return `# PowerShell completion for debugger (generated by \`debugger completion powershell\`)
# In $PROFILE: debugger completion powershell | Out-String | Invoke-Expression
$__debuggerCompletion = ConvertFrom-Json @'
${JSON.stringify(powershellData(d))}
'@

$__debuggerCompleter = {
  param($wordToComplete, $commandAst, $cursorPosition)
  $d = $__debuggerCompletion
  function Get-DebuggerEntry($table, $key) {
    if ($null -eq $table -or $null -eq $key -or $key -eq '') { return $null }
    $p = $table.PSObject.Properties[$key]
    # Property names match without case: the key must be the word as typed.
    if ($p -and $p.Name -ceq $key) { return $p.Value }
    return $null
  }
  $words = @($commandAst.CommandElements | Select-Object -Skip 1 | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | ForEach-Object {
    if ($_ -is [System.Management.Automation.Language.StringConstantExpressionAst]) { $_.Value } else { $_.Extent.Text }
  })
  # The command named so far by the words before the cursor: '' (none yet), a group still waiting
  # for its sub-command, a command name ('breakpoint add'), '--' (program arguments) or '?'.
  $cmd = ''
  if ([Array]::IndexOf($words, '--') -ge 0) { $cmd = '--' }
  else {
    for ($i = 0; $i -lt $words.Count; $i++) {
      $w = $words[$i]
      if ($w -ceq '--session') { $i++; continue }
      if ($w.StartsWith('-')) { if ($cmd -and -not (Get-DebuggerEntry $d.subs $cmd)) { break }; continue }
      if (-not $cmd) {
        $cmd = Get-DebuggerEntry $d.canon $w
        if (-not $cmd) { $cmd = '?'; break }
        if (-not (Get-DebuggerEntry $d.subs $cmd)) { break }
      } else {
        $sub = Get-DebuggerEntry (Get-DebuggerEntry $d.subCanon $cmd) $w
        if ($sub) { $cmd = $sub } else { $cmd = [string](Get-DebuggerEntry $d.defaults $cmd) }
        break
      }
    }
  }
  # Program arguments after --, and unknown commands: PowerShell's own (file) completion.
  if ($cmd -ceq '--' -or $cmd -ceq '?') { return }
  $prev = if ($words.Count) { $words[-1] } else { '' }
  $session = @()
  $at = [Array]::IndexOf($words, '--session')
  if ($at -ge 0 -and $at + 1 -lt $words.Count) { $session = @('--session', $words[$at + 1]) }
  $results = [System.Collections.Generic.List[System.Management.Automation.CompletionResult]]::new()
  function Add-DebuggerResult($text, $tip, $type) {
    if ($text -and $text.StartsWith($wordToComplete, [StringComparison]::Ordinal)) {
      $results.Add([System.Management.Automation.CompletionResult]::new($text, $text, $type, $(if ($tip) { $tip } else { $text })))
    }
  }
  $values = Get-DebuggerEntry (Get-DebuggerEntry $d.values $cmd) $prev
  $live = Get-DebuggerEntry $d.live $cmd
  if ($prev -ceq '--session') {
    foreach ($s in @(& debugger completion sessions 2>$null)) { Add-DebuggerResult $s $null 'ParameterValue' }
  } elseif ($values) {
    foreach ($v in $values) { Add-DebuggerResult $v $null 'ParameterValue' }
  } elseif ([Array]::IndexOf(@(Get-DebuggerEntry $d.takesValue $(if ($cmd) { $cmd } else { '_' })), $prev) -ge 0) {
    return
  } elseif ($wordToComplete.StartsWith('-')) {
    $key = if ($cmd) { $cmd } else { '_' }
    foreach ($f in @(Get-DebuggerEntry $d.flags $key)) { Add-DebuggerResult $f[0] $f[1] 'ParameterName' }
  } elseif ($live) {
    foreach ($v in @(& debugger completion values $live @session 2>$null)) { Add-DebuggerResult $v $null 'ParameterValue' }
  } elseif (-not $cmd) {
    foreach ($t in $d.top) { Add-DebuggerResult $t[0] $t[1] 'ParameterValue' }
  } elseif (Get-DebuggerEntry $d.subs $cmd) {
    foreach ($t in (Get-DebuggerEntry $d.subs $cmd)) { Add-DebuggerResult $t[0] $t[1] 'ParameterValue' }
  } else {
    return
  }
  $results
}.GetNewClosure()

Register-ArgumentCompleter -Native -CommandName debugger, debugger.exe -ScriptBlock $__debuggerCompleter
`;
}

function groupBy(map: Record<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(map)) (out[v] ??= []).push(k);
  return out;
}

/** `completion values KIND`: ids of the live session, from a running daemon of this version; none when there is none. */
async function liveValues(kind: string | undefined, session: string): Promise<string[]> {
  const command = kind === "breakpoints" ? "breakpoint.list" : kind === "threads" ? "threads" : kind === "catch" ? "catch" : undefined;
  if (!command)
    throw new DebuggerError("USAGE", `completion values takes breakpoints, threads or catch, not '${kind ?? ""}'`, "`debugger completion values breakpoints`");
  const p = await probeSession(command, session, 1000);
  if (p.state !== "live") return [];
  const d = p.data as { breakpoints?: { id: number }[]; threads?: { id: number }[]; filters?: { filter: string; alias?: string }[] };
  if (kind === "breakpoints") return (d.breakpoints ?? []).map((b) => String(b.id));
  if (kind === "threads") return (d.threads ?? []).map((t) => String(t.id));
  return (d.filters ?? []).map((f) => f.alias ?? f.filter);
}

export async function completion(shell: string, table: CommandTable, kind?: string, session = "default"): Promise<{ shell: string; text: string }> {
  if (shell === "sessions") {
    const p = await probeSessions(1000);
    const names = p.state === "live" ? p.data.sessions.map((s) => s.name) : [];
    return { shell, text: names.join("\n") };
  }
  if (shell === "values") return { shell, text: (await liveValues(kind, session)).join("\n") };
  const d = completionData(table);
  if (shell === "bash") return { shell, text: bashScript(d) };
  if (shell === "zsh") return { shell, text: zshScript(d) };
  if (shell === "fish") return { shell, text: fishScript(d) };
  if (shell === "powershell" || shell === "pwsh") return { shell: "powershell", text: powershellScript(d) };
  throw new DebuggerError(
    "USAGE",
    `no completion for shell '${shell}'`,
    "`debugger completion bash`, `debugger completion zsh`, `debugger completion fish` or `debugger completion powershell`",
  );
}
