"""The ``dfc-plugin`` command line: ``check``, ``show`` (and, later, ``conformance``).

Every user mistake (a path that does not exist, a card that is not in the library, a
script with errors) ends in a plain message and a non-zero exit status, never a
traceback. Exit status: 0 success, 1 the command found problems, 2 the command line
itself is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from dfc_plugin import __version__
from dfc_plugin.errors import CardNotFoundError, DfcError
from dfc_plugin.script.library import Library
from dfc_plugin.script.present import card_json, card_text
from dfc_plugin.script.resources import bundled_cardscripts

__all__ = ["main"]


def _add_cache_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="where to keep the cache of read scripts (default: $DFC_PLUGIN_CACHE_DIR, "
        "else $XDG_CACHE_HOME/dfc-plugin or ~/.cache/dfc-plugin)",
    )
    parser.add_argument("--no-cache", action="store_true", help="read every script, use no cache")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dfc-plugin",
        description="Double-faced card rules for Forge-style engines: check and show Forge card "
        "scripts, and replay the official rules and rulings against an engine (conformance).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = commands.add_parser(
        "check",
        help="read card scripts and report every error",
        description="Read every card script (*.txt) in the folders and files given and report "
        "every error with its file, line and column, then a summary. Exit status 1 if any "
        "script has an error.",
    )
    check.add_argument("paths", nargs="+", metavar="PATH", help="a folder of scripts or a script file")
    check.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    check.add_argument("--no-warnings", action="store_true", help="do not list warnings (still counted)")
    _add_cache_options(check)

    show = commands.add_parser(
        "show",
        help="show a card's faces and DFC abilities",
        description="Look a card up by the name of any of its faces (a meld card's melded face "
        "included) and show its faces and DFC ability records. Looks in the bundled card "
        "scripts, or, with --library, in those folders instead.",
    )
    show.add_argument("name", metavar="NAME", help="the name of any face of the card")
    show.add_argument(
        "--library",
        action="append",
        type=Path,
        metavar="PATH",
        help="a folder or file of scripts to look in instead of the bundled ones (repeatable)",
    )
    show.add_argument("--json", action="store_true", help="print a Scryfall-style JSON card object")
    _add_cache_options(show)

    conformance = commands.add_parser(
        "conformance",
        help="replay the official rules and rulings against an engine",
        description="Run the conformance suite: every bundled scenario (the DFC rules and the official "
        "rulings, as data) against the reference engine, or against another engine's driver. Each "
        "scenario runs under every rules edition it holds for, unless --edition picks one. Prints a "
        "table per rule and the coverage per rules section; exit status 1 if any scenario fails.",
    )
    conformance.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        type=Path,
        help="scenario files or folders to add (a file named like a bundled one replaces it)",
    )
    conformance.add_argument(
        "--engine",
        metavar="MODULE:FACTORY",
        help="the driver factory of another engine, imported from the installed packages or "
        "the current directory (default: the reference engine)",
    )
    conformance.add_argument(
        "--edition", metavar="NAME", help="run only the scenarios that hold for this edition"
    )
    conformance.add_argument(
        "--known-gaps",
        type=Path,
        metavar="FILE",
        help="TOML [gaps] of scenario ids the engine is known to fail",
    )
    conformance.add_argument(
        "--only", action="store_true", help="run only the PATH scenarios, not the bundled ones"
    )
    conformance.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    conformance.add_argument("--junit-xml", type=Path, metavar="FILE", help="also write a JUnit XML report")
    conformance.add_argument(
        "--html", type=Path, metavar="FILE", help="also write a self-contained HTML report"
    )
    census = commands.add_parser(
        "census",
        help="report which ability lines the reference engine can run",
        description="For each card script, list every ability line and keyword as running or "
        "missing what it needs (an API, trigger mode, static mode, replacement event, keyword, "
        "<Api>.<Param>, or a value word); then scripts that run fully over scripts read, and the "
        "most common missing pieces. Exit status 1 only if a script can't be read.",
    )
    census.add_argument("paths", nargs="+", metavar="PATH", help="a folder of scripts or a script file")
    census.add_argument(
        "--double-faced",
        action="store_true",
        help="only double-faced scripts (AlternateMode DoubleFaced, Meld, Modal)",
    )
    census.add_argument(
        "--top", type=int, default=20, metavar="N", help="how many missing pieces to list (default 20)"
    )
    census.add_argument("--files", action="store_true", help="also list each script that doesn't run fully")
    census.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    _add_cache_options(census)
    return parser


def _library(paths: Sequence[Path], args: argparse.Namespace, fallback: Library | None = None) -> Library:
    return Library.load(list(paths), cache_dir=args.cache_dir, use_cache=not args.no_cache, fallback=fallback)


def _bundled(args: argparse.Namespace) -> Library:
    return _library([bundled_cardscripts()], args)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    # Meld partners may be found in the bundled scripts (the library every engine has).
    fallback = _bundled(args)
    library = _library(args.paths, args, fallback)
    summary = {
        "files": len(library.files),
        "cards": len(library),
        "faces": library.face_count(),
        "layouts": library.layouts(),
        "errors": [e.as_dict() for e in library.errors],
        "warnings": [w.as_dict() for w in library.warnings],
        "skipped": [str(p) for p in library.skipped],
        "cache": library.cache_warnings,
    }
    if args.json:
        json.dump(summary, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        _check_text(library, summary, out, show_warnings=not args.no_warnings)
    return 1 if library.errors else 0


def _check_text(library: Library, summary: dict[str, Any], out: TextIO, *, show_warnings: bool) -> None:
    for error in library.errors:
        out.write(error.render() + "\n")
    if show_warnings:
        for warning in library.warnings:
            out.write(warning.render().replace(": error: ", ": warning: ", 1) + "\n")
    for message in library.cache_warnings:
        out.write(f"cache: {message}\n")
    layouts = ", ".join(f"{name} {count:,}" for name, count in summary["layouts"].items())
    skipped = f"; skipped {len(library.skipped):,} files that are not .txt" if library.skipped else ""
    out.write(
        f"{summary['files']:,} files, {summary['cards']:,} cards, {summary['faces']:,} faces"
        f" ({layouts or 'none'}); {len(library.errors):,} errors, "
        f"{len(library.warnings):,} warnings{skipped}\n"
    )


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    library = _library(args.library, args) if args.library else _bundled(args)
    try:
        card = library.get(args.name)
    except CardNotFoundError as error:
        if args.json:
            json.dump({"error": str(error), "name": args.name, "suggestions": list(error.suggestions)}, out)
            out.write("\n")
        else:
            sys.stderr.write(f"dfc-plugin: {error}\n")
        return 1
    if args.json:
        json.dump(card_json(card, library), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(card_text(card, library) + "\n")
    return 0


def cmd_conformance(args: argparse.Namespace, out: TextIO) -> int:
    from dfc_plugin.conformance.driver import ReferenceDriver, load_driver_factory
    from dfc_plugin.conformance.report import run_suite
    from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios
    from dfc_plugin.editions import edition_named

    edition = edition_named(args.edition).name if args.edition else None
    factory = load_driver_factory(args.engine) if args.engine else ReferenceDriver
    gaps = load_known_gaps(args.known_gaps) if args.known_gaps else {}
    scenarios, errors = load_scenarios(args.paths, bundled=not args.only)
    report = run_suite(scenarios, factory, edition=edition, known_gaps=gaps, load_errors=errors)
    if args.junit_xml:
        args.junit_xml.write_text(report.junit_xml(), encoding="utf-8")
    if args.html:
        args.html.write_text(report.html(), encoding="utf-8")
    if args.json:
        json.dump(report.as_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(report.text() + "\n")
    return 0 if report.ok else 1


def cmd_census(args: argparse.Namespace, out: TextIO) -> int:
    from dfc_plugin.host.abilities.census import census, render_text

    library = _library(args.paths, args, _bundled(args))
    double_faced = ("DoubleFaced", "Meld", "Modal")
    cards = [c for c in library.cards() if not args.double_faced or c.alternate_mode in double_faced]
    files = [*library.files, *(library.fallback.files if library.fallback else [])]
    tokens = {Path(f.path).stem for f in files if "tokenscripts" in Path(f.path).parts}
    result = census(cards, tokens)
    if args.json:
        json.dump(result.as_dict(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(render_text(result, top=args.top, files=args.files))
    return 1 if library.errors else 0


_COMMANDS = {"check": cmd_check, "show": cmd_show, "conformance": cmd_conformance, "census": cmd_census}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    stream = out if out is not None else sys.stdout
    try:
        return _COMMANDS[args.command](args, stream)
    except DfcError as error:
        sys.stderr.write(f"dfc-plugin: {error}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("dfc-plugin: interrupted\n")
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away; say nothing more on the closed pipe.
        sys.stderr.close()
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
