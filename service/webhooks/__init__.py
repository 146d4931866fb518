"""Outgoing webhooks: how deliveries are signed (``signing``); subscriptions and the delivery log live
in the service models, delivery itself in ``workers.webhooks``."""
