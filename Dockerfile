# syntax=docker/dockerfile:1
# Kaigi's production image (issue 36): the folder `npm run build:prod` makes (server, access, the
# built SPA, production dependencies only), run as the unprivileged `node` user. One image for the
# API, the worker and the one-off tasks; the command picks the process (deploy/aws/lib/tasks.ts).
# The CDK app builds it as an asset on `cdk deploy`.

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build:prod

FROM node:24-slim
# Amazon RDS's certificate authorities, so DATABASE_URL can say sslmode=verify-full
ADD --chmod=644 https://truststore.pki.rds.amazonaws.com/global/global-bundle.pem /etc/ssl/certs/rds-global-bundle.pem
ENV NODE_ENV=production \
    NODE_EXTRA_CA_CERTS=/etc/ssl/certs/rds-global-bundle.pem \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
# owned by root, read-only to the process; it writes nothing but its temporary files (/tmp)
COPY --from=build /src/build/prod /app
USER node
EXPOSE 8080
# node itself as PID 1 (not npm), so SIGTERM reaches the server; flags: server/config/node-flags.ts
CMD ["node", "--max-semi-space-size=4", "--import", "tsx", "server/main.ts"]
