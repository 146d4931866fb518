"""The /v1 me resource."""
