"""The compiled tables and locales: equal to what validating and parsing the files gives, used
only for the bytes they were compiled from, and what lets a start skip pydantic and tomllib."""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from agent_avenue.data import (
    AGENTS_FILE,
    MARKET_FILE,
    DataError,
    compiled_tables,
    load_rules,
    loading,
    tables,
)
from agent_avenue.engine.rules import Rules
from agent_avenue.i18n import LANGUAGES, catalogue, language, set_language, sources, t

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
TOOL = ROOT / "tools" / "compile_data.py"
REPO_DATA = ROOT / "data"
REGENERATE = "stale: run `python tools/compile_data.py` and commit what it writes"


def _shipped_bytes() -> tuple[bytes, bytes]:
    """The bytes of the repository's two data files."""
    return (REPO_DATA / AGENTS_FILE).read_bytes(), (REPO_DATA / MARKET_FILE).read_bytes()


def _validated(agents: Path, market: Path) -> Rules:
    """The Rules of two files through the full (pydantic) validation."""
    return tables.validate_rules(agents, agents.read_bytes(), market, market.read_bytes())


def _copy_data(directory: Path, agents_text: str | None = None) -> tuple[Path, Path]:
    """Copies of both data files in `directory` (agents.toml replaced by `agents_text`)."""
    agents, market = directory / AGENTS_FILE, directory / MARKET_FILE
    agents.write_bytes(
        (REPO_DATA / AGENTS_FILE).read_bytes() if agents_text is None else agents_text.encode()
    )
    market.write_bytes((REPO_DATA / MARKET_FILE).read_bytes())
    return agents, market


def _edit(text: str, old: str, new: str) -> str:
    """Replace exactly one occurrence of `old`, so a test cannot silently edit nothing."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The agents file of every full validation load_rules runs from now on."""
    seen: list[Path] = []
    real = tables.validate_rules

    def spy(agents: Path, agents_bytes: bytes, market: Path, market_bytes: bytes) -> Rules:
        seen.append(agents)
        return real(agents, agents_bytes, market, market_bytes)

    monkeypatch.setattr(tables, "validate_rules", spy)
    return seen


@pytest.fixture
def fresh_catalogue() -> Iterator[None]:
    """catalogue()'s cache emptied before and after the test."""
    catalogue.cache_clear()
    yield
    catalogue.cache_clear()


# The compiled modules match their files ----------------------------------------------------------


def test_the_compiled_tables_equal_the_full_validation_of_the_shipped_files() -> None:
    """compiled_tables.rules() is what pydantic validation builds, version included."""
    agents_bytes, market_bytes = _shipped_bytes()
    assert loading.source_digest(agents_bytes, market_bytes) == compiled_tables.SOURCE_DIGEST, (
        f"compiled_tables.py is {REGENERATE}"
    )
    validated = _validated(REPO_DATA / AGENTS_FILE, REPO_DATA / MARKET_FILE)
    compiled = compiled_tables.rules()
    assert compiled == validated, f"compiled_tables.py is {REGENERATE}"
    assert compiled.version == validated.version == compiled_tables.SOURCE_DIGEST[:12]
    # Dataclass equality compares classes too, but check the nested values' types directly.
    assert [type(card.effect) for card in compiled.market] == [
        type(card.effect) for card in validated.market
    ]
    assert [tuple(map(type, a.icons)) for a in compiled.agents] == [
        tuple(map(type, a.icons)) for a in validated.agents
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_compiled_locale_equals_its_file_parsed(code: str) -> None:
    """compiled/<code>.py has the locale file's digest and exactly its strings, in order."""
    module = importlib.import_module(f"{sources.COMPILED_PACKAGE}.{code}")
    content = sources.locale_path(code).read_bytes()
    assert sources.locale_digest(content) == module.SOURCE_DIGEST, f"{code}.py is {REGENERATE}"
    parsed = sources.parse_locale(content)
    assert list(module.STRINGS.items()) == list(parsed.items()), f"{code}.py is {REGENERATE}"


def test_parse_locale_flattens_the_toml_as_tomllib_reads_it() -> None:
    """The parser the compiler and the fallback share gives tomllib's table, flattened."""
    content = sources.locale_path("en").read_bytes()
    table = tomllib.loads(content.decode("utf-8"))
    assert sources.parse_locale(content)["start.title"] == table["start"]["title"]
    assert len(sources.parse_locale(content)) > 900


def test_compile_data_check_finds_nothing_stale() -> None:
    """`tools/compile_data.py --check` on the committed files: exit 0, nothing named."""
    done = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""


def _compile_data_module() -> ModuleType:
    """tools/compile_data.py imported as a module."""
    spec = importlib.util.spec_from_file_location("compile_data", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compile_data_check_names_stale_modules_and_writing_fixes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--check names an edited module and a leftover language and writes nothing; without
    --check the tool rewrites the one and deletes the other, and --check is then quiet."""
    tool = _compile_data_module()
    compiled_dir = tmp_path / "compiled"
    compiled_dir.mkdir()
    for code in LANGUAGES:
        (compiled_dir / f"{code}.py").write_bytes(
            (SRC / "agent_avenue" / "i18n" / "compiled" / f"{code}.py").read_bytes()
        )
    tables_module = tmp_path / "compiled_tables.py"
    tables_module.write_bytes(Path(compiled_tables.__file__).read_bytes())
    edited = compiled_dir / "fr.py"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Taupe", "Rat"), "utf-8")
    (compiled_dir / "xx.py").write_text('"""A language the game no longer has."""\n', "utf-8")
    monkeypatch.setattr(tool, "LOCALES_MODULES", compiled_dir)
    monkeypatch.setattr(tool, "TABLES_MODULE", tables_module)

    assert tool.main(["--check"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"stale: {edited}", f"stale: {compiled_dir / 'xx.py'}"]
    assert "Rat" in edited.read_text(encoding="utf-8")

    assert tool.main([]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {edited}",
        f"deleted {compiled_dir / 'xx.py'}",
    ]
    assert edited.read_bytes() == (SRC / "agent_avenue/i18n/compiled/fr.py").read_bytes()
    assert tool.main(["--check"]) == 0
    assert capsys.readouterr().out == ""


# Other bytes are validated in full --------------------------------------------------------------


def test_the_shipped_bytes_anywhere_skip_the_validation(
    tmp_path: Path, validations: list[Path]
) -> None:
    """Copies of the shipped files give the compiled Rules without validating them again."""
    rules = load_rules(*_copy_data(tmp_path))
    assert validations == []
    assert rules == compiled_tables.rules()
    assert rules.version == compiled_tables.SOURCE_DIGEST[:12]


def test_a_changed_good_file_is_validated_and_gives_the_change(
    tmp_path: Path, validations: list[Path]
) -> None:
    """An agent renamed in a copy goes through pydantic and shows in the Rules."""
    text = (REPO_DATA / AGENTS_FILE).read_text(encoding="utf-8")
    agents, market = _copy_data(
        tmp_path, _edit(text, 'id = "mole"\nname = "Mole"', 'id = "mole"\nname = "Mole Man"')
    )
    rules = load_rules(agents, market)
    assert validations == [agents]
    assert rules.agent_by_id["mole"].name == "Mole Man"
    assert rules.version == loading.source_digest(agents.read_bytes(), market.read_bytes())[:12]
    assert rules.version != compiled_tables.SOURCE_DIGEST[:12]
    assert rules == _validated(agents, market)


def test_a_changed_bad_file_raises_todays_data_error(
    tmp_path: Path, validations: list[Path]
) -> None:
    """An unknown field in a copy is the same one-sentence DataError as ever."""
    text = (REPO_DATA / AGENTS_FILE).read_text(encoding="utf-8")
    agents, market = _copy_data(
        tmp_path, _edit(text, 'name = "Mole"\n', 'name = "Mole"\ncolour = "brown"\n')
    )
    with pytest.raises(DataError) as caught:
        load_rules(agents, market)
    assert validations == [agents]
    assert (
        str(caught.value) == f'{agents}: agents[7] (id "mole") field colour is not a known field.'
    )
    assert type(caught.value) is loading.DataError is tables.DataError


def test_a_digest_that_does_not_match_means_a_full_validation(
    monkeypatch: pytest.MonkeyPatch, validations: list[Path]
) -> None:
    """If the compiled digest is not the files', the shipped files are validated, not trusted."""
    monkeypatch.setattr(compiled_tables, "SOURCE_DIGEST", "0" * 64)
    rules = load_rules(REPO_DATA / AGENTS_FILE, REPO_DATA / MARKET_FILE)
    assert validations == [REPO_DATA / AGENTS_FILE]
    assert rules == _validated(REPO_DATA / AGENTS_FILE, REPO_DATA / MARKET_FILE)


def test_without_the_compiled_module_the_files_are_validated(
    monkeypatch: pytest.MonkeyPatch, validations: list[Path]
) -> None:
    """A missing compiled module (not generated yet) costs a validation, not a crash."""
    import agent_avenue.data as data_package

    # What a checkout before its first compile_data run has: no such module to import.
    monkeypatch.delattr(data_package, "compiled_tables", raising=False)
    monkeypatch.setitem(sys.modules, loading.COMPILED_MODULE, None)
    rules = load_rules(REPO_DATA / AGENTS_FILE, REPO_DATA / MARKET_FILE)
    assert validations == [REPO_DATA / AGENTS_FILE]
    assert rules == compiled_tables.rules()


# Other locale bytes are parsed ------------------------------------------------------------------


@pytest.fixture
def locales(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_catalogue: None
) -> Iterator[Path]:
    """A copy of the locale files that catalogue() reads instead of the package's; English."""
    for code in LANGUAGES:
        (tmp_path / f"{code}.toml").write_bytes(sources.locale_path(code).read_bytes())
    monkeypatch.setattr(sources, "LOCALES_DIR", tmp_path)
    previous = language()
    set_language("en")
    yield tmp_path
    set_language(previous)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The bytes of every locale file parsed with tomllib from now on."""
    seen: list[bytes] = []
    real = sources.parse_locale

    def spy(content: bytes) -> dict[str, str]:
        seen.append(content)
        return real(content)

    monkeypatch.setattr(sources, "parse_locale", spy)
    return seen


def test_an_unchanged_locale_file_is_not_parsed(locales: Path, parses: list[bytes]) -> None:
    """The shipped bytes give the compiled strings, as a copy catalogue() may change freely."""
    strings = catalogue("fr")
    assert parses == []
    assert strings == importlib.import_module("agent_avenue.i18n.compiled.fr").STRINGS
    assert strings is not importlib.import_module("agent_avenue.i18n.compiled.fr").STRINGS


def test_a_changed_locale_file_is_parsed_and_shows(locales: Path, parses: list[bytes]) -> None:
    """An edited string is parsed from the file and is what t() gives."""
    english = locales / "en.toml"
    text = english.read_text(encoding="utf-8")
    english.write_text(_edit(text, 'title = "AGENT AVENUE"', 'title = "AGENT ALLEY"'), "utf-8")
    assert t("start.title") == "AGENT ALLEY"
    assert parses == [english.read_bytes()]


def test_a_locale_file_with_crlf_gives_the_same_strings(locales: Path, parses: list[bytes]) -> None:
    """Windows line ends are read as the text reading did before: the same strings."""
    english = locales / "en.toml"
    english.write_bytes(english.read_bytes().replace(b"\n", b"\r\n"))
    assert catalogue("en") == importlib.import_module("agent_avenue.i18n.compiled.en").STRINGS
    assert len(parses) == 1


def test_a_broken_locale_file_fails_as_tomllib_does(locales: Path) -> None:
    """A changed file that is not TOML raises tomllib's error, as before compiling."""
    (locales / "nl.toml").write_text('[start]\ntitle = "unterminated\n', "utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):
        catalogue("nl")


def test_a_language_without_a_compiled_module_is_parsed(locales: Path, parses: list[bytes]) -> None:
    """A locale file with no compiled module (a new language) is parsed from its TOML."""
    (locales / "xx.toml").write_text('[start]\ntitle = "Agent Avenue, xx"\n', "utf-8")
    assert catalogue("xx") == {"start.title": "Agent Avenue, xx"}
    assert len(parses) == 1


def test_an_unknown_language_still_has_no_file(fresh_catalogue: None) -> None:
    """As before, a language with no locale file raises FileNotFoundError."""
    with pytest.raises(FileNotFoundError):
        catalogue("zz")


# What a start imports ---------------------------------------------------------------------------

HEAVY = ("pydantic", "pydantic_core", "tomllib", "importlib.resources", "importlib.metadata")


def test_loading_the_rules_and_a_string_imports_no_validation_or_parsing_library() -> None:
    """In a fresh process, load_rules() and t() import neither pydantic nor tomllib nor
    importlib's resources or metadata (nor the pydantic tables module)."""
    code = (
        "import sys\n"
        "import agent_avenue.data, agent_avenue.i18n\n"
        "agent_avenue.data.load_rules()\n"
        "assert agent_avenue.i18n.t('start.title') == 'AGENT AVENUE'\n"
        f"heavy = [m for m in {(*HEAVY, 'agent_avenue.data.tables')!r} if m in sys.modules]\n"
        "assert heavy == [], heavy\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_compile_data_writes_a_lazy_packages_names_from_its_imports(tmp_path: Path) -> None:
    """Below the mark: `__all__` (every name imported above, constants first) and the lazy
    table (each name imported under TYPE_CHECKING, and its module); the old end is replaced."""
    tool = _compile_data_module()
    init = tmp_path / "__init__.py"
    head = (
        '"""A package."""\n\nfrom typing import TYPE_CHECKING\n\n'
        "from pkg.light import LIMIT, light\n\n"
        "if TYPE_CHECKING:\n    from pkg.heavy import Heavy, make\n\n"
    )
    init.write_text(f"{head}{tool.GENERATED_MARK}__all__ = ['stale']\n", encoding="utf-8")
    text = tool.lazy_init_source(init, "pkg")
    assert text.startswith(head + tool.GENERATED_MARK)
    assert "'stale'" not in text
    assert "__all__ = ['LIMIT', 'Heavy', 'light', 'make']" in text
    assert "    'Heavy': 'heavy',\n    'make': 'heavy',\n}" in text
    assert "light'" not in text.partition("_HOMES")[2]
