# The mcpforge image: `mcpforge serve --http` as an MCP server, e.g. a service of the Compose file that
# `mcpforge env compose` writes. Build: docker build -t mcpforge:latest .
#
# Run: docker run -p 8001:8001 -v ./registry:/data/registry -e MCPFORGE_TOKENS \
#        --security-opt seccomp=unconfined --security-opt apparmor=unconfined \
#        mcpforge:latest serve --http 8001 --host 0.0.0.0 --public-name HOSTNAME
# Serving on 0.0.0.0 (anything but loopback) needs bearer tokens (MCPFORGE_TOKENS or --tokens-file), and
# each --public-name is a host name clients reach the server by (its Compose service name). Promoted
# tools run in the mcpforge sandbox (bubblewrap, else unshare), which needs user namespaces: Docker's
# default seccomp and AppArmor profiles refuse them, hence the two --security-opt.
# The same image runs a team's deployment (deploy/compose.yaml, deploy/k8s/): it carries the `team` extra
# (PostgreSQL registry and job queue) and the `s3` extra (blobs in an S3-compatible store), which a
# single-user run never imports.
FROM python:3.11-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends bubblewrap util-linux \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir ".[team,s3]"

ENV MCPFORGE_REGISTRY=/data/registry
VOLUME ["/data"]
EXPOSE 8001
ENTRYPOINT ["mcpforge"]
CMD ["serve", "--http", "8001", "--host", "0.0.0.0"]
