"""play by email, absent players, webhooks, preferences (issue 5): processed inbound
Message-IDs, seat takeovers, notification preferences, webhook subscriptions/deliveries/attempts

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 13:57:31.237978
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('inbound_messages',
    sa.Column('message_hash', sa.String(length=64), nullable=False),
    sa.Column('sender', sa.String(length=254), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('outcome', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('message_hash')
    )
    op.create_table('notification_preferences',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('digest_hours', sa.Integer(), nullable=True),
    sa.Column('quiet_start', sa.String(length=5), nullable=True),
    sa.Column('quiet_end', sa.String(length=5), nullable=True),
    sa.Column('timezone', sa.String(length=64), nullable=False),
    sa.Column('unsubscribed', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ),
    sa.PrimaryKeyConstraint('player_id')
    )
    op.create_table('webhook_fanout',
    sa.Column('outbox_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['outbox_id'], ['outbox.id'], ),
    sa.PrimaryKeyConstraint('outbox_id')
    )
    op.create_table('webhook_subscriptions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=2000), nullable=False),
    sa.Column('secret', sa.String(length=80), nullable=False),
    sa.Column('events', sa.JSON(), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('webhook_subscriptions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_webhook_subscriptions_player_id'), ['player_id'], unique=False)

    op.create_table('webhook_deliveries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('subscription_id', sa.Integer(), nullable=False),
    sa.Column('event', sa.String(length=32), nullable=False),
    sa.Column('event_key', sa.String(length=64), nullable=False),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('delivered_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['subscription_id'], ['webhook_subscriptions.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('subscription_id', 'event_key', name='uq_webhook_event')
    )
    with op.batch_alter_table('webhook_deliveries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_webhook_deliveries_subscription_id'), ['subscription_id'], unique=False)

    op.create_table('seat_control',
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('consecutive_takeovers', sa.Integer(), nullable=False),
    sa.Column('last_takeover', sa.Integer(), nullable=True),
    sa.Column('ai_mode', sa.String(length=16), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id', 'seat'], ['seats.game_id', 'seats.seat'], ),
    sa.PrimaryKeyConstraint('game_id', 'seat')
    )
    op.create_table('webhook_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('delivery_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('duration_ms', sa.Integer(), nullable=False),
    sa.Column('status_code', sa.Integer(), nullable=True),
    sa.Column('response', sa.String(length=500), nullable=True),
    sa.Column('error', sa.String(length=500), nullable=True),
    sa.ForeignKeyConstraint(['delivery_id'], ['webhook_deliveries.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('delivery_id', 'number', name='uq_webhook_attempt')
    )
    with op.batch_alter_table('webhook_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_webhook_attempts_delivery_id'), ['delivery_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('webhook_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_webhook_attempts_delivery_id'))

    op.drop_table('webhook_attempts')
    op.drop_table('seat_control')
    with op.batch_alter_table('webhook_deliveries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_webhook_deliveries_subscription_id'))

    op.drop_table('webhook_deliveries')
    with op.batch_alter_table('webhook_subscriptions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_webhook_subscriptions_player_id'))

    op.drop_table('webhook_subscriptions')
    op.drop_table('webhook_fanout')
    op.drop_table('notification_preferences')
    op.drop_table('inbound_messages')
