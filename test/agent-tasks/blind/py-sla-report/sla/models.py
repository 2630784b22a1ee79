"""Ticket records as exported by the help desk."""

from dataclasses import dataclass
from datetime import datetime
from typing import Optional


@dataclass
class Ticket:
    id: str
    priority: str
    created: datetime
    first_response: Optional[datetime] = None
    resolved: Optional[datetime] = None

    @classmethod
    def from_dict(cls, raw):
        def ts(key):
            value = raw.get(key)
            return datetime.fromisoformat(value) if value else None

        return cls(
            id=raw["id"],
            priority=raw["priority"].upper(),
            created=ts("created"),
            first_response=ts("first_response"),
            resolved=ts("resolved"),
        )


def load_tickets(rows):
    return [Ticket.from_dict(r) for r in rows]
