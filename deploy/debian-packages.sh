#!/usr/bin/env bash
# bridgetable: installs the Debian packages the tests need, those that are missing (through sudo
# when not run as root), and says which. `make test` and .ci/run call it; `make demo` needs none.
#
#     deploy/debian-packages.sh
#
# What each is for:
#   - mosquitto                 the link's tests run real brokers (and mosquitto_passwd's accounts)
#   - openssl                   the CA and certificate of the broker tested over TLS
#   - postgresql                the station's store against a private server (initdb, pg_ctl)
#   - chromium chromium-driver  the live ranking page in headless Chromium (selenium)
#   - systemd                   `systemd-analyze verify` on the units in systemd/
#   - shellcheck                the install scripts in deploy/
#   - nodejs npm                the seat firmware's tests on the real MicroPython (its WebAssembly port,
#                               which the tests install from the npm registry into build/); npm only
#                               where no npm command is there (a Node.js from elsewhere brings its own)
#   - libfuse2                  the power-cut file system of the tests (fusepy over FUSE)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PACKAGES=(mosquitto openssl postgresql chromium chromium-driver systemd shellcheck libfuse2)
command -v node >/dev/null || PACKAGES+=(nodejs)
command -v npm >/dev/null || PACKAGES+=(npm)
case "${1:-}" in
    "") ;;
    -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
esac
if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then
    say "not a Debian system: install these (or their equivalents) yourself: ${PACKAGES[*]}"
    exit 0
fi
apt_install "${PACKAGES[@]}"
say "the Debian packages the tests need are installed: ${PACKAGES[*]}"
