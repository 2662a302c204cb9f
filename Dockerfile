# syntax=docker/dockerfile:1
# Quizbeam's image: `docker build -t quizbeam .` from a clean clone, or `docker compose up` (compose.yaml).
# `npm run test:deploy` builds and runs it with a real engine (e2e/src/deploy/). `npm test` checks it without
# one: e2e/src/containerImage.e2e.test.ts parses this file and replays its runtime stage in a folder; its
# parser knows exactly the instruction forms used here and refuses any other, so keep the steps plain.

# The base of both stages. Only a machine that cannot pull it needs another (the deploy test's local stand-in).
ARG NODE_IMAGE=node:20-bookworm-slim

# The build: every workspace's dependencies, then the builder, the player and the server into their dist/.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/quiz-engine/package.json packages/quiz-engine/
COPY packages/themes/package.json packages/themes/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/builder/package.json apps/builder/
COPY apps/player/package.json apps/player/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY integrations/zapier/package.json integrations/zapier/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime: the server's production dependencies and only the files it reads at run time.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# npm ci checks the lockfile against every workspace, so each package.json is needed, but only the server's
# production dependencies are installed. Native code (sharp, argon2) comes prebuilt in optional packages,
# so no install script has to run.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/quiz-engine/package.json packages/quiz-engine/
COPY packages/themes/package.json packages/themes/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/builder/package.json apps/builder/
COPY apps/player/package.json apps/player/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY integrations/zapier/package.json integrations/zapier/
# No build tools at run time. `npm ci --omit=dev --workspace=@quizbeam/server` alone would still install
# vite, rolldown, lightningcss, esbuild and tsx (about 46 MB): npm selects the workspace's whole tree, the
# devDependencies of the server and of the workspaces it depends on included (vitest brings vite, vite
# brings tsx as an optional peer), and --omit=dev then drops only packages no workspace needs in
# production, while the builder needs vite to build. esbuild is a production dependency of the server and
# the player because `npm ci --omit=dev && npm run build` on a plain server compiles them with it. So this
# stage first drops, in its own copies of the package.json files, every workspace's devDependencies and the
# build-only esbuild (the image runs the compiled dist/ and never builds); npm ci accepts a lockfile that
# holds more than the package.json files ask for.
RUN npm pkg delete devDependencies --workspaces
RUN npm pkg delete dependencies.esbuild --workspace=@quizbeam/server --workspace=@quizbeam/player
# Then, in the layer that installed them (a later layer could only hide them), the files the server never
# reads go (scripts/pruneRuntimeModules.mjs): the @fontsource packages ship every subset, weight, style and
# format of each font (about 60 MB) while the server serves only the latin and latin-ext upright woff2 files
# of weights 400 and 700 (about 3 MB; the image test fetches every one); and source maps, TypeScript
# declarations and Markdown documents (about 38 MB), which Node never loads. What stays is every production
# dependency of the server, nothing rebuilt or replaced: npm ci from the repository's lockfile.
COPY scripts/pruneRuntimeModules.mjs scripts/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace=@quizbeam/server --ignore-scripts --no-audit --no-fund && node scripts/pruneRuntimeModules.mjs
# The compiled entry points (workspace sources bundled in), the builder's and the player's builds, the SQL
# migrations, and the starter template library's JSON: found from the repository root, the folder whose
# package.json lists the workspaces (packages/db/src/repositoryRoot.ts). Fonts and Swagger UI's files are
# read from node_modules.
COPY --from=build /app/apps/server/dist apps/server/dist/
COPY --from=build /app/apps/builder/dist apps/builder/dist/
COPY --from=build /app/apps/player/dist apps/player/dist/
COPY --from=build /app/packages/db/drizzle packages/db/drizzle/
COPY --from=build /app/apps/server/src/features/templates/starterLibrary/categories.json apps/server/src/features/templates/starterLibrary/
COPY --from=build /app/apps/server/src/features/templates/starterLibrary/templates apps/server/src/features/templates/starterLibrary/templates/
# The application's files stay root's, read-only to the server; it writes only to DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (slim images have no curl); a load balancer should probe /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
