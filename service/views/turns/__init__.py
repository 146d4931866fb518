"""The /v1 turns resource."""
