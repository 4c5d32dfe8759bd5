"""`agent-avenue host --web` on the command line: bad values are one sentence and status 2,
the defaults are the web page's documented limits, and the host says where the page is."""

from __future__ import annotations

import pytest

from agent_avenue.cli import host
from agent_avenue.cli.commands import main
from agent_avenue.web import limits


@pytest.mark.parametrize("value", ["0", "33", "many", "-1", "1e3"])
def test_a_bad_number_of_web_sessions_is_one_sentence(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--web-sessions takes 1 to 32."""
    assert main(["--lang", "en", "host", "--web", "--web-sessions", value]) == 2
    err = capsys.readouterr().err
    assert "is not a number of web sessions: give a whole number from 1 to 32" in err


def test_a_bad_web_port_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    """--web PORT is a port like --port."""
    assert main(["--lang", "en", "host", "--web", "99999"]) == 2
    assert "'99999' is not a port" in capsys.readouterr().err


def test_web_and_a_seat_at_this_terminal_are_refused(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--web with --seat: one sentence, status 2, nothing served."""
    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    status = main(["--lang", "en", "host", "--web", "--seat", "green", "--new"])
    assert status == 2
    assert "use one of them" in capsys.readouterr().err


def test_the_command_line_defaults_are_the_documented_limits() -> None:
    """host.py's defaults and agent_avenue.web.limits agree."""
    assert host.DEFAULT_WEB_PORT == limits.DEFAULT_WEB_PORT == 8766
    assert host.DEFAULT_SESSIONS == limits.DEFAULT_SESSIONS == 8
    assert host.MAX_SESSIONS == limits.MAX_SESSIONS == 32
