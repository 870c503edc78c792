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

# And that a service cannot refuse outside the domain error catalog (eslint.config.mjs, no-restricted-syntax).
printf "import { AppError } from '@fragtbud/platform';\nexport const probe = () => AppError.conflict('Nej', 'nej');\n" >"$probe"
report=$(npx eslint "$probe" 2>&1 || true)
if grep -q 'domainError(code)' <<<"$report"; then
  echo "error catalog enforced: svc-chat may not throw AppError.conflict(…)"
else
  echo "FAIL: a service picking its own status and text passed lint" >&2
  exit 1
fi
