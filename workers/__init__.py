"""turnpost's background runtime: RQ jobs by purpose (``ai``, ``mail``), the outbox relay that feeds
them, and the worker entry point. Jobs take ids and plain values and are safe to run twice."""
