#!/usr/bin/env bash
# Browser end-to-end test of `martian-dice serve`: builds the binary, installs playwright-core
# from npm (no browser download: Debian's /usr/bin/chromium is used), and runs the test, which
# starts its own server on 127.0.0.1 with a fresh database, the social table's test (social.test.mjs,
# a server of its own), the accounts test (accounts.test.mjs, a server of its own), the daily
# challenge (challenge.test.mjs, a server of its own), rated play (rated.test.mjs, a server of its own), then the cluster test (cluster.test.mjs: PostgreSQL, two servers and nginx of
# its own), with the strategy cards' test (cards.test.mjs) before it. Exits non-zero on failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
if ! [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "e2e: ${CHROMIUM:-/usr/bin/chromium} is missing: apt-get install -y chromium" >&2
  exit 1
fi
cd "$here"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
# The test profile: after `cargo test` the binary is already built.
cargo build --quiet --profile test --manifest-path "$root/Cargo.toml" -p martian-dice
export MARTIAN_DICE_BIN="$target/debug/martian-dice"
export E2E_OUT="$target/e2e"
mkdir -p "$E2E_OUT"
node --test --test-concurrency=1 e2e.test.mjs social.test.mjs accounts.test.mjs challenge.test.mjs rated.test.mjs cards.test.mjs cluster.test.mjs
