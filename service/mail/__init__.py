"""Email out: rendering notifications in the recipient's language (:mod:`service.mail.render`,
:mod:`service.mail.templates`) and sending them over SMTP or into ``.eml`` files
(:mod:`service.mail.transport`). The mail job in :mod:`workers.mail` ties them to the database."""
from service.mail.render import (GameInfo, Links, Recipient, events_since_last_turn,
                                 game_over_message, turn_message, visible_to)
from service.mail.transport import mail_dir, send

__all__ = ["GameInfo", "Links", "Recipient", "events_since_last_turn", "game_over_message",
           "turn_message", "visible_to", "mail_dir", "send"]
