#!/usr/bin/env python3
"""Checks the example app's Xcode project file on Linux, with the `pbxproj` parser from PyPI.

    scripts/check-xcode-project.py [--self-test]      (from the root of a checkout)

Reads Examples/Shop/Shop.xcodeproj/project.pbxproj and checks, for the app targets Shop and
ShopUIKit:
- sources: every .swift file under Examples/Shop/Routes is in both targets' Sources build phase,
  every one under Shop/ in Shop's and under ShopUIKit/ in ShopUIKit's, and no other; every file the
  project references exists on disk;
- the package: one package reference, local (XCLocalSwiftPackageReference), whose relativePath
  resolves to the checkout's root (the directory of this Package.swift);
- products: each target depends on and links DispatchKit, DispatchKitEvents and DispatchKitUI from
  that reference, the SwiftUI app DispatchKitSwiftUI too (the UIKit app must not pay for it), and
  only library products of Package.swift;
- deployment targets: each target's (in every configuration) is the package's iOS version, but
  for the documented exception below;
- the entitlements file exists and declares `applinks:` for the domain of Routes/ShopLinks.swift,
  which the apple-app-site-association file is generated for, and `aps-environment`, without
  which the app gets no push token;
- the Info.plist file exists and its URL types declare the scheme of Routes/ShopLinks.swift.
With --self-test, it then plants violations in a copy of the example (a Routes file removed from
ShopUIKit's build phase, a Swift file the project lacks, a referenced file deleted, a deployment target, the package path, a
product, the entitlements' domain, the push entitlement, the URL scheme) and fails unless each one is reported.
Exit status: 0 when clean, 1 on a problem, 2 when the parser is missing.
"""
import pathlib
import plistlib
import re
import shutil
import sys
import tempfile

try:
    from pbxproj import XcodeProject
except ImportError:
    print("check-xcode-project: the pbxproj package is missing (python3 -m pip install pbxproj)", file=sys.stderr)
    sys.exit(2)

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = pathlib.Path("Examples/Shop")
PROJECT = pathlib.Path("Shop.xcodeproj/project.pbxproj")
# Which folders' Swift files each target compiles.
TARGET_FOLDERS = {"Shop": ["Routes", "Shop"], "ShopUIKit": ["Routes", "ShopUIKit"]}
LINKED_PRODUCTS = {
    "Shop": {"DispatchKit", "DispatchKitEvents", "DispatchKitUI", "DispatchKitSwiftUI"},
    "ShopUIKit": {"DispatchKit", "DispatchKitEvents", "DispatchKitUI"},
}
# The one exception to the package's deployment target: a SwiftUI `App` and `onOpenURL` (the intake
# of DispatchKitSwiftUI's dispatchOpenedURLs(to:)) need iOS 14.
DEPLOYMENT_EXCEPTIONS = {"Shop": "14.0"}


def package_facts(root):
    """The package's iOS deployment target and library products, read from its Package.swift."""
    text = (root / "Package.swift").read_text()
    version = re.search(r"\.iOS\(\.v(\d+)(?:_(\d+))?\)", text)
    ios = f"{version.group(1)}.{version.group(2) or 0}" if version else None
    libraries = set(re.findall(r'\.library\(\s*name:\s*"([^"]+)"', text))
    name = re.search(r'Package\(\s*name:\s*"([^"]+)"', text)
    return ios, libraries, name.group(1) if name else None


def shop_links(example):
    """The scheme and the universal-link domain the routes declare (Routes/ShopLinks.swift)."""
    text = (example / "Routes" / "ShopLinks.swift").read_text()
    scheme = re.search(r'static let scheme = "([^"]+)"', text)
    domain = re.search(r'static let domain = "([^"]+)"', text)
    return scheme and scheme.group(1), domain and domain.group(1)


def check(root):
    """Every problem found in the example under `root`, as a line each."""
    problems = []
    example = root / EXAMPLE
    project_dir = example  # the folder that holds Shop.xcodeproj: the project's source root
    project = XcodeProject.load(str(example / PROJECT))
    objects = project.objects
    ios, libraries, package_name = package_facts(root)
    scheme, domain = shop_links(example)
    if ios is None:
        problems.append("Package.swift: no .iOS(.vN) platform")
    if not scheme or not domain:
        problems.append("Routes/ShopLinks.swift: no scheme or domain")

    # Where each file reference points: its group chain, from the project's folder.
    parents = {}
    for group in objects.get_objects_in_section("PBXGroup"):
        for child in group.children:
            parents[child] = group

    def path_of(reference):
        parts, node = [], reference
        while node is not None:
            tree = node["sourceTree"] if "sourceTree" in node else "<group>"
            if "path" in node:
                parts.append(node["path"])
            if tree == "SOURCE_ROOT":
                break
            if tree not in ("<group>",):
                return None  # built products and SDK files are not ours to find
            node = parents.get(node.get_id())
        return project_dir.joinpath(*reversed(parts))

    for reference in objects.get_objects_in_section("PBXFileReference"):
        path = path_of(reference)
        if path is not None and not path.exists():
            problems.append(f"the project references {path.relative_to(root)}, which does not exist")

    # The package reference.
    locals_ = objects.get_objects_in_section("XCLocalSwiftPackageReference")
    remotes = objects.get_objects_in_section("XCRemoteSwiftPackageReference")
    if remotes:
        problems.append(f"{len(remotes)} remote package reference(s): the example uses the checkout's package")
    if len(locals_) != 1:
        problems.append(f"{len(locals_)} local package references, not 1")
    for reference in locals_:
        resolved = (project_dir / reference["relativePath"]).resolve()
        if resolved != root.resolve():
            problems.append(
                f'the local package reference "{reference["relativePath"]}" resolves to {resolved}, '
                f"not the checkout's root {root.resolve()}")
        elif package_name != "DispatchKit":
            problems.append(f"{resolved}/Package.swift is not DispatchKit's")
    local_ids = {reference.get_id() for reference in locals_}

    targets = {target.name: target for target in objects.get_objects_in_section("PBXNativeTarget")}
    if set(targets) != set(TARGET_FOLDERS):
        problems.append(f"targets {sorted(targets)}, expected {sorted(TARGET_FOLDERS)}")
    project_settings = {
        configuration.name: configuration.buildSettings
        for configuration in (objects[key] for key in
                              objects[objects[project.rootObject].buildConfigurationList].buildConfigurations)}

    for name, folders in TARGET_FOLDERS.items():
        target = targets.get(name)
        if target is None:
            continue
        if target.productType != "com.apple.product-type.application":
            problems.append(f"{name}: not an application target ({target.productType})")
        phases = [objects[key] for key in target.buildPhases]

        # Sources: what the phase compiles against what is on disk.
        compiled = set()
        for phase in phases:
            if phase.isa != "PBXSourcesBuildPhase":
                continue
            for key in phase.files:
                build_file = objects[key]
                reference = objects[build_file.fileRef] if build_file and "fileRef" in build_file else None
                path = path_of(reference) if reference is not None else None
                if path is not None:
                    compiled.add(path.resolve())
        expected = {path.resolve() for folder in folders for path in (example / folder).glob("*.swift")}
        for path in sorted(expected - compiled):
            problems.append(f"{name}: {path.relative_to(root.resolve())} is not in the Sources build phase")
        for path in sorted(compiled - expected):
            problems.append(f"{name}: compiles {path}, which is not one of its folders' Swift files")

        # Products: dependencies on the local package's libraries, linked.
        depended = set()
        for key in target.packageProductDependencies:
            dependency = objects[key]
            product = dependency.productName
            if dependency["package"] not in local_ids:
                problems.append(f"{name}: {product} does not come from the local package reference")
            if product not in libraries:
                problems.append(f"{name}: {product} is not a library product of Package.swift")
            depended.add(product)
        if depended != LINKED_PRODUCTS[name]:
            problems.append(f"{name}: depends on {sorted(depended)}, expected {sorted(LINKED_PRODUCTS[name])}")
        linked = {
            build_file["productRef"]
            for phase in phases if phase.isa == "PBXFrameworksBuildPhase"
            for build_file in (objects[key] for key in phase.files) if "productRef" in build_file}
        for key in target.packageProductDependencies:
            if key not in linked:
                problems.append(f"{name}: {objects[key].productName} is not in the Frameworks build phase")

        # Settings, per configuration.
        expected_target = DEPLOYMENT_EXCEPTIONS.get(name, ios)
        for key in objects[target.buildConfigurationList].buildConfigurations:
            configuration = objects[key]
            settings = configuration.buildSettings

            def setting(key, settings=settings, configuration=configuration):
                if key in settings:
                    return settings[key]
                inherited = project_settings.get(configuration.name, {})
                return inherited[key] if key in inherited else None

            where = f"{name} ({configuration.name})"
            deployment = setting("IPHONEOS_DEPLOYMENT_TARGET")
            if deployment != expected_target:
                problems.append(f"{where}: IPHONEOS_DEPLOYMENT_TARGET {deployment}, expected {expected_target}")
            entitlements = setting("CODE_SIGN_ENTITLEMENTS")
            if not entitlements or not (project_dir / entitlements).is_file():
                problems.append(f"{where}: no entitlements file ({entitlements})")
            else:
                declared = plistlib.loads((project_dir / entitlements).read_bytes())
                domains = declared.get("com.apple.developer.associated-domains", [])
                if f"applinks:{domain}" not in domains:
                    problems.append(f"{where}: {entitlements} does not declare applinks:{domain} ({domains})")
                # Without it registerForRemoteNotifications() gets no device token.
                if declared.get("aps-environment") not in ("development", "production"):
                    problems.append(f"{where}: {entitlements} does not declare aps-environment")
            info = setting("INFOPLIST_FILE")
            if not info or not (project_dir / info).is_file():
                problems.append(f"{where}: no Info.plist file ({info})")
            else:
                types = plistlib.loads((project_dir / info).read_bytes()).get("CFBundleURLTypes", [])
                schemes = {s for url_type in types for s in url_type.get("CFBundleURLSchemes", [])}
                if scheme not in schemes:
                    problems.append(f"{where}: {info} does not declare the URL scheme {scheme} ({sorted(schemes)})")
    return problems


def self_test():
    """Plants each violation in a copy of the example; each must be reported."""
    def plant_unbuilt_routes_file(root):
        project = XcodeProject.load(str(root / EXAMPLE / PROJECT))
        target = project.get_target_by_name("ShopUIKit")
        phase = next(project.objects[key] for key in target.buildPhases
                     if project.objects[key].isa == "PBXSourcesBuildPhase")
        removed = next(key for key in phase.files
                       if project.objects[project.objects[key].fileRef].path == "ShopRouter.swift")
        phase.files.remove(removed)
        project.save()

    def edit_project(old, new):
        def plant(root):
            path = root / EXAMPLE / PROJECT
            text = path.read_text()
            if old not in text:
                raise AssertionError(f"self-test: {old!r} is not in the project file")
            path.write_text(text.replace(old, new, 1))
        return plant

    def edit_file(name, old, new):
        def plant(root):
            path = root / EXAMPLE / name
            path.write_text(path.read_text().replace(old, new))
        return plant

    planted = [
        ("a Routes file out of ShopUIKit's build", plant_unbuilt_routes_file,
         "ShopUIKit: Examples/Shop/Routes/ShopRouter.swift is not in the Sources build phase"),
        ("a Swift file the project lacks", lambda root: (root / EXAMPLE / "Shop" / "Extra.swift").write_text(""),
         "Shop: Examples/Shop/Shop/Extra.swift is not in the Sources build phase"),
        ("a referenced file missing on disk", lambda root: (root / EXAMPLE / "Routes" / "ShopTab.swift").unlink(),
         "the project references Examples/Shop/Routes/ShopTab.swift, which does not exist"),
        ("a deployment target", edit_project("IPHONEOS_DEPLOYMENT_TARGET = 13.0;\n\t\t\t\tLD_",
                                             "IPHONEOS_DEPLOYMENT_TARGET = 15.0;\n\t\t\t\tLD_"),
         "ShopUIKit (Debug): IPHONEOS_DEPLOYMENT_TARGET 15.0, expected 13.0"),
        ("the package path", edit_project("relativePath = ../..;", "relativePath = ..;"),
         'the local package reference ".." resolves to'),
        ("a product that is not a library", edit_project("productName = DispatchKitUI;", "productName = SampleApp;"),
         "SampleApp is not a library product of Package.swift"),
        ("the entitlements' domain", edit_file("Shop/Shop.entitlements", "applinks:shop.example.com",
                                               "applinks:other.example.com"),
         "Shop (Debug): Shop/Shop.entitlements does not declare applinks:shop.example.com"),
        ("the push entitlement", edit_file("ShopUIKit/ShopUIKit.entitlements", "<key>aps-environment</key>",
                                           "<key>aps-environmen</key>"),
         "ShopUIKit (Debug): ShopUIKit/ShopUIKit.entitlements does not declare aps-environment"),
        ("the URL scheme", edit_file("ShopUIKit/Info.plist", "<string>shop</string>", "<string>shopp</string>"),
         "ShopUIKit (Release): ShopUIKit/Info.plist does not declare the URL scheme shop"),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as temporary:
        def fresh_copy():
            copy = pathlib.Path(tempfile.mkdtemp(dir=temporary))
            shutil.copy(ROOT / "Package.swift", copy / "Package.swift")
            shutil.copytree(ROOT / EXAMPLE, copy / EXAMPLE)
            return copy

        clean = check(fresh_copy())
        if clean:
            print("self-test FAILED: the unchanged copy has problems:", *clean, sep="\n  ")
            failed += 1
        for description, plant, expected in planted:
            copy = fresh_copy()
            plant(copy)
            problems = check(copy)
            if any(expected in problem for problem in problems):
                print(f"self-test: {description}: reported")
            else:
                print(f"self-test FAILED: {description}: expected {expected!r}, got {problems}")
                failed += 1
    return failed


def main(arguments):
    problems = check(ROOT)
    for problem in problems:
        print(f"check-xcode-project: {problem}", file=sys.stderr)
    if not problems:
        print(f"check-xcode-project: {EXAMPLE / PROJECT.parent} is consistent with the sources and Package.swift")
    failed = self_test() if "--self-test" in arguments else 0
    return 1 if problems or failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
