"""SLA policy and business calendar configuration."""

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from vendor.bizhours import WorkCalendar


@dataclass(frozen=True)
class Target:
    response_hours: float
    resolve_hours: float


@dataclass(frozen=True)
class SlaConfig:
    calendar: WorkCalendar
    targets: dict  # priority -> Target
    at_risk_fraction: float = 0.2


def _parse_targets(raw):
    targets = {}
    for prio, spec in raw.items():
        targets[prio.upper()] = Target(
            response_hours=float(spec["response_hours"]),
            resolve_hours=float(spec["resolve_hours"]),
        )
    return targets


def config_from_dict(raw):
    cal = raw.get("calendar", {})
    calendar = WorkCalendar(
        opens=cal.get("opens", "09:00"),
        closes=cal.get("closes", "17:30"),
        workdays=cal.get("workdays", [0, 1, 2, 3, 4]),
        holidays=[date.fromisoformat(d) for d in cal.get("holidays", [])],
    )
    return SlaConfig(
        calendar=calendar,
        targets=_parse_targets(raw["targets"]),
        at_risk_fraction=float(raw.get("at_risk_fraction", 0.2)),
    )


def load_config(path):
    with open(Path(path), encoding="utf-8") as fh:
        return config_from_dict(json.load(fh))
