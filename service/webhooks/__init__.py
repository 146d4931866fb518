"""Outgoing webhooks: how deliveries are signed (``signing``); subscriptions and the delivery log live
in the service models, delivery itself in ``workers.webhooks``."""

#: Events a subscription may ask for, and the outbox kinds each comes from.
EVENTS = {"turn": ("notify_turn", "ai_turn"), "game_over": ("game_over",)}
