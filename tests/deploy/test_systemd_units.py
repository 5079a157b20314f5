"""The unit files in systemd/: checked by systemd itself, their command lines by the real parser."""

import configparser
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from bridgetable.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "systemd"
INSTALLED = "/opt/bridgetable/bin/bridgetable"


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNITS / name)
    return parser


def test_units_pass_systemd_analyze_verify(tmp_path):
    """systemd's own check, the installed program's path swapped for a real executable; it reports
    unknown keys and bad values on stderr (its exit code stays 0 for those)."""
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is missing: deploy/debian-packages.sh installs it (make test runs that)"
    executable = Path(sys.executable).with_name("bridgetable")
    for path in UNITS.glob("*.service"):
        (tmp_path / path.name).write_text(path.read_text().replace(INSTALLED, str(executable)))
    units = sorted(str(p) for p in tmp_path.glob("*.service"))
    assert len(units) == 3
    run = subprocess.run([analyze, "verify", *units], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stderr == "", run.stderr


def test_table_unit_runs_the_table_as_its_own_user_with_the_pi_devices():
    service = unit("bridgetable-table.service")["Service"]
    argv = shlex.split(service["ExecStart"])
    assert argv[0] == INSTALLED
    args = build_parser().parse_args(argv[1:])
    assert args.command == "table" and args.config == "/etc/bridgetable/table.toml" and not args.sim
    assert service["User"] == "bridgetable" and service["Restart"] == "always"
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "i2c", "dialout"}
    assert service["StateDirectory"] == "bridgetable"
    assert service["DevicePolicy"] == "closed" and "PrivateDevices" not in service
    lines = (UNITS / "bridgetable-table.service").read_text().splitlines()
    allowed = [line.split("=", 1)[1] for line in lines if line.startswith("DeviceAllow=")]
    assert allowed == ["char-gpiochip rw", "char-i2c rw", "char-ttyACM rw"]
    assert unit("bridgetable-table.service")["Unit"]["After"] == "network-online.target"


def test_station_unit_expands_station_env_into_the_real_parser(tmp_path):
    """Run the station unit's ExecStart as systemd would (its $$ is sh's $), with the example
    environment file, and the program swapped for one that parses its arguments with the real
    parser: every option of station.env.example arrives, pair names with their spaces."""
    config = unit("bridgetable-station.service")
    assert set(config["Unit"]["After"].split()) >= {"mosquitto.service"}
    assert "mosquitto.service" in config["Unit"]["Wants"].split()
    service = config["Service"]
    assert service["EnvironmentFile"] == "/etc/bridgetable/station.env"
    assert service["User"] == "bridgetable" and service["StateDirectory"] == "bridgetable"
    shim = tmp_path / "bridgetable"
    shim.write_text(f"#!{sys.executable}\nimport json, sys\nfrom bridgetable.cli import build_parser\n"
                    "print(json.dumps(vars(build_parser().parse_args(sys.argv[1:])), default=str))\n")
    shim.chmod(0o755)
    argv = [word.replace("$$", "$").replace(INSTALLED, str(shim))
            for word in shlex.split(service["ExecStart"])]
    environment = example_environment()
    assert "BRIDGETABLE_PASSWORD" in environment
    run = subprocess.run(argv, env={"PATH": os.environ["PATH"], **environment}, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    args = json.loads(run.stdout)
    assert args["command"] == "station"
    assert args["accounts"] == environment["ACCOUNTS"] and args["session"] == environment["SESSION"]
    assert args["event"] == "Tuesday pairs" and args["store"] == environment["STORE"]
    assert args["broker"] == "127.0.0.1:1883" and args["listen"] == "0.0.0.0" and args["port"] == 8080
    assert args["password"] == environment["BRIDGETABLE_PASSWORD"]  # from the environment, not argv
    assert args["movement"] == "mitchell" and args["tables"] == 4 and args["scoring"] == "MP"
    assert args["pair"] == ["1=Ann Berg & Bo Dahl", "2=Cai Eng & Dan Falk"]


def example_environment() -> dict[str, str]:
    """station.env.example's variables as a shell reads them (the file is valid for both)."""
    script = 'set -a; . "$1"; set +a; exec env -0'
    run = subprocess.run(["bash", "-c", script, "bash", str(ROOT / "deploy" / "station.env.example")],
                         env={"PATH": os.environ["PATH"]}, capture_output=True, text=True, check=True)
    lines = (ROOT / "deploy" / "station.env.example").read_text().splitlines()
    names = {line.split("=", 1)[0] for line in lines if line and not line.startswith("#")}
    pairs = (entry.split("=", 1) for entry in run.stdout.split("\0") if entry)
    return {name: value for name, value in pairs if name in names}
