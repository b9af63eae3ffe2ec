# Sourced by scripts/start.sh and scripts/test.sh: makes a fresh machine (Node 20 + npm) ready.
PNPM_VERSION=10.34.9

ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1 || ! pnpm --version | grep -q '^10\.'; then
    echo "» installing pnpm@${PNPM_VERSION} (corepack fails signature checks here, so npm installs it)"
    npm install -g "pnpm@${PNPM_VERSION}" >/dev/null
  fi
}

# Debian's Chromium for the browser tests and the PDF report, its fonts for all 18 languages,
# and poppler's pdftotext/pdftoppm for the report tests. Never a browser download.
ensure_chromium() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
  [ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core)
  [ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "» apt-get install ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Debian's PostgreSQL, started as a private cluster on loopback for the api-server suite's second
# run (the scale-out database). Exports CGM_TEST_DATABASE_URL; stop_postgres ends the cluster.
ensure_postgres() {
  # Read at the call, not when this file is sourced: `CGM_PG_PORT=9450 ensure_postgres` after
  # sourcing it used to start on the default port (where CI's cluster may already listen).
  PG_PORT=${CGM_PG_PORT:-55432}
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then
    echo "» apt-get install postgresql"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  PG_DIR=$(mktemp -d /tmp/cgm-pg-XXXXXX)
  # initdb refuses to run as root: as root the cluster belongs to Debian's postgres user.
  local as=()
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$PG_DIR"; as=(runuser -u postgres --); fi
  "${as[@]}" "$bin/initdb" -D "$PG_DIR/data" -A trust -U postgres >/dev/null
  "${as[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
  PG_CTL=("${as[@]}" "$bin/pg_ctl" -D "$PG_DIR/data")
  export CGM_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "» PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}
stop_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  "${PG_CTL[@]}" stop -m fast >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
