# One image for the whole back end and the built front ends; docker-compose.yml picks the process per container.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NX_NO_CLOUD=true NX_DAEMON=false NX_TUI=false
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && mkdir -p /uploads && chown node /uploads
ENV NODE_ENV=production HOST=0.0.0.0
USER node
CMD ["npx", "tsx", "gateway/src/main.ts"]
