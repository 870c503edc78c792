#!/usr/bin/env bash
# Independent releases: each remote builds on its own, without the shell or the other remotes being built
# (into a scratch folder, so nothing else's dist is touched), and comes out precompressed and without source maps.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for remote in mfe-customer mfe-carrier mfe-admin; do
  (cd "$remote" && npx rspack build --output-path "$out/$remote" >/dev/null)
  for file in remoteEntry.js remoteEntry.js.br remoteEntry.js.gz; do
    [ -s "$out/$remote/$file" ] || { echo "$remote built alone has no $file"; exit 1; }
  done
  if compgen -G "$out/$remote/*.map" >/dev/null; then echo "$remote built alone ships source maps"; exit 1; fi
  echo "ok $remote builds alone"
done
