"""Bearer tokens: random, shown to the player once, stored only as SHA-256 hashes."""
from __future__ import annotations

import hashlib
import secrets
from functools import wraps

from flask import g, request
from sqlalchemy import select

from service.db import db
from service.errors import Unauthorized
from service.models import Player


def new_token() -> tuple[str, str]:
    """A fresh token and its hash: give the first to the player, store the second."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    """SHA-256 hex of a token (tokens carry 256 random bits, so no salt or slow hash is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def current_player() -> Player:
    """The authenticated player of this request, or :class:`Unauthorized`."""
    player = g.get("player")
    if player is not None:
        return player
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("unauthorized", headers={"WWW-Authenticate": 'Bearer realm="turnpost"'})
    player = db.session.scalar(select(Player).where(Player.token_hash == hash_token(token)))
    if player is None:
        raise Unauthorized("unauthorized", headers={
            "WWW-Authenticate": 'Bearer realm="turnpost", error="invalid_token"'})
    g.player = player
    return player


def login_required(view):
    """Authenticate before the view runs (so request-body errors are already in the player's
    language)."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        current_player()
        return view(*args, **kwargs)
    return wrapper
