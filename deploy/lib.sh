# bridgetable: what install-table.sh and install-station.sh share. Sourced, not run.
# shellcheck shell=bash

PREFIX=/opt/bridgetable             # the virtualenv the units run
CONFIG_DIR=/etc/bridgetable         # table.toml or station.env (root:bridgetable, 0640)
SERVICE_USER=bridgetable            # the units' user; its state is /var/lib/bridgetable
CHECKOUT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 2; }

require_root() {
    [ "$(id -u)" -eq 0 ] || die "run me as root: sudo $0 ..."
}

# as_root COMMAND...: runs it as root, through sudo when this is not root
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        die "$1 needs root, and sudo is not installed: run this as root"
    fi
}

# apt_install PACKAGE...: installs the ones that are missing (apt-get update only then)
apt_install() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]} (Debian packages)"
        as_root apt-get update
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    fi
}

# service_user [GROUP...]: the system user, a member of these groups (created when missing)
service_user() {
    local group
    for group in "$@"; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! id "$SERVICE_USER" >/dev/null 2>&1; then
        say "creating the user $SERVICE_USER"
        useradd --system --home-dir /var/lib/bridgetable --no-create-home --shell /usr/sbin/nologin \
            --user-group "$SERVICE_USER"
    fi
    for group in "$@"; do
        usermod --append --groups "$group" "$SERVICE_USER"
    done
    install -d -m 0750 -o root -g "$SERVICE_USER" "$CONFIG_DIR"
}

# install_package EXTRA: the checkout into $PREFIX (a venv), with that extra
install_package() {
    [ -x "$PREFIX/bin/python" ] || { say "creating $PREFIX"; python3 -m venv "$PREFIX"; }
    say "installing bridgetable[$1] from $CHECKOUT into $PREFIX"
    "$PREFIX/bin/pip" install --quiet --upgrade pip
    "$PREFIX/bin/pip" install --quiet --upgrade "${CHECKOUT}[$1]"
    install -D -m 0644 "$CHECKOUT/README.md" "$PREFIX/share/README.md"
}

# install_config EXAMPLE TARGET: the example as TARGET unless it exists (never overwrite settings)
install_config() {
    if [ -e "$2" ]; then
        say "keeping $2"
        return 1
    fi
    install -m 0640 -o root -g "$SERVICE_USER" "$1" "$2"
    say "wrote $2"
}

# install_unit NAME: systemd/NAME into /etc/systemd/system, enabled (started by the user)
install_unit() {
    install -m 0644 "$CHECKOUT/systemd/$1" "/etc/systemd/system/$1"
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload
        systemctl enable "$1"
    else
        say "systemd is not running here: enable $1 once it is (systemctl enable $1)"
    fi
}
