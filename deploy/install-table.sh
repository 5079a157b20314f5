#!/usr/bin/env bash
# bridgetable: install a table unit on a Raspberry Pi (Raspberry Pi OS / Debian 12). Idempotent:
# run it again after `git pull` to upgrade; it never overwrites /etc/bridgetable/table.toml.
#
#     sudo deploy/install-table.sh --table 3 --club myclub
#
# Installs python3-venv and i2c-tools, enables I2C and the serial port
# (raspi-config, where present), creates the user bridgetable (groups gpio, i2c, dialout), the
# virtualenv /opt/bridgetable with bridgetable[pi], /etc/bridgetable/table.toml and pinmap.toml
# (from deploy/table.toml.example and hardware/pinmap.toml) and the unit bridgetable-table.service.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

table="" club=""
while [ $# -gt 0 ]; do
    case "$1" in
        --table) table="${2:?--table needs a number}"; shift 2 ;;
        --club) club="${2:?--club needs a name}"; shift 2 ;;
        -h|--help) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
[ -z "$table" ] || [[ "$table" =~ ^[1-9][0-9]*$ ]] || die "--table $table: a table number (1, 2, ...)"
require_root

apt_install python3-venv i2c-tools
if command -v raspi-config >/dev/null; then
    say "enabling I2C and the serial port (raspi-config)"
    raspi-config nonint do_i2c 0
    # the UART for seat modules on the header, without a login console on it
    if ! { raspi-config nonint do_serial_hw 0 && raspi-config nonint do_serial_cons 1; } 2>/dev/null; then
        raspi-config nonint do_serial 2  # an older raspi-config: hardware on, console off
    fi
else
    say "no raspi-config: enable I2C and the serial port yourself if this is a Pi"
fi

service_user gpio i2c dialout
install_package pi
if install_config "$CHECKOUT/deploy/table.toml.example" "$CONFIG_DIR/table.toml"; then
    [ -z "$table" ] || sed -i -e "s/^table = .*/table = \"$table\"/" \
        -e "s/^accounts = .*/accounts = \"table-$table.json\"/" "$CONFIG_DIR/table.toml"
    [ -z "$club" ] || sed -i "s/^club = .*/club = \"$club\"/" "$CONFIG_DIR/table.toml"
fi
install_config "$CHECKOUT/hardware/pinmap.toml" "$CONFIG_DIR/pinmap.toml" || true
install_unit bridgetable-table.service

cat <<NEXT

Next steps:
  1. Edit $CONFIG_DIR/table.toml: club, table, and in [link] the station's host; copy this
     table's entry of the station's accounts.json to $CONFIG_DIR/table-${table:-N}.json (owner
     $SERVICE_USER, mode 0600; see the comments in table.toml). The session and the boards come
     from the station's assignments.
  2. Check $CONFIG_DIR/pinmap.toml against the wiring (hardware/WIRING.md); i2cdetect -y 1
     shows the display multiplexer at 0x70. A reboot applies the I2C and serial settings.
  3. Optional: enrol an RFID deck:
       sudo -u $SERVICE_USER $PREFIX/bin/bridgetable enrol-deck /dev/ttyACM0 $CONFIG_DIR/deck.json
  4. Start it and watch it:  sudo systemctl restart bridgetable-table; journalctl -fu bridgetable-table
NEXT
