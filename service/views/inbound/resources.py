"""/v1/inbound-email: replies delivered by a mail provider's inbound webhook (raw MIME)."""
import hmac
import os

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from service.db import db
from service.errors import ApiError
from service.inbound import handle_message
from service.views.inbound.schemas import OutcomeSchema

blp = Blueprint("inbound", __name__, url_prefix="/v1",
                description="Email in: the same handling as the SMTP listener.")

SECRET_HEADER = "Turnpost-Inbound-Secret"
FORBIDDEN = {"en": "Send the shared secret in the Turnpost-Inbound-Secret header.",
             "es": "Envía el secreto compartido en la cabecera Turnpost-Inbound-Secret."}
DISABLED = {"en": "Inbound email over HTTP is off: set TURNPOST_INBOUND_SECRET to turn it on.",
            "es": "El correo entrante por HTTP está desactivado: define TURNPOST_INBOUND_SECRET."}


@blp.route("/inbound-email")
class InboundEmail(MethodView):

    @blp.doc(parameters=[{"in": "header", "name": SECRET_HEADER, "required": True,
                          "schema": {"type": "string"}}],
             requestBody={"required": True, "content": {
                 "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}})
    @blp.response(200, OutcomeSchema)
    def post(self):
        """Hand in one reply email

        The body is the raw message (RFC 5322 bytes, any content type). The caller proves itself
        with the `Turnpost-Inbound-Secret` header (`TURNPOST_INBOUND_SECRET`, compared in constant
        time). The answer says what became of the message (`code`: `applied`, `bad_steps`,
        `token_invalid`, `token_expired`, `wrong_sender`, `duplicate`, ...); the player is answered
        by email either way.
        """
        expected = (current_app.config.get("INBOUND_SECRET")
                    or os.environ.get("TURNPOST_INBOUND_SECRET"))
        if not expected:
            raise ApiError("inbound_disabled", status=404, message=DISABLED)
        given = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), expected.encode()):
            raise ApiError("forbidden", status=403, message=FORBIDDEN)
        return handle_message(request.get_data(), session=db.session).as_dict()
