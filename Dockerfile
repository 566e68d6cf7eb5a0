# One image for every process of the site; docker-compose.yml picks the command per service.
FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build

FROM node:20-bookworm-slim
RUN npm install -g pnpm@10.34.9
WORKDIR /app
COPY --from=build /app /app
# The content service's Markdown (blog, docs, roadmap, FAQ, images) is indexed by the api at start-up from here;
# .dockerignore must not exclude content/. A malformed file stops the api with a message naming it.
ENV CONTENT_DIR=/app/content
RUN test -f /app/content/README.md && test -d /app/content/blog && test -d /app/content/docs
# Production mode: the api refuses to start until SANDBOX_MODE is chosen explicitly (docker-compose.yml
# chooses sandbox mode; SANDBOX_MODE=false also needs JWT_SECRET, SMTP_URL, an https PUBLIC_ORIGIN and DATA_ENCRYPTION_KEY).
ENV HOST=0.0.0.0 NODE_ENV=production
