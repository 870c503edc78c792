#!/usr/bin/env bash
# Builds and tags both images with the git version (`git describe`), after checking the build context for secrets.
#   deploy/build-images.sh [registry-prefix]   e.g. deploy/build-images.sh registry.example.dk/fragtbud
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-fragtbud}"
version="$(git describe --tags --always --dirty)"
node --import tsx scripts/check-build-context.ts
docker build -f deploy/Dockerfile --target backend --build-arg VERSION="$version" -t "$prefix/backend:$version" .
docker build -f deploy/Dockerfile --target web --build-arg VERSION="$version" -t "$prefix/web:$version" .
printf '%s\n' "$prefix/backend:$version" "$prefix/web:$version"
