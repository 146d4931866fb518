"""The /v1 games resource."""
