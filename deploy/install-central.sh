#!/usr/bin/env bash
# bridgetable: install the federation's central results server (Debian 12): PostgreSQL, the
# central Mosquitto (a local listener for the ingest workers, TLS on 8883 for the clubs' stations,
# each club its own login and ACL), the virtualenv and the unit bridgetable-central.service.
# Idempotent: run it again to upgrade or to add clubs; it keeps the secret and the clubs' logins.
#
#     sudo deploy/install-central.sh --cert FILE --key FILE --ca FILE [--club NAME]...
#
# Each new --club gets a broker password and its key in /etc/bridgetable/clubs/NAME.{password,key}:
# give both to the club, whose deploy/install-station.sh --central uses them.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BROKER_DIR=/etc/mosquitto/bridgetable-central
clubs=() cert="" key="" ca=""
while [ $# -gt 0 ]; do
    case "$1" in
        --club) clubs+=("${2:?--club needs a name}"); shift 2 ;;
        --cert) cert="${2:?--cert needs a file}"; shift 2 ;;
        --key) key="${2:?--key needs a file}"; shift 2 ;;
        --ca) ca="${2:?--ca needs a file}"; shift 2 ;;
        -h|--help) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
for club in "${clubs[@]}"; do
    [[ "$club" =~ ^[A-Za-z0-9_.-]+$ ]] || die "--club $club: letters, digits, '.', '_' and '-' only"
done
if [ ! -r "$cert" ] || [ ! -r "$key" ] || [ ! -r "$ca" ]; then
    die "the clubs' TLS listener needs --cert, --key and --ca"
fi
require_root

apt_install python3-venv mosquitto mosquitto-clients postgresql
# shellcheck disable=SC2119
service_user
install_package station

say "the database bridgetable_central, owned by $SERVICE_USER"
runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$SERVICE_USER'" | grep -q 1 \
    || runuser -u postgres -- createuser "$SERVICE_USER"
runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'bridgetable_central'" | grep -q 1 \
    || runuser -u postgres -- createdb -O "$SERVICE_USER" bridgetable_central

if [ ! -e "$CONFIG_DIR/central.secret" ]; then
    say "a new federation secret in $CONFIG_DIR/central.secret"
    (umask 0027 && "$PREFIX/bin/python" -c 'import secrets; print(secrets.token_hex(32))' > "$CONFIG_DIR/central.secret")
fi
chown root:"$SERVICE_USER" "$CONFIG_DIR/central.secret"
chmod 0640 "$CONFIG_DIR/central.secret"

install -d -m 0750 -o root -g mosquitto "$BROKER_DIR"
install -d -m 0700 "$CONFIG_DIR/clubs"
touch "$BROKER_DIR/passwords"
for club in "${clubs[@]}"; do
    if ! grep -q "^$club:" "$BROKER_DIR/passwords"; then
        say "a login and a key for club $club in $CONFIG_DIR/clubs/"
        (umask 0077 && "$PREFIX/bin/python" -c 'import secrets; print(secrets.token_urlsafe(18))' \
            > "$CONFIG_DIR/clubs/$club.password")
        mosquitto_passwd -b "$BROKER_DIR/passwords" "$club" "$(cat "$CONFIG_DIR/clubs/$club.password")"
    fi
    (umask 0077 && "$PREFIX/bin/bridgetable" central --secret-file "$CONFIG_DIR/central.secret" \
        --club-key "$club" > "$CONFIG_DIR/clubs/$club.key")
done
cat > "$BROKER_DIR/acl" <<'ACL'
# bridgetable: each club (its login is its name) writes only its upstream topic, reads only its acks
# and the set-ups the center sends it (bridgetable central --send-setup: one topic a session)
pattern write bridgetable/v1/%u/central/up
pattern read bridgetable/v1/%u/central/ack
pattern read bridgetable/v1/%u/central/down/#
ACL
install -m 0640 "$cert" "$BROKER_DIR/server.crt"
install -m 0640 "$key" "$BROKER_DIR/server.key"
install -m 0640 "$ca" "$BROKER_DIR/ca.crt"
chown root:mosquitto "$BROKER_DIR"/*
cat > /etc/mosquitto/conf.d/bridgetable-central.conf <<CONF
# bridgetable: the central broker (deploy/install-central.sh). The ingest workers on this machine,
# the clubs' stations over TLS with their own logins.
per_listener_settings true
max_queued_messages 100000
listener 1883 127.0.0.1
allow_anonymous true
listener 8883
cafile $BROKER_DIR/ca.crt
certfile $BROKER_DIR/server.crt
keyfile $BROKER_DIR/server.key
allow_anonymous false
password_file $BROKER_DIR/passwords
acl_file $BROKER_DIR/acl
CONF

install_config "$CHECKOUT/deploy/central.env.example" "$CONFIG_DIR/central.env" || true
install_unit bridgetable-central.service
if [ -d /run/systemd/system ]; then
    systemctl enable mosquitto postgresql
    systemctl restart mosquitto
fi

cat <<NEXT

Next steps:
  1. Give each club its $CONFIG_DIR/clubs/CLUB.password and CLUB.key (and $ca); the club runs
       sudo deploy/install-station.sh --central $(hostname):8883 --central-password-file CLUB.password \\
           --central-key-file CLUB.key --central-ca ca.crt
  2. sudo systemctl restart bridgetable-central; journalctl -fu bridgetable-central
  3. The pages and the JSON API: http://$(hostname):8090/ (/api/clubs, /api/live ...)
NEXT
