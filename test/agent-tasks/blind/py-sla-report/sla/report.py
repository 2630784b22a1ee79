"""Weekly SLA report."""

from collections import OrderedDict
from dataclasses import dataclass, field
from statistics import median

from .tracker import AT_RISK, BREACHED, SlaTracker


@dataclass
class WeeklyReport:
    response_breaches: dict = field(default_factory=dict)
    resolve_breaches: dict = field(default_factory=dict)
    at_risk: list = field(default_factory=list)
    median_hours_to_resolve: dict = field(default_factory=dict)

    def render(self):
        lines = ["priority  resp-breach  resolve-breach  median-h"]
        for prio in self.resolve_breaches:
            med = self.median_hours_to_resolve.get(prio)
            lines.append(
                "%-8s  %11d  %14d  %8s"
                % (
                    prio,
                    len(self.response_breaches[prio]),
                    len(self.resolve_breaches[prio]),
                    "-" if med is None else "%.2f" % med,
                )
            )
        if self.at_risk:
            lines.append("at risk: " + ", ".join(self.at_risk))
        return "\n".join(lines)


def weekly_report(tickets, config, now):
    tracker = SlaTracker(config)
    priorities = sorted(config.targets)
    report = WeeklyReport(
        response_breaches=OrderedDict((p, []) for p in priorities),
        resolve_breaches=OrderedDict((p, []) for p in priorities),
    )
    hours = {p: [] for p in priorities}
    for ticket in sorted(tickets, key=lambda t: t.created):
        ev = tracker.evaluate(ticket, now)
        if ev.response_status == BREACHED:
            report.response_breaches[ev.priority].append(ev.ticket_id)
        if ev.resolve_status == BREACHED:
            report.resolve_breaches[ev.priority].append(ev.ticket_id)
        if AT_RISK in (ev.response_status, ev.resolve_status):
            report.at_risk.append(ev.ticket_id)
        if ev.time_to_resolve is not None:
            hours[ev.priority].append(ev.time_to_resolve.total_seconds() / 3600.0)
    report.median_hours_to_resolve = {p: median(h) for p, h in hours.items() if h}
    return report
