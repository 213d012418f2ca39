#!/usr/bin/env bash
# The AI SDK's own generateText/streamText tests (../shared/conformance/ai-suite) through the built
# library, below and above the caps, held to issue 27's limits by scripts/check-conformance.mjs.
# Needs ../shared and a build (npm run build). Prints the suite's summary, then the check.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=../shared/conformance/ai-suite/run.sh
if [ ! -x "$suite" ] && [ ! -f "$suite" ]; then
  echo "no $suite: the conformance suite needs ../shared" >&2
  exit 2
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/conformance.XXXXXX")
# V=1: every above-caps group lists its tests, which the check needs to find their reasons.
V=1 SUITE_OUT="$out/suite" bash "$suite" . --above-caps | tee "$out/output.txt"
node scripts/check-conformance.mjs "$out/output.txt" docs/design/two-views.md
