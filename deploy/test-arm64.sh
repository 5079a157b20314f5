#!/usr/bin/env bash
# bridgetable: the table's install proven on arm64 without a Pi. Builds a Debian 12 arm64 root file
# system (what Raspberry Pi OS Lite 64-bit is) once, cached under build/arm64, runs it under
# qemu-user through binfmt, installs the table there with deploy/install-table.sh exactly as a club
# does, then plays two boards of the samples with `bridgetable table --sim --config` and checks the
# journal's export with `bridgetable check`, all on the emulated CPU.
#
#     sudo deploy/test-arm64.sh            # as root: debootstrap, chroot and mounts need it
#
# The root is cached as build/arm64/bookworm-arm64.tar (or in $BRIDGETABLE_ARM64_CACHE, which CI
# keeps outside its fresh clone); each run starts from a fresh copy of it.
#
# Needs debootstrap, qemu-user-static and binfmt-support (installed when missing) and binfmt_misc
# in the kernel. Exit status 0: installed and played; 1: a step failed; 3: this machine cannot run
# arm64 binaries (no binfmt_misc), which `make test-arm64` skips on a developer's machine, not in CI.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

case "${1:-}" in
    "") ;;
    -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
esac
require_root
BUILD="$CHECKOUT/build/arm64"
CACHE="${BRIDGETABLE_ARM64_CACHE:-$BUILD}/bookworm-arm64.tar"   # the fresh root, made once
ROOT="$BUILD/root"                  # this run's copy of it
SRC=/opt/src/bridgetable            # where the checkout is copied inside the root

apt_install debootstrap qemu-user-static binfmt-support
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || true
    update-binfmts --enable qemu-aarch64 2>/dev/null || true
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    printf 'error: this machine cannot run arm64 binaries (binfmt_misc with qemu-aarch64 is not available)\n' >&2
    exit 3
fi

# the machine's own Debian mirror (the first deb822 URIs or sources.list line), for debootstrap
mirror="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)"
[ -n "$mirror" ] || mirror="$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)"
[ -n "$mirror" ] || die "no Debian mirror found in /etc/apt"

mkdir -p "$BUILD" "$(dirname "$CACHE")"
if [ ! -s "$CACHE" ]; then
    say "building the Debian 12 arm64 root once (debootstrap, second stage emulated: several minutes)"
    rm -rf "$BUILD/fresh"
    debootstrap --arch=arm64 --variant=minbase --include=python3,python3-venv,ca-certificates \
        bookworm "$BUILD/fresh" "$mirror"
    tar -C "$BUILD/fresh" -cf "$CACHE.part" . && mv "$CACHE.part" "$CACHE"
    rm -rf "$BUILD/fresh"
fi

cleanup() {
    for mount in dev/pts dev proc sys; do
        mountpoint -q "$ROOT/$mount" && umount -l "$ROOT/$mount"
    done
    return 0
}
trap cleanup EXIT
cleanup
rm -rf "$ROOT"
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$CACHE"
say "a fresh arm64 root in $ROOT: $(chroot "$ROOT" uname -m), $(chroot "$ROOT" python3 --version)"
for mount in dev dev/pts proc sys; do
    mount --bind "/$mount" "$ROOT/$mount"
done
# this machine's name service, certificates and pip settings, so the root reaches the same mirrors
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"
[ ! -e /etc/pip.conf ] || cp /etc/pip.conf "$ROOT/etc/pip.conf"
mkdir -p "$ROOT$SRC"
git -C "$CHECKOUT" ls-files -z | (cd "$CHECKOUT" && xargs -0 cp --parents -t "$ROOT$SRC")

say "install-table.sh --table 3 --club myclub, as on a Pi (under emulation)"
started=$SECONDS
chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    "$SRC/deploy/install-table.sh" --table 3 --club myclub
say "installed in $((SECONDS - started)) s"

say "two boards of the samples at the emulated table, then --export and check of its journal"
session="$ROOT/tmp/session"
mkdir -p "$session"
"${PYTHON:-$CHECKOUT/.venv/bin/python}" "$CHECKOUT/deploy/sim_lines.py" "$CHECKOUT/controller/bridgetable/samples/deals.pbn" \
    > "$session/lines.txt"
bridgetable=/opt/bridgetable/bin/bridgetable
samples="$(chroot "$ROOT" /opt/bridgetable/bin/python -c \
    'import bridgetable, pathlib; print(pathlib.Path(bridgetable.__file__).parent / "samples")')"
run() { chroot "$ROOT" env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$@"; }
run "$bridgetable" table --sim --config "$samples/table.toml" --journal /tmp/session/sim.db \
    < "$session/lines.txt" > "$session/sim.out"
if grep -q '^refused' "$session/sim.out"; then
    grep '^refused' "$session/sim.out" >&2
    die "the emulated table refused an input"
fi
run "$bridgetable" table --config "$samples/table.toml" --journal /tmp/session/sim.db \
    --export /tmp/session/ours.pbn < /dev/null
run "$bridgetable" check /tmp/session/ours.pbn
say "arm64: installed and played in $((SECONDS - started)) s"
