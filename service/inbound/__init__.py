"""Email in: reply tokens (``tokens``), reading replies (``parse``), the SMTP listener (``listener``),
and the one entry point :func:`handle_message` (``handle``) that both the listener and
``POST /v1/inbound-email`` call."""


def handle_message(raw: bytes, **kwargs):
    """Act on one raw inbound email; see :func:`service.inbound.handle.handle_message`."""
    # Imported on call: the token and parsing modules stay usable without the service's storage.
    from service.inbound.handle import handle_message as handle
    return handle(raw, **kwargs)
