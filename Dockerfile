# syntax=docker/dockerfile:1

# Dossier in one image: the gateway, the workers and the command-line tool, chosen by the command.
#
#   docker build -t dossier .
#   docker run dossier                      # the gateway (the default command), on PORT 8080
#   docker run dossier worker               # one worker
#   docker run dossier keys create --name x # any `dossier` command
#
# See docs/operations.md for the environment, the health checks and the Redis it needs.

# The Node major must satisfy the root package.json's engines field.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: the whole workspace, with its dev dependencies, compiled ----
FROM ${NODE_IMAGE} AS build
# The pnpm pinned by the root package.json's packageManager field.
RUN npm install --global pnpm@10.34.9 --no-fund --no-audit
WORKDIR /src
# The lockfile alone decides what is downloaded, so this layer is reused until it changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
# Installs from the fetched store; the root `prepare` script builds every package (tsc -b).
RUN pnpm install --frozen-lockfile --offline
# A pruned production tree of the CLI, which also runs the gateway and the worker: its dist, its
# production dependencies at the lockfile's versions, the workspace packages it uses (their dist
# only), and nothing of the test, eval or bench packages. pnpm 10's deploy copies workspace packages
# into the tree ("injected"); the workspace itself keeps symlinks, so the setting is given here only.
RUN pnpm --filter @dossier/cli --prod --config.inject-workspace-packages=true deploy /prod/dossier

# ---- runtime: Node and the pruned tree, run as an unprivileged user ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and only readable by the process: the app cannot rewrite itself.
COPY --from=build /prod/dossier /app
# The official image's `node` user, by number so that Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 8080
# Checks the gateway (the default command). A worker container checks its own heartbeat instead:
# `healthcheck worker` (docker-compose.yml and deploy/kubernetes do so).
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
  CMD ["node", "/app/dist/main.js", "healthcheck"]
ENTRYPOINT ["node", "/app/dist/main.js"]
CMD ["gateway"]
