"""Payment terms.

Supported forms (case-insensitive):

    NET 30      30 calendar days after issue; a due date on a non-working
                day moves to the next working day
    NET 10BD    10 working days after issue
    EOM 15      15 calendar days after the end of the issue month, moved
                forward like NET
    DUE         due on the issue date
"""

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

_TERMS = re.compile(r"^\s*(NET|EOM)\s+(\d+)\s*(BD)?\s*$|^\s*(DUE)\s*$", re.IGNORECASE)


class TermsError(ValueError):
    pass


@dataclass(frozen=True)
class Terms:
    kind: str        # "NET", "NETBD", "EOM", "DUE"
    days: int = 0

    def due_date(self, issued: date, cal) -> date:
        if self.kind == "DUE":
            return issued
        if self.kind == "NETBD":
            return cal.add_workdays(issued, self.days)
        if self.kind == "EOM":
            last = calendar.monthrange(issued.year, issued.month)[1]
            base = date(issued.year, issued.month, last)
        else:
            base = issued
        return cal.next_workday(base + timedelta(days=self.days))

    def __str__(self):
        if self.kind == "DUE":
            return "DUE"
        if self.kind == "NETBD":
            return "NET %dBD" % self.days
        return "%s %d" % (self.kind, self.days)


def parse_terms(text: str) -> Terms:
    m = _TERMS.match(text)
    if not m:
        raise TermsError("unrecognised payment terms %r" % text)
    if m.group(4):
        return Terms("DUE")
    kind = m.group(1).upper()
    days = int(m.group(2))
    if m.group(3):
        if kind != "NET":
            raise TermsError("working-day terms are only supported with NET: %r" % text)
        kind = "NETBD"
    if days > 365:
        raise TermsError("terms longer than a year: %r" % text)
    return Terms(kind, days)
