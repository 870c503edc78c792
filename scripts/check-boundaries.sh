#!/usr/bin/env bash
# Proves the Nx module-boundary rule bites: a service importing the front-end kit must fail lint.
set -euo pipefail
cd "$(dirname "$0")/.."
probe=svc-chat/src/boundary-probe.ts
trap 'rm -f "$probe"' EXIT
printf "import { formatDkkFromOre } from '@fragtbud/web';\nexport const probe = formatDkkFromOre;\n" >"$probe"
npx nx show projects >/dev/null # makes sure the project graph the rule reads is cached
report=$(npx eslint "$probe" 2>&1 || true)
if grep -q '@nx/enforce-module-boundaries' <<<"$report"; then
  echo "boundaries enforced: svc-chat may not import @fragtbud/web"
else
  echo "FAIL: importing @fragtbud/web from a service passed lint" >&2
  exit 1
fi
