# One image for every service of the distributed mode (docker-compose.yml picks the command).
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY domain/package.json domain/
COPY infra/package.json infra/
COPY command-service/package.json command-service/
COPY projector/package.json projector/
COPY query-service/package.json query-service/
COPY ui/package.json ui/
COPY stack/package.json stack/
COPY bench/package.json bench/
COPY tools/ports/package.json tools/ports/
COPY tools/payment-sandbox/package.json tools/payment-sandbox/
COPY tools/auth-emulator/package.json tools/auth-emulator/
COPY tools/kafka-broker/package.json tools/kafka-broker/
COPY tools/embedded-postgres/package.json tools/embedded-postgres/
COPY tools/smtp-sink/package.json tools/smtp-sink/
RUN npm ci --no-audit --no-fund
COPY . .
# The UI's production build, served by stack/src/ui-server (no TypeScript compiler at run time).
RUN npm run build -w ui
ENV HOST=0.0.0.0 NODE_ENV=production
