"""The checked-in contract equals the generated one, and the app keeps it: schemathesis sends
generated requests (valid and invalid) and checks that nothing answers 5xx or breaks the schema."""
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance,
                                               response_schema_conformance,
                                               status_code_conformance)

from service.openapi import spec_yaml

from tests.service.helpers import new_game

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def test_checked_in_openapi_equals_the_generated_spec():
    assert SPEC.read_text(encoding="utf-8") == spec_yaml(), (
        "openapi.yaml is stale: regenerate it with `python -m service.openapi`")


schema = schemathesis.openapi.from_path(str(SPEC))
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                deterministic=True)


@pytest.fixture
def app_config(app_config):
    app_config["SNAPSHOT_EVERY"] = 1          # exercise snapshot writes and reads on every turn
    return app_config


@pytest.fixture
def world(app, client, players):
    """A player with a token, in two games (one against a person, one against an AI)."""
    ana, bob = players.new("Ana", "es"), players.new("Bob")
    ids = [new_game(client, ana, [ana, bob])["id"],
           new_game(client, ana, [ana, {"ai": {"iterations": 5}}])["id"]]
    return {"headers": ana.h, "games": ids}


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_keeps_its_contract(case, app, world):
    if "game_id" in (case.path_parameters or {}):
        # Mostly real games (so turns reach the engine), sometimes whatever was generated.
        generated = str(case.path_parameters["game_id"])
        if len(generated) % 4:
            case.path_parameters["game_id"] = world["games"][len(generated) % 2]
    headers = dict(world["headers"]) if case.operation.path != "/v1/players" else {}
    case.call_and_validate(app=app, headers=headers, checks=CHECKS)
