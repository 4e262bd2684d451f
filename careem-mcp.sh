#!/usr/bin/env bash
# One entry point for people and CI: installs and builds when needed, then runs the server,
# the honesty check, the scenario forcer, or every test. Never writes to stdout before the
# server starts, so `--stdio` stays a clean JSON-RPC channel.
set -euo pipefail
# Desktop clients spawn this for every start, so the checks below stay in bash builtins: no
# subshell, dirname or find processes before node starts (the cold start benchmark counts them).
case "${BASH_SOURCE[0]}" in
  */*) cd "${BASH_SOURCE[0]%/*}" ;;
esac

log() { printf 'careem-mcp.sh: %s\n' "$*" >&2; }

ensure_installed() {
  # Reinstall when node_modules is missing or older than the lock file.
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing dependencies (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error >&2
  fi
}

# True when a source file or folder (a file added or removed) is newer than the build stamp.
sources_changed() {
  local f
  shopt -s globstar nullglob
  for f in src src/** dashboard/demo-widget dashboard/demo-widget/** tsconfig.json tsconfig.build.json package-lock.json; do
    [ "$f" -nt dist/.stamp ] && return 0
  done
  return 1
}

ensure_built() {
  # Rebuild when any source file is newer than the build stamp.
  if [ ! -f dist/.stamp ] || sources_changed; then
    log "building (tsc)"
    # No rm -rf dist first: another process may be running from it right now.
    npx tsc -p tsconfig.build.json >&2
    # dist/cli.js as one bundle: a start loads one file instead of hundreds (scripts/bundle.mjs).
    node scripts/bundle.mjs >&2
    touch dist/.stamp
  fi
}

case "${1:-}" in
  test)
    shift
    ensure_installed
    ensure_built
    if [ "$#" -gt 0 ]; then
      # Only the test files (or vitest options) given: seconds, not minutes.
      exec npx vitest run "$@"
    fi
    if [ -x "${CAREEM_MCP_CHROMIUM:-/usr/bin/chromium}" ]; then
      log "browser tests: using ${CAREEM_MCP_CHROMIUM:-/usr/bin/chromium}"
    else
      log "browser tests: SKIPPED, no Chromium at ${CAREEM_MCP_CHROMIUM:-/usr/bin/chromium} (apt-get install chromium)"
    fi
    # vitest, and beside it the typecheck, the parity replay against the go-sdk twin's
    # snapshots, the drift check (re-records them where Go is installed; the twin binary is
    # cached under parity/.cache) and the conformance clients: see scripts/test-all.mjs.
    exec node scripts/test-all.mjs
    ;;
  bench)
    shift
    ensure_installed
    ensure_built
    exec node bench/run.mjs "$@"
    ;;
  *)
    ensure_installed
    ensure_built
    exec node dist/cli.js "$@"
    ;;
esac
