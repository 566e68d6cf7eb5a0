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
# Production mode: the api refuses to start until SANDBOX_MODE is chosen explicitly (docker-compose.yml
# chooses sandbox mode; SANDBOX_MODE=false also needs JWT_SECRET, SMTP_URL, an https PUBLIC_ORIGIN and DATA_ENCRYPTION_KEY).
ENV HOST=0.0.0.0 NODE_ENV=production
