"""notification digests: when a player's last digest went out (issue 5, digest mode applied)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 15:10:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('notification_preferences') as batch:
        batch.add_column(sa.Column('digest_sent_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('notification_preferences') as batch:
        batch.drop_column('digest_sent_at')
