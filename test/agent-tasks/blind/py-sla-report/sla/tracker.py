"""Deadline computation and per-ticket SLA evaluation."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Optional

MET = "met"
BREACHED = "breached"
OPEN = "open"
AT_RISK = "at_risk"


@dataclass
class Evaluation:
    ticket_id: str
    priority: str
    response_due: datetime
    resolve_due: datetime
    response_status: str
    resolve_status: str
    time_to_resolve: Optional[timedelta]


class SlaTracker:
    def __init__(self, config):
        self.config = config
        self.calendar = config.calendar

    def target(self, priority):
        try:
            return self.config.targets[priority]
        except KeyError:
            raise ValueError("no SLA target for priority %r" % priority) from None

    def deadlines(self, ticket):
        t = self.target(ticket.priority)
        response_due = self.calendar.add(ticket.created, timedelta(hours=t.response_hours))
        resolve_due = self.calendar.add(ticket.created, timedelta(hours=t.resolve_hours))
        return response_due, resolve_due

    def _status(self, done_at, due, budget, now):
        if done_at is not None:
            return MET if done_at <= due else BREACHED
        if now > due:
            return BREACHED
        left = self.calendar.between(now, due)
        if left <= budget * self.config.at_risk_fraction:
            return AT_RISK
        return OPEN

    def evaluate(self, ticket, now):
        t = self.target(ticket.priority)
        response_due, resolve_due = self.deadlines(ticket)
        ttr = None
        if ticket.resolved is not None:
            ttr = self.calendar.between(ticket.created, ticket.resolved)
        return Evaluation(
            ticket_id=ticket.id,
            priority=ticket.priority,
            response_due=response_due,
            resolve_due=resolve_due,
            response_status=self._status(
                ticket.first_response, response_due, timedelta(hours=t.response_hours), now
            ),
            resolve_status=self._status(
                ticket.resolved, resolve_due, timedelta(hours=t.resolve_hours), now
            ),
            time_to_resolve=ttr,
        )
