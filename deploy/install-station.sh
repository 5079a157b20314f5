#!/usr/bin/env bash
# bridgetable: install the director's scoring station and the club's Mosquitto (Debian 12 or
# Raspberry Pi OS). Idempotent: run it again after `git pull` to upgrade; it keeps the broker's
# accounts and /etc/bridgetable/station.env unless told otherwise.
#
#     sudo deploy/install-station.sh --club myclub --tables 20 [--new-accounts]
#         [--central HOST:PORT --central-password-file FILE --central-key-file FILE [--central-ca FILE]]
#
# Installs python3-venv, mosquitto and mosquitto-clients, creates the user
# bridgetable, the virtualenv /opt/bridgetable with bridgetable[station], the broker's accounts
# and ACL (deploy/mosquitto/), /etc/bridgetable/station.env and the unit bridgetable-station.service.
# --new-accounts issues new passwords and keys for every table (needed for a new number of tables).
# --central: feed the federation's central results server (its operator gives the club a password and
# a key): the station connects to the central broker itself (TLS, with --central-ca), never through
# the club's Mosquitto, which does not talk to the internet; /etc/bridgetable/central.{key,password,ca}
# and the station's --central, --central-key, --central-password-file, --central-ca.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ACCOUNTS_DIR=/etc/mosquitto/bridgetable
club="" tables="" renew=false central="" central_password="" central_key="" central_ca=""
while [ $# -gt 0 ]; do
    case "$1" in
        --club) club="${2:?--club needs a name}"; shift 2 ;;
        --tables) tables="${2:?--tables needs a number}"; shift 2 ;;
        --new-accounts) renew=true; shift ;;
        --central) central="${2:?--central needs HOST:PORT}"; shift 2 ;;
        --central-password-file) central_password="${2:?--central-password-file needs a file}"; shift 2 ;;
        --central-key-file) central_key="${2:?--central-key-file needs a file}"; shift 2 ;;
        --central-ca) central_ca="${2:?--central-ca needs a file}"; shift 2 ;;
        -h|--help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
if [ -n "$central" ] && { [ ! -r "$central_password" ] || [ ! -r "$central_key" ]; }; then
    die "--central needs --central-password-file and --central-key-file (from the central server's operator)"
fi
require_root

if [ "$renew" = true ] || [ ! -e "$ACCOUNTS_DIR/accounts.json" ]; then
    if [ -z "$club" ] || ! [[ "$tables" =~ ^[1-9][0-9]*$ ]]; then
        die "the accounts need --club NAME --tables N"
    fi
fi

apt_install python3-venv mosquitto mosquitto-clients
# the station needs no device groups
# shellcheck disable=SC2119
service_user
install_package station

if [ "$renew" = true ] || [ ! -e "$ACCOUNTS_DIR/accounts.json" ]; then
    say "issuing the broker's accounts and the tables' keys for club $club, $tables tables"
    PATH="$PATH:/usr/sbin:/usr/bin" "$PREFIX/bin/python" -m bridgetable.link.accounts \
        --club "$club" --tables "$tables" --out "$ACCOUNTS_DIR"
else
    say "keeping the accounts in $ACCOUNTS_DIR (--new-accounts issues new ones)"
fi
chown root:mosquitto "$ACCOUNTS_DIR/passwords" "$ACCOUNTS_DIR/acl"
chmod 0640 "$ACCOUNTS_DIR/passwords" "$ACCOUNTS_DIR/acl"
install -m 0644 "$CHECKOUT/deploy/mosquitto/bridgetable.conf" /etc/mosquitto/conf.d/bridgetable.conf
# the station's own login and secret only; the tables' passwords stay in $ACCOUNTS_DIR (root only)
"$PREFIX/bin/python" - "$ACCOUNTS_DIR/accounts.json" "$CONFIG_DIR/accounts.json" <<'PY'
import json, os, sys
accounts = json.load(open(sys.argv[1]))
with open(os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640), "w") as out:
    json.dump({"club": accounts["club"], "station": accounts["station"]}, out, indent=2)
PY
chown root:"$SERVICE_USER" "$CONFIG_DIR/accounts.json"
chmod 0640 "$CONFIG_DIR/accounts.json"

if install_config "$CHECKOUT/deploy/station.env.example" "$CONFIG_DIR/station.env"; then
    password="$("$PREFIX/bin/python" -c 'import secrets; print(secrets.token_urlsafe(12))')"
    sed -i "s/^BRIDGETABLE_PASSWORD=.*/BRIDGETABLE_PASSWORD=$password/" "$CONFIG_DIR/station.env"
    [ -z "$tables" ] || sed -i "s/--tables [0-9]*/--tables $tables/" "$CONFIG_DIR/station.env"
    say "the director's web password: $password (BRIDGETABLE_PASSWORD in $CONFIG_DIR/station.env)"
fi
if [ -n "$central" ]; then
    say "the station feeds the central results server at $central (its own connection, TLS)"
    install -m 0640 -o root -g "$SERVICE_USER" "$central_key" "$CONFIG_DIR/central.key"
    install -m 0640 -o root -g "$SERVICE_USER" "$central_password" "$CONFIG_DIR/central.password"
    options="--central $central --central-key $CONFIG_DIR/central.key"
    options="$options --central-password-file $CONFIG_DIR/central.password"
    if [ -n "$central_ca" ]; then
        install -m 0644 "$central_ca" "$CONFIG_DIR/central-ca.crt"
        options="$options --central-ca $CONFIG_DIR/central-ca.crt"
    fi
    # an older install bridged the club's Mosquitto to the center: the bridge goes
    rm -f /etc/mosquitto/conf.d/bridgetable-central.conf
    # the central options replace any earlier ones, at the head of STATION_OPTIONS
    sed -i -E "/^STATION_OPTIONS=/{s#--central(-key|-password-file|-ca)? [^ ']+ ?##g; s#^STATION_OPTIONS='#&$options #}" \
        "$CONFIG_DIR/station.env"
fi
install_unit bridgetable-station.service
if [ -d /run/systemd/system ]; then
    systemctl enable mosquitto
    systemctl restart mosquitto
fi

cat <<NEXT

Next steps:
  1. Each table's broker login and signing key are in $ACCOUNTS_DIR/accounts.json ("tables"):
     keep that file private (root only); show one table's:
       sudo python3 -c 'import json; print(json.load(open("$ACCOUNTS_DIR/accounts.json"))["tables"]["1"])'
  2. Before each session edit $CONFIG_DIR/station.env (SESSION, EVENT, STATION_OPTIONS: movement,
     tables, pair names), then:  sudo systemctl restart bridgetable-station
  3. Watch it:  journalctl -fu bridgetable-station; the director's pages are on port 8080
     (http://$(hostname):8080/); the ranking, travellers and table status are live.
  4. Check a table's account:
       mosquitto_sub -u table1 -P PASSWORD -t 'bridgetable/v1/CLUB/director/assign/1' -v
NEXT
