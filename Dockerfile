# One image for every process of the site; docker-compose.yml and deploy/k8s pick the command per service.
# Node 24 LTS (the project's engines; Node 20 reached end of life on 2026-04-30).
# tooling/lint/deploy-dockerfile.test.mjs (`pnpm lint`) checks the shape of this file: every stage on Node 24, a
# non-root user, STOPSIGNAL SIGTERM, no secrets, the runtime's packages the services' production dependencies alone.
# Issue 26, `docker build` on a stand-in node:24-bookworm-slim of 256 MB (docs/OPERATIONS.md): 1.07 GB before, the
# whole built workspace copied (810 MB over the base: every node_modules, with webpack, rspack, jest, TypeScript and
# Lighthouse); 470 MB now (214 MB over the base: production packages, of which ccxt 60, PGlite 27, sharp's libvips 18,
# drizzle 17 and esbuild for tsx 11, then sources and bundles).

# ── deps: the package store, from the lockfile alone (cached until pnpm-lock.yaml changes) ──
FROM node:24-bookworm-slim AS deps
RUN npm install -g pnpm@10.34.9
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc .pnpmfile.cjs ./
RUN pnpm fetch

# ── build: install offline from that store (every dependency: webpack, rspack, swc…), then the six apps' production
# bundles (browser and server halves) and the dev signing key's public half (.data/remote-signing, tooling/sign) ──
FROM deps AS build
COPY . .
RUN pnpm install --offline --frozen-lockfile \
  && pnpm build

# ── prod: the same sources with only what the services run: the production dependencies of the api and web and of the
# workspace packages they import (`dependencies` only: no webpack, rspack, jest, TypeScript, Playwright or Lighthouse;
# the shell's and tooling's build tools are their devDependencies). The remotes' static server needs no package.
# node_modules is `pnpm fetch`'s (for every dependency): removed first, or pnpm stops to ask before replacing it. ──
FROM deps AS prod
COPY . .
RUN rm -rf node_modules \
  && pnpm install --offline --frozen-lockfile --prod --filter "api..." --filter "web..." \
  && rm -rf e2e bench docs

# ── runtime: the production tree plus the built bundles, read-only for the user that runs it ──
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
COPY --from=prod /app /app
COPY --from=build /app/.data /app/.data
COPY --from=build /app/shell/dist /app/shell/dist
COPY --from=build /app/mfe-exchange/dist /app/mfe-exchange/dist
COPY --from=build /app/mfe-order/dist /app/mfe-order/dist
COPY --from=build /app/mfe-profile/dist /app/mfe-profile/dist
COPY --from=build /app/mfe-blog/dist /app/mfe-blog/dist
COPY --from=build /app/mfe-docs/dist /app/mfe-docs/dist
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
