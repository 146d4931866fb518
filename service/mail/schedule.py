"""When notification mail may go out: quiet hours and digests (the rules; ``workers.mail`` applies
them).

* **Quiet hours** ``quiet_start``–``quiet_end`` (``HH:MM``, the player's ``timezone``; a window may
  wrap midnight, ``22:00``–``07:00``; equal ends mean none): no notification mail inside the window.
  A mail due then is held and sent when the window ends. Deadline reminders are not held: one held
  past its deadline would be useless, and they are opt-out only by unsubscribing.
* **Digest** (``mode = "digest"``, ``digest_hours`` N): no mail per turn; at most one mail every N
  hours listing every game waiting for the player. The first digest goes out as soon as a game is
  waiting; the next no sooner than N hours after the previous one (``digest_sent_at``), and never
  inside quiet hours.
"""
from __future__ import annotations

from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

#: A held mail's job may start up to this much before its time (RQ's scheduler keeps whole
#: seconds); inside it a quiet window counts as over, so the mail is not held a second time.
SLACK = timedelta(seconds=2)


def _zone(name: str | None):
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return timezone.utc


def _hhmm(value: str) -> time:
    h, m = value.split(":")
    return time(int(h), int(m))


def quiet_until(pref, now: datetime) -> datetime | None:
    """The end (UTC) of the quiet window ``now`` falls in for preferences ``pref``, or None."""
    if pref is None or not pref.quiet_start or not pref.quiet_end:
        return None
    start, end = _hhmm(pref.quiet_start), _hhmm(pref.quiet_end)
    if start == end:
        return None
    zone = _zone(pref.timezone)
    local = now.astimezone(zone)
    t = local.time().replace(tzinfo=None)
    inside = start <= t < end if start < end else (t >= start or t < end)
    if not inside:
        return None
    day = local.date() if t < end else local.date() + timedelta(days=1)
    until = datetime.combine(day, end, tzinfo=zone).astimezone(timezone.utc)
    return None if until - now <= SLACK else until


def next_digest_at(pref, now: datetime) -> datetime:
    """When the next digest of a player in digest mode may go out (UTC), quiet hours included."""
    when = now
    sent = pref.digest_sent_at
    if sent is not None:
        sent = sent if sent.tzinfo else sent.replace(tzinfo=timezone.utc)
        when = max(now, sent + timedelta(hours=pref.digest_hours or 1))
    return quiet_until(pref, when) or when
