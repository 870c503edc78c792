# One image for the whole back end and the built front ends; docker-compose.yml picks the process per container.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NX_NO_CLOUD=true NX_DAEMON=false NX_TUI=false
# tini as PID 1: signals reach node once, zombies are reaped.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
COPY . .
# Front ends and the compiled back end (dist/server/<project>.js): production runs plain node, never tsx.
RUN npm ci --no-audit --no-fund && npm run build && npm run build:server && mkdir -p /uploads && chown node /uploads
ENV NODE_ENV=production HOST=0.0.0.0
USER node
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server/gateway.js"]
