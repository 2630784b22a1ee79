"""Plain-text payroll report."""

from decimal import Decimal


def render(lines, site_name):
    out = [f"Payroll - site {site_name}"]
    weeks = sorted({ln.week for ln in lines})
    for wk in weeks:
        out.append(f"\nWeek of {wk.isoformat()}")
        out.append(f"{'emp':<6}{'name':<18}{'total':>7}{'reg':>7}{'ot':>6}{'night':>7}{'gross':>11}")
        week_total = Decimal("0")
        for ln in (l for l in lines if l.week == wk):
            out.append(
                f"{ln.emp_id:<6}{ln.name:<18}{ln.total_hours:>7.2f}{ln.regular_hours:>7.2f}"
                f"{ln.overtime_hours:>6.2f}{ln.night_hours:>7.2f}{ln.gross:>11}"
            )
            week_total += ln.gross
        out.append(f"{'':<24}{'week total':>27}{week_total:>11}")
    return "\n".join(out)
