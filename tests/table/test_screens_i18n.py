"""The seat displays in the table's language (table.toml's ``[table] language``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.table.service import load_config


def _table_toml(tmp_path: Path, settings: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(f'[table]\nclub = "c"\n{settings}\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(("setting", "language"), [("", "en"), ('language = "da"', "da"),
                                                   ('language = "de-AT"', "de"), ('language = "HU"', "hu")])
def test_the_table_toml_chooses_the_language(tmp_path: Path, setting: str, language: str) -> None:
    assert load_config(_table_toml(tmp_path, setting)).language == language


@pytest.mark.parametrize("value", ['"xx"', '"sv"', "3"])
def test_an_unknown_language_is_refused_by_name_with_the_file(tmp_path: Path, value: str) -> None:
    path = _table_toml(tmp_path, f"language = {value}")
    with pytest.raises(ValueError) as error:
        load_config(path)
    message = str(error.value)
    assert message.startswith(f"{path} [table]: language: no language ")
    assert value.strip('"') in message and "da (Dansk)" in message
