"""The /v1 titles resource."""
