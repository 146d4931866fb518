"""Alembic environment: runs on the connection that :func:`service.db.upgrade` hands over."""
from alembic import context

from service.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through service.db.upgrade(DATABASE_URL)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True,
                  compare_type=True)
with context.begin_transaction():
    context.run_migrations()
