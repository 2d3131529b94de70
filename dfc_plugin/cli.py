"""The ``dfc-plugin`` command line: ``check``, ``show``, ``conformance`` and ``census``.

Every user mistake (a path that does not exist, a card that is not in the library, a
script with errors) ends in a plain message and a non-zero exit status, never a
traceback. Exit status: 0 success, 1 the command found problems, 2 the command line
itself is wrong; ``conformance`` exits 5 when it played no scenario (as pytest does when
it collects no test).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from dfc_plugin import __version__
from dfc_plugin.errors import CardNotFoundError, DfcError, escape_text
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts

__all__ = ["main"]

#: ``conformance`` played no scenario (pytest's "no tests collected").
NOTHING_RAN = 5


def _edition(name: str) -> str:
    """An ``--edition`` value: a known edition's name, else a command-line error (exit 2)."""
    from dfc_plugin.editions import EDITIONS

    if name not in EDITIONS:
        known = ", ".join(sorted(EDITIONS))
        raise argparse.ArgumentTypeError(f"unknown rules edition {name!r}; known editions: {known}")
    return EDITIONS[name].name


def _jobs(text: str) -> int:
    """A ``--jobs`` value: a whole number from 1 to 64, else a command-line error (exit 2)."""
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"--jobs takes a number from 1 to 64, not {text!r}")
    return int(text)


def _report_path(text: str) -> Path:
    """A ``--junit-xml`` / ``--html`` path: refused before the run (exit 2) when the file
    could not be written there, so a long run's results are never lost at the end."""
    path = Path(text)
    folder = path.parent
    problem = ""
    if path.is_dir():
        problem = "it is a folder"
    elif not folder.is_dir():
        problem = f"its folder {str(folder)!r} does not exist"
    elif not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        problem = "it is not writable"
    if problem:
        raise argparse.ArgumentTypeError(f"cannot write a report to {text!r}: {problem}")
    return path


def _add_cache_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="where to keep the cache of read scripts (default: $DFC_PLUGIN_CACHE_DIR, "
        "else $XDG_CACHE_HOME/dfc-plugin, else %%LOCALAPPDATA%%\\dfc-plugin\\Cache on Windows, "
        "else ~/.cache/dfc-plugin)",
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
        description="Read every card script (*.txt) in the folders and files given, check every "
        "line (values, ability lines, costs, SVar references, API and keyword names, DFC rules) "
        "and report every error and warning with its file, line and column, then a summary. "
        "Meld partners are looked for in the folders given, then in the bundled scripts (a "
        "warning says when). Exit status 1 if any script or path has an error.",
    )
    check.add_argument("paths", nargs="+", metavar="PATH", help="a folder of scripts or a script file")
    check.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object instead of text: errors and warnings with severity, code, "
        "line, column, end_column, message, hint",
    )
    check.add_argument(
        "--no-warnings", action="store_true", help="in text output, do not list warnings (still counted)"
    )
    _add_cache_options(check)
    check.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N",
        help="how many processes read the scripts the cache does not have (default: one per "
        "free processor when there are at least 400; 1: read them all in this process)",
    )

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
        "table per rule and the coverage per rules section. Exit status: 0 all passed, 1 a scenario "
        "failed or the engine raised (an error), 2 a wrong command line, 5 no scenario was played.",
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
        action="append",
        default=[],
        metavar="MODULE:FACTORY",
        help="the driver factory of another engine, imported from the installed packages or "
        "the current directory, or a known name (reference, phase); repeatable: several engines "
        "run side by side and a matrix shows where they disagree (default: the reference engine)",
    )
    conformance.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="MODULE:FACTORY",
        help="run this engine too, beside the --engine ones (or the reference engine), and print "
        "the matrix (repeatable)",
    )
    conformance.add_argument(
        "--library",
        action="append",
        default=[],
        type=Path,
        metavar="PATH",
        help="a folder of card scripts the scenarios may use, besides the bundled ones (repeatable; "
        "drivers that take card folders receive them)",
    )
    from dfc_plugin.editions import EDITIONS

    conformance.add_argument(
        "--edition",
        metavar="NAME",
        type=_edition,
        help="run only the scenarios that hold for this rules edition: " + ", ".join(sorted(EDITIONS)),
    )
    conformance.add_argument(
        "--known-gaps",
        type=Path,
        metavar="FILE",
        help="TOML [gaps] of scenario ids the engine is known to fail (default: the gaps its driver "
        "ships, e.g. phase's)",
    )
    conformance.add_argument(
        "--only", action="store_true", help="run only the PATH scenarios, not the bundled ones"
    )
    conformance.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    conformance.add_argument(
        "--junit-xml", type=_report_path, metavar="FILE", help="also write a JUnit XML report"
    )
    conformance.add_argument(
        "--html", type=_report_path, metavar="FILE", help="also write a self-contained HTML report"
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
    if out is sys.stdout:
        # A process that loads, prints and exits: the cycle collector has nothing to
        # find in what a load makes (outlines, rows, diagnostics: no cycles), and walking
        # those objects again and again as they are made was a fifth of a cached check.
        import gc

        gc.disable()
    # A meld partner missing from the folders checked may be found in the bundled
    # scripts (the library every engine has); a warning then says so.
    # They are read only when a partner is missing.
    library = Library.load(
        list(args.paths),
        cache_dir=args.cache_dir,
        use_cache=not args.no_cache,
        fallback=lambda: _bundled(args),
        keep_going=True,
        workers=args.jobs,
    )
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
        # ensure_ascii: a file name that is not UTF-8 is written as JSON escapes.
        json.dump(summary, out, indent=2)
        out.write("\n")
    else:
        _check_text(library, summary, out, show_warnings=not args.no_warnings)
    return 1 if library.errors else 0


def _check_text(library: Library, summary: dict[str, Any], out: TextIO, *, show_warnings: bool) -> None:
    shown = library.errors + library.warnings if show_warnings else library.errors
    for problem in sorted(shown, key=lambda p: (p.path, p.line, p.column)):
        out.write(problem.render() + "\n")
    for message in library.cache_warnings:
        out.write(f"cache: {escape_text(message)}\n")
    layouts = ", ".join(f"{name} {count:,}" for name, count in summary["layouts"].items())
    skipped = f"; skipped {len(library.skipped):,} files that are not .txt" if library.skipped else ""
    out.write(
        f"{summary['files']:,} files, {summary['cards']:,} cards, {summary['faces']:,} faces"
        f" ({layouts or 'none'}); {len(library.errors):,} errors, "
        f"{len(library.warnings):,} warnings{skipped}\n"
    )


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    from dfc_plugin.script.present import card_json, card_text, scripts_with_errors_named

    library = _library(args.library, args) if args.library else _bundled(args)
    try:
        card = library.get(args.name)
    except CardNotFoundError as error:
        broken = scripts_with_errors_named(library, args.name)
        if broken:
            return _show_broken(args, broken, out)
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


def _show_broken(args: argparse.Namespace, broken: list[tuple[str, list[Any]]], out: TextIO) -> int:
    """A card whose script is there but has errors: say so, with the errors."""
    message = f"the script of {args.name!r} has errors, so the card is not in the library"
    if args.json:
        scripts = [{"path": path, "errors": [e.as_dict() for e in errors]} for path, errors in broken]
        json.dump({"error": message, "name": args.name, "scripts": scripts}, out)
        out.write("\n")
    else:
        sys.stderr.write(f"dfc-plugin: {message}:\n")
        for _, errors in broken:
            sys.stderr.writelines(error.render() + "\n" for error in errors)
    return 1


def cmd_conformance(args: argparse.Namespace, out: TextIO) -> int:
    from dfc_plugin.conformance.driver import driver_name, load_driver_factory, with_libraries
    from dfc_plugin.conformance.report import run_suite
    from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios

    edition = args.edition
    specs = (args.engine or ["reference"]) + args.compare
    for folder in args.library:
        if not folder.is_dir():
            raise DfcError(f"--library {folder}: not a folder of card scripts")
    loaded = [load_driver_factory(spec) for spec in specs]
    factories = [with_libraries(factory, args.library) for factory in loaded]
    if len(factories) > 1 and args.known_gaps:
        raise DfcError("--known-gaps is for one engine; with several, each uses the gaps its driver ships")
    # A driver may ship its own known gaps (``known_gaps``, a path); --known-gaps replaces them.
    shipped = [getattr(factory, "known_gaps", None) for factory in loaded]
    gap_files = [args.known_gaps] if args.known_gaps else [Path(s) if s else None for s in shipped]
    all_gaps = [load_known_gaps(file) if file else {} for file in gap_files]
    scenarios, errors = load_scenarios(args.paths, bundled=not args.only)
    if len(factories) > 1:
        reports = [
            run_suite(scenarios, f, edition=edition, known_gaps=g, load_errors=errors, engine=driver_name(f))
            for f, g in zip(factories, all_gaps, strict=True)
        ]
        return _conformance_matrix(reports, args, out)
    gaps = all_gaps[0]
    factory = factories[0]
    report = run_suite(
        scenarios, factory, edition=edition, known_gaps=gaps, load_errors=errors, engine=driver_name(factory)
    )
    if args.json:
        json.dump(report.as_json(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(report.text() + "\n")
        _write_unsupported(report, out)
    for path, render in ((args.junit_xml, report.junit_xml), (args.html, report.html)):
        if path is not None:
            try:
                path.write_text(render(), encoding="utf-8")
            except OSError as error:  # checked before the run; the folder changed since
                sys.stderr.write(f"dfc-plugin: cannot write {path}: {error.strerror}\n")
                return 1
    if not report.executed and not report.errors:
        sys.stderr.write("dfc-plugin: no scenario was played\n")
        return NOTHING_RAN
    return 0 if report.ok else 1


def _write_unsupported(report: Any, out: TextIO) -> None:
    from dfc_plugin.conformance.matrix import unsupported_summary

    lines = unsupported_summary(report)
    if lines:
        out.write("\n" + "\n".join(lines) + "\n")


def _conformance_matrix(reports: list[Any], args: argparse.Namespace, out: TextIO) -> int:
    """Several engines' reports as one matrix (text or JSON; HTML and JUnit XML files)."""
    from xml.etree import ElementTree as ET

    from dfc_plugin.conformance.matrix import matrix

    table = matrix(reports)
    if args.junit_xml:
        suites = ET.Element("testsuites")
        for report in reports:
            written = ET.fromstring(report.junit_xml())
            suites.extend(list(written) if written.tag == "testsuites" else [written])
        args.junit_xml.write_text(ET.tostring(suites, encoding="unicode", xml_declaration=True), "utf-8")
    if args.html:
        args.html.write_text(table.html_page(), encoding="utf-8")
    if args.json:
        data = {"matrix": table.as_json(), "reports": [r.as_json() for r in reports]}
        json.dump(data, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        for report in reports:
            out.write(report.text() + "\n\n")
        out.write(table.text() + "\n")
    return 0 if all(r.ok for r in reports) else 1




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
