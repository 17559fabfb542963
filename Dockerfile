# syntax=docker/dockerfile:1
# pagefeed server image: multi-stage, Node 22 LTS (Node 20 reached its end of life in April 2026;
# the code itself still runs on Node >= 20.19), non-root, with the `pagefeed` CLI.
# Built and smoke-checked with podman on a stand-in base (scripts/container-smoke.sh; see docs/operations.md).
#
#   docker build -t pagefeed .                                  # server + CLI, renderer elsewhere
#   docker build -t pagefeed --build-arg INSTALL_CHROMIUM=true .  # + Debian chromium: built-in renderer

ARG NODE_IMAGE=node:22-bookworm-slim
ARG PNPM_VERSION=10.34.9

# ---- manifests: only what decides the dependency tree, so installs stay cached across code edits
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY packages/core/package.json packages/core/
COPY packages/fetchers/package.json packages/fetchers/
COPY packages/auto-source/package.json packages/auto-source/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
COPY packages/renderer/package.json packages/renderer/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
COPY tests/package.json tests/

# ---- build: every dependency, then compile the packages and the web UI
FROM manifests AS build
ARG PNPM_VERSION
RUN npm i -g pnpm@${PNPM_VERSION}
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm install --frozen-lockfile
COPY . .
RUN pnpm turbo run build --filter=@pagefeed/server... --filter=@pagefeed/cli... --filter=@pagefeed/web

# ---- production dependencies only (no TypeScript, vitest, vite, playwright)
FROM manifests AS production-dependencies
ARG PNPM_VERSION
RUN npm i -g pnpm@${PNPM_VERSION}
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm install --frozen-lockfile --prod
# valibot names typescript as an optional peer, and the lockfile links the workspace's copy to it
# even in a --prod install; nothing loads it at run time (types only), so it leaves the image.
# (Checked by hand with the same commands on a --prod install of this lockfile: valibot still loads.)
RUN rm -rf node_modules/.pnpm/typescript@* \
 && find node_modules/.pnpm -maxdepth 3 -name typescript -exec rm -rf {} + \
 && ! find node_modules -maxdepth 5 -name typescript | grep -q .

# ---- runtime: compiled output + production node_modules, run as the unprivileged `node` user
FROM ${NODE_IMAGE} AS runtime
# true: Debian's chromium, so the server runs its built-in renderer (RENDERER_WEBSOCKET_URL unset).
ARG INSTALL_CHROMIUM=false
RUN if [ "$INSTALL_CHROMIUM" = "true" ]; then \
      apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production \
    PORT=4000 \
    FEEDS_FILE=/app/feeds.yml
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app ./
COPY --from=build --chown=node:node /app/packages/core/dist packages/core/dist
COPY --from=build --chown=node:node /app/packages/fetchers/dist packages/fetchers/dist
COPY --from=build --chown=node:node /app/packages/auto-source/dist packages/auto-source/dist
COPY --from=build --chown=node:node /app/packages/server/dist packages/server/dist
COPY --from=build --chown=node:node /app/packages/renderer/dist packages/renderer/dist
COPY --from=build --chown=node:node /app/packages/cli/dist packages/cli/dist
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
# The CLI on PATH: docker run --rm pagefeed pagefeed validate /app/feeds.yml; pagefeed renderer.
RUN printf '#!/bin/sh\nexec node /app/packages/cli/dist/bin.js "$@"\n' > /usr/local/bin/pagefeed && chmod 755 /usr/local/bin/pagefeed
# feeds.yml is mounted at $FEEDS_FILE (compose.yml); without it the server starts with no predefined feeds.
USER node
EXPOSE 4000
# Liveness only: Redis or renderer trouble degrades the service but must not restart it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/api/v1/health/live').then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# What `pnpm start` runs after its build step; the server handles SIGTERM (graceful shutdown).
CMD ["node", "packages/server/dist/main.js"]
