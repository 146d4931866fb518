"""turnpost's web service: the Flask app (:mod:`service.app`), storage (:mod:`service.db`,
:mod:`service.models`), the one turn-submission function (:mod:`service.turns`) and the REST resources
(:mod:`service.views`)."""
