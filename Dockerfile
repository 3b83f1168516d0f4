# syntax=docker/dockerfile:1
# The Owo image (README, "Deploying"; decision 0024): the compiled API and the built web app on
# Node 24 LTS with only the API's production dependencies, run as the unprivileged `node` user.
#   docker build -t owo-wallet .
#   docker run --env-file .env owo-wallet node apps/api/dist/cli.js migrate   # once per release
#   docker run --env-file .env -p 3000:3000 owo-wallet
ARG NODE_IMAGE=node:24-bookworm-slim

# Build: every dependency (the build tools are dev dependencies), then `npm run build`: the web
# app into apps/web/dist, the API bundle into apps/api/dist.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/providers/package.json packages/providers/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies of @owo/api only: the bundle imports npm packages from node_modules
# (the workspace packages are compiled into it), and nothing of the web app's or the tests'.
# npm ci checks the lockfile against every workspace, hence all four package.json files.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/providers/package.json packages/providers/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @owo/api --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# node_modules (with any package npm nested under a workspace) and the package.json files, whose
# "type": "module" makes node load the bundle's .js files as ES modules.
COPY --from=deps /app ./
COPY apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Everything above belongs to root and is read-only to the app; DATA_DIR is its only writable
# place (nothing needs it with DATABASE_URL and SESSION_SECRET set, but a start may create it).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready = the database answers and every migration is applied; plain node, no curl in the image.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) lets the server finish what it is doing and exit.
CMD ["node", "apps/api/dist/server.js"]
