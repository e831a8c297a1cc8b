# One image for every app service; docker-compose.yml picks the service with `command:`.
FROM node:24-slim

WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY services/domain/package.json services/domain/
COPY services/eventstore/package.json services/eventstore/
COPY services/api/package.json services/api/
COPY services/projector/package.json services/projector/
COPY services/outreach/package.json services/outreach/
COPY migrations/package.json migrations/
COPY scripts/package.json scripts/
COPY web/package.json web/
COPY extension/package.json extension/
RUN npm ci

# Then the sources, directory by directory, so the host's node_modules and .data stay out.
COPY tsconfig.base.json tsconfig.json ./
COPY contracts contracts
COPY services services
COPY migrations migrations
COPY scripts scripts
COPY web web
COPY extension extension

# The API serves the web app (and the extension's zip) from web/dist: build them here, as `npm run build` does.
RUN node_modules/.bin/node scripts/src/build.ts

USER node
# Node 24 runs the server's .ts sources directly (type stripping): only the web app is built.
CMD ["node", "scripts/src/run-service.ts", "api"]
