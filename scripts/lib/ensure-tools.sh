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
