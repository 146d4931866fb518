"""Email in: reply tokens, reading replies, the SMTP listener and the one entry point
:func:`handle_message` that both the listener and ``POST /v1/inbound-email`` call."""
