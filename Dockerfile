# Build: the official Swift image with the SQLite and libpq headers.
FROM swift:6.3-noble AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libpq-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# The manifest names the test targets too; their folders must exist for it to load.
COPY Tests ./Tests
RUN swift build -c release --product ListServer --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/ListServer" /ListServer

# Run: a slim Ubuntu with the SQLite and libpq runtimes only.
FROM ubuntu:noble
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /ListServer /app/ListServer
COPY Public /app/Public
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/app/ListServer", "--host", "0.0.0.0", "--port", "8080", "--data", "/data", "--public", "/app/Public"]
# The store: SQLite in the /data volume by default. For several servers, give every container the same
# PostgreSQL database with --database (arguments after the image name follow the ENTRYPOINT's flags):
#   docker run -p 8080:8080 -e PGPASSWORD=secret listserver \
#       --database postgresql://listserver@db.internal:5432/listserver
# The server answers to localhost, 127.0.0.1 and [::1]; name every other host clients use:
#   docker run -p 8080:8080 listserver --allow-host lists.example.com
# libpq also reads its usual environment (PGPASSWORD, PGSSLMODE, PGCONNECT_TIMEOUT, …) and ~/.pgpass.
ENV PGCONNECT_TIMEOUT=10
CMD []
