"""Tests of api_breaks.py, on a captured digester report (0.6.1 -> 0.7.0) and small changelogs:
the part of the API check that decides, without running the digester.

    python3 -m unittest discover -s scripts/api-check      (or scripts/api-check.sh --self-test)
"""

import contextlib
import io
import os
import tempfile
import unittest

import api_breaks

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def read(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


# The digester's report of 0.7.0 against 0.6.1, as it printed it (build lines left out).
CAPTURED = read(os.path.join(HERE, "fixtures", "digester-0.6.1-to-0.7.0.txt"))


def changelog(unreleased: str, released: str = "") -> str:
    return (
        "# Changelog\n\nIntro naming nothing.\n\n## [Unreleased]\n\n"
        + unreleased
        + "\n## [0.7.0] - 2026-11-27\n\n"
        + released
        + "\n[0.7.0]: commit 4998a46\n"
    )


class ParsingTests(unittest.TestCase):
    def test_the_captured_report_lists_every_breakage_with_its_module_and_name(self):
        breakages, modules = api_breaks.parse_breakages(CAPTURED)
        self.assertEqual(modules, ["DispatchKitUI", "DispatchKit"])
        self.assertEqual(len(breakages), 27)
        self.assertTrue(all(b.module == "DispatchKit" for b in breakages))
        names = [b.name for b in breakages]
        self.assertIn("DispatchModule.registerServices(in:)", names)
        self.assertIn("DispatchFailure.invalidLink", names)
        self.assertIn("AppSiteAssociation.init(manifest:appIDs:domains:)", names)
        first = breakages[0]
        self.assertEqual(first.kind, "protocol")
        self.assertEqual(first.name, "DispatchModule")

    def test_no_breakage_is_a_report_too(self):
        breakages, modules = api_breaks.parse_breakages(
            "Build complete!\n\nNo breaking changes detected in DispatchKitUI\n\n"
            "No breaking changes detected in DispatchKit\n"
        )
        self.assertEqual((breakages, modules), ([], ["DispatchKitUI", "DispatchKit"]))

    def test_one_breakage_is_counted_in_the_singular(self):
        # As the digester printed a planted rename: "1 breaking change detected in DispatchKit:".
        breakages, _ = api_breaks.parse_breakages(
            "1 breaking change detected in DispatchKit:\n  💔 API breakage: func DispatchCenter.canDispatch(_:) "
            "has been renamed to func canDispatch(_:planted:)\n"
        )
        self.assertEqual([b.name for b in breakages], ["DispatchCenter.canDispatch(_:)"])

    def test_a_report_that_does_not_add_up_is_refused(self):
        # A truncated report must not pass as "fewer breaks".
        truncated = "\n".join(CAPTURED.splitlines()[:-3])
        with self.assertRaises(api_breaks.DigesterOutputError):
            api_breaks.parse_breakages(truncated)

    def test_a_failed_run_is_refused(self):
        with self.assertRaises(api_breaks.DigesterOutputError):
            api_breaks.parse_breakages("error: failed to build the baseline\n")


class AnnouncementTests(unittest.TestCase):
    def setUp(self):
        self.breakages, _ = api_breaks.parse_breakages(CAPTURED)

    def test_a_planted_unannounced_break_fails(self):
        # Every name but one is announced: exactly that one is reported.
        everything = "\n".join(f"- `{b.name}`" for b in self.breakages)
        planted = everything.replace("`DispatchURLError.missingHost`", "a web URL without a host")
        missing = api_breaks.unannounced(self.breakages, changelog(planted))
        self.assertEqual([b.name for b in missing], ["DispatchURLError.missingHost"])

    def test_names_in_a_released_section_do_not_announce(self):
        everything = "\n".join(f"- `{b.name}`" for b in self.breakages)
        missing = api_breaks.unannounced(self.breakages, changelog("- nothing yet\n", everything))
        self.assertEqual(len(missing), 27)

    def test_a_name_counts_only_whole(self):
        removed = api_breaks.Breakage("M", "struct", "RouteManifest", "struct RouteManifest has been removed")
        func = api_breaks.Breakage("M", "func", "DispatchCenter.url(for:)", "…")
        longer = changelog("- `RouteManifestError`, `DispatchCenter.url(for:as:)`, `Old.RouteManifest`\n")
        self.assertEqual(api_breaks.unannounced([removed, func], longer), [removed, func])
        exact = changelog("- moved: `RouteManifest`, and `DispatchCenter.url(for:)`.\n")
        self.assertEqual(api_breaks.unannounced([removed, func], exact), [])

    def test_a_member_is_not_announced_by_its_type(self):
        member = api_breaks.Breakage("M", "func", "DispatchCenter.routeManifest()", "…")
        self.assertEqual(api_breaks.unannounced([member], changelog("- `DispatchCenter` changed\n")), [member])

    def test_a_constructor_may_be_written_as_a_call(self):
        init = [b for b in self.breakages if b.name == "AppSiteAssociation.init(manifest:appIDs:domains:)"]
        text = changelog("- **Breaking**: `AppSiteAssociation(manifest:appIDs:domains:)` is removed\n")
        self.assertEqual(api_breaks.unannounced(init, text), [])

    def test_an_enum_case_may_be_written_with_its_payload(self):
        case = [b for b in self.breakages if b.name == "DispatchFailure.invalidLink"]
        text = changelog("- `DispatchFailure.invalidLink(activity:key:text:type:)` is new\n")
        self.assertEqual(api_breaks.unannounced(case, text), [])

    def test_the_changelog_announces_every_break_of_0_7_0_in_its_section(self):
        # The 0.7.0 entry of CHANGELOG.md, read as if it were [Unreleased], names every break the
        # digester reported between 0.6.1 and 0.7.0.
        text = read(os.path.join(ROOT, "CHANGELOG.md"))
        as_unreleased = text.replace("## [Unreleased]", "## [Was unreleased]").replace(
            "## [0.7.0]", "## [Unreleased]"
        )
        self.assertEqual(api_breaks.unannounced(self.breakages, as_unreleased), [])


class CommandTests(unittest.TestCase):
    def run_main(self, report: str, log: str, modules: tuple = ()):
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for name, text in (("report.txt", report), ("CHANGELOG.md", log)):
                paths.append(os.path.join(folder, name))
                with open(paths[-1], "w", encoding="utf-8") as file:
                    file.write(text)
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = api_breaks.main(["api_breaks.py", *paths, *modules])
            return status, out.getvalue(), err.getvalue()

    def test_each_unannounced_break_is_a_line_and_the_status_is_1(self):
        status, out, _ = self.run_main(CAPTURED, changelog("- nothing\n"))
        self.assertEqual(status, 1)
        lines = out.splitlines()
        self.assertEqual(len(lines), 27)
        self.assertIn(
            "unannounced: DispatchKit: API breakage: func DispatchModule.registerServices(in:) is now throwing",
            lines,
        )

    def test_all_announced_is_status_0(self):
        breakages, _ = api_breaks.parse_breakages(CAPTURED)
        status, out, err = self.run_main(CAPTURED, changelog("".join(f"- `{b.name}`\n" for b in breakages)))
        self.assertEqual((status, out), (0, ""))
        self.assertIn("27 breaking changes, 27 announced", err)

    def test_an_unreadable_report_is_status_2(self):
        status, _, err = self.run_main("error: no such revision\n", changelog("- nothing\n"))
        self.assertEqual(status, 2)
        self.assertIn("cannot read the digester's report", err)

    def test_a_module_missing_from_the_report_is_status_2(self):
        # The digester stopped before the last product: its silence is no "no breaking changes".
        status, _, err = self.run_main(CAPTURED, changelog("- nothing\n"), ("DispatchKit", "DispatchKitManifest"))
        self.assertEqual(status, 2)
        self.assertIn("no report for DispatchKitManifest", err)


if __name__ == "__main__":
    unittest.main()
