# Market Analytics as a container image (README, "Container"): built with the dev dependencies,
# run with the production ones only, as an unprivileged user, its data in the /data volume.
#   docker build -t market-analytics .
#   docker run -p 3000:3000 -v market-analytics-data:/data market-analytics

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and @node-rs/argon2 come prebuilt for this platform; these compile them if not.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The build, including the operator's commands (build/commands), then the dev dependencies go.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# pg_dump and pg_restore for `npm run db:backup` and restores with DATABASE_URL (PostgreSQL 15).
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Readiness, not liveness: 503 while the database is unreachable or the server is stopping. The
# slim image has no curl; Node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself as PID 1: SIGTERM from `docker stop` reaches it and it stops gracefully.
CMD ["node", "server.js"]
