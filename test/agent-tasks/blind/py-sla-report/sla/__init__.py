"""Support-desk SLA tracking: deadlines, breach detection and weekly reports."""

__all__ = ["load_config", "SlaTracker", "weekly_report"]

from .policy import load_config
from .report import weekly_report
from .tracker import SlaTracker
