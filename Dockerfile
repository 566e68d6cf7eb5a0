# One image for every process of the site; docker-compose.yml and deploy/k8s pick the command per service.
# Node 24 LTS (the project's engines; Node 20 reached end of life on 2026-04-30). tooling/lint/deploy.test.mjs
# (`pnpm lint`) checks the shape of this file: every stage on Node 24, a non-root user, STOPSIGNAL SIGTERM, no secrets.

# ── deps: the package store, from the lockfile alone (cached until pnpm-lock.yaml changes) ──
FROM node:24-bookworm-slim AS deps
RUN npm install -g pnpm@10.34.9
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch

# ── build: install offline from that store, then the six apps' production bundles (browser and server halves) ──
FROM deps AS build
COPY . .
RUN pnpm install --offline --frozen-lockfile \
  && pnpm build \
  && rm -rf node_modules/.cache */node_modules/.cache

# ── runtime: the built tree, read-only for the user that runs it ──
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
COPY --from=build /app /app
# The content service's Markdown (blog, docs, roadmap, FAQ, images) is indexed by the api at start-up from here;
# .dockerignore must not exclude content/. A malformed file stops the api with a message naming it.
ENV CONTENT_DIR=/app/content
RUN test -f /app/content/README.md && test -d /app/content/blog && test -d /app/content/docs \
  && test -f /app/shell/dist/index.html \
  && mkdir -p /app/.data && chown node:node /app/.data
# Production mode: the api refuses to start until SANDBOX_MODE is chosen explicitly (docker-compose.yml chooses
# sandbox mode; SANDBOX_MODE=false also needs JWT_SECRET, SMTP_URL, an https PUBLIC_ORIGIN and DATA_ENCRYPTION_KEY,
# given at run time from the environment or a Kubernetes Secret, never baked in here).
ENV HOST=0.0.0.0 NODE_ENV=production
# The node image's unprivileged user (uid 1000); the code stays root-owned, so the process cannot rewrite it.
USER node
# Both servers drain on SIGTERM (SHUTDOWN_TIMEOUT_MS, default 25 s); each service runs node itself (not pnpm) so the
# signal reaches it. As PID 1 (Kubernetes) node ignores a signal it installs no handler for: compose adds an init
# (`init: true`), and deploy/k8s runs the handler-less remote static servers in a shared process namespace.
STOPSIGNAL SIGTERM
EXPOSE 3000 8080 8081 8082 8083 8084 8085
# Default process: the api (tsx in-process, so node is PID 1). web runs `node --import tsx src/main.ts` in
# /app/web, a remote `node tooling/static-server.mjs <dir>/dist <port>` in /app.
WORKDIR /app/api
CMD ["node", "--import", "tsx", "src/main.ts"]
