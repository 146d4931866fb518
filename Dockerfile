# turnpost's image: the API (gunicorn) and the workers run from it (see docker-compose.yml).
# Stage 1 compiles the Cython extensions into a wheel; stage 2 installs only that wheel, so the
# runtime image carries no compiler.
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md LICENSE ./
COPY engine engine
COPY mcts mcts
COPY service service
COPY workers workers
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 turnpost
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER turnpost
WORKDIR /home/turnpost
ENV PYTHONUNBUFFERED=1 \
    TURNPOST_DATA_DIR=/home/turnpost/data
EXPOSE 8000
# The app factory with the outbox relay installed (service/wsgi.py).
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--workers", "2", "--threads", "4", \
     "--access-logfile", "-", "service.wsgi:app()"]
