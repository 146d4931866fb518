"""The /v1 players resource."""
