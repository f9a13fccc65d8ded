FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY connectors/package.json connectors/
COPY api/package.json api/
COPY workers/package.json workers/
COPY dashboard/package.json dashboard/
COPY scripts/prisma-generate.mjs scripts/
COPY prisma/schema prisma/schema/
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 3000
CMD ["npm", "start"]
