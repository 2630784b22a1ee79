// Breakpoint, watchpoint and exception-filter replies as text.
import { breakpointLine, breakpointList } from "./text.ts";
import type { Presenters } from "./view.ts";

export const breakpointPresenters: Presenters<
  "breakpoint.add" | "breakpoint.list" | "breakpoint.remove" | "breakpoint.enable" | "breakpoint.disable" | "watch.add" | "watch.list" | "catch"
> = {
  "breakpoint.add": (d, view) => `Breakpoint ${breakpointLine(d.breakpoints[0]!, view.cwd)}`,
  "breakpoint.list": (d, view) => breakpointList(d.breakpoints, view.cwd),
  "breakpoint.remove": (d, view) =>
    view.as === "watch remove"
      ? `Removed ${d.removed.map((i) => `#${i}`).join(", ")}.`
      : `Removed ${d.removed.length ? d.removed.map((i) => `#${i}`).join(", ") : "nothing"}. ${d.breakpoints.length} left.`,
  "breakpoint.enable": (d, view) => breakpointList(d.breakpoints, view.cwd),
  "breakpoint.disable": (d, view) => breakpointList(d.breakpoints, view.cwd),
  "watch.add": (d, view) => [breakpointList(d.breakpoints, view.cwd), ...(d.warnings ?? []).map((w) => `Warning: ${w}.`)].join("\n"),
  "watch.list": (d, view) => (d.breakpoints.length ? breakpointList(d.breakpoints, view.cwd) : "No watchpoints."),
  catch: (d) =>
    d.filters.length
      ? d.filters
          .map(
            (f) =>
              `${f.enabled ? "on " : "off"}  ${f.filter}${f.alias ? ` (${f.alias})` : ""}  ${f.label}${f.description ? ` — ${f.description}` : ""}${f.types ? ` — only ${f.types.join(", ")}` : ""}`,
          )
          .join("\n")
      : "This adapter has no exception filters.",
};
