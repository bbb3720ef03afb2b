# Build: the official Swift image with the SQLite headers.
FROM swift:6.3-noble AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
RUN swift build -c release --product ListServer --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/ListServer" /ListServer

# Run: a slim Ubuntu with the SQLite runtime only.
FROM ubuntu:noble
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /ListServer /app/ListServer
COPY Public /app/Public
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/app/ListServer", "--host", "0.0.0.0", "--port", "8080", "--data", "/data", "--public", "/app/Public"]
