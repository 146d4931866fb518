"""Schemas of /v1/me/preferences."""
import re

import marshmallow as ma

_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def _zone(value: str) -> None:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ma.ValidationError("Unknown time zone.") from None


class PreferencesSchema(ma.Schema):
    mode = ma.fields.String(required=True, validate=ma.validate.OneOf(["each", "digest"]),
                            metadata={"description": "`each`: a mail per turn; `digest`: one mail "
                                                     "every `digest_hours` listing waiting games."})
    digest_hours = ma.fields.Integer(allow_none=True, load_default=None,
                                     validate=ma.validate.Range(1, 168))
    quiet_start = ma.fields.String(allow_none=True, load_default=None,
                                   validate=ma.validate.Regexp(_HHMM),
                                   metadata={"description": "HH:MM local time; no mail from then…"})
    quiet_end = ma.fields.String(allow_none=True, load_default=None,
                                 validate=ma.validate.Regexp(_HHMM),
                                 metadata={"description": "…until HH:MM."})
    timezone = ma.fields.String(load_default="UTC", validate=_zone)
    unsubscribed = ma.fields.Boolean(load_default=False,
                                     metadata={"description": "No notification mail at all."})

    @ma.validates_schema
    def _consistent(self, data, **_kw):
        if data.get("mode") == "digest" and not data.get("digest_hours"):
            raise ma.ValidationError("Required when mode is 'digest'.", "digest_hours")
        if (data.get("quiet_start") is None) != (data.get("quiet_end") is None):
            raise ma.ValidationError("Give both quiet_start and quiet_end, or neither.",
                                     "quiet_end")


class UnsubscribedSchema(ma.Schema):
    unsubscribed = ma.fields.Boolean(required=True)
