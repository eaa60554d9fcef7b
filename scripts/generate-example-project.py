#!/usr/bin/env python3
"""Writes Examples/Shop/Shop.xcodeproj/project.pbxproj from the files under Examples/Shop.

    scripts/generate-example-project.py           (from the root of a checkout)

Run it after adding, moving or removing a Swift file of the example app: every .swift file of
Routes/ goes to both app targets, those of Shop/ to Shop, those of ShopUIKit/ to ShopUIKit. The
identifiers are derived from the objects' names, so the same files give the same bytes, and a
diff shows only what changed. scripts/check-xcode-project.py checks the result (and a project file
edited in Xcode) on Linux.

The project is the plain form Xcode 15 and 16 read (objectVersion 60): groups with file references
rather than folders Xcode synchronises, and the package from the checkout by a local package
reference (`../..`). No scheme is committed: Xcode makes one per target when it opens the project.
"""
import hashlib
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHOP = ROOT / "Examples" / "Shop"
PROJECT = SHOP / "Shop.xcodeproj" / "project.pbxproj"

# The package's deployment target, and the SwiftUI app's exception: `App` and `onOpenURL` (the
# intake of dispatchOpenedURLs(to:)) need iOS 14. check-xcode-project.py holds the same figures,
# and the same products: the UIKit app does not link the SwiftUI adapters.
PACKAGE_DEPLOYMENT_TARGET = "13.0"
PRODUCTS = ["DispatchKit", "DispatchKitEvents", "DispatchKitUI"]
TARGETS = [
    # name, folder, bundle identifier, deployment target, extra build settings, products
    ("Shop", "Shop", "com.example.shop", "14.0",
     {"INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"}, PRODUCTS + ["DispatchKitSwiftUI"]),
    ("ShopUIKit", "ShopUIKit", "com.example.shop.uikit", PACKAGE_DEPLOYMENT_TARGET, {}, PRODUCTS),
]
OTHER_FILES = ["README.md", "apple-app-site-association", "payload.apns"]


def ident(*names):
    """A stable 24-digit identifier for the object the names describe."""
    return hashlib.md5("/".join(names).encode()).hexdigest()[:24].upper()


def quoted(value):
    """A value as the project file writes it: bare when it can be, quoted otherwise."""
    text = str(value)
    if text and all(c.isalnum() or c in "._/" for c in text) and not text.startswith("//"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_value(value, indent):
    if isinstance(value, dict):
        inner = "".join(f"{indent}\t{quoted(k)} = {write_value(v, indent + chr(9))};\n" for k, v in value.items())
        return "{\n" + inner + indent + "}"
    if isinstance(value, list):
        inner = "".join(f"{indent}\t{write_value(v, indent + chr(9))},\n" for v in value)
        return "(\n" + inner + indent + ")"
    return quoted(value)


def file_type(name):
    return {
        ".swift": "sourcecode.swift", ".plist": "text.plist.xml", ".entitlements": "text.plist.entitlements",
        ".md": "net.daringfireball.markdown", ".apns": "text.json",
    }.get(pathlib.Path(name).suffix, "text")


def swift_files(folder):
    return sorted(p.name for p in (SHOP / folder).glob("*.swift"))


def main():
    objects = {}

    def add(key, isa, **fields):
        objects[key] = {"isa": isa, **fields}
        return key

    package = add(ident("package"), "XCLocalSwiftPackageReference", relativePath="../..")

    # Groups and file references.
    groups = []
    for folder in ["Routes", "Shop", "ShopUIKit"]:
        children = [add(ident("file", folder, name), "PBXFileReference", lastKnownFileType=file_type(name),
                        path=name, sourceTree="<group>") for name in swift_files(folder)]
        for name in sorted(p.name for p in (SHOP / folder).iterdir() if p.suffix in (".plist", ".entitlements")):
            children.append(add(ident("file", folder, name), "PBXFileReference",
                                lastKnownFileType=file_type(name), path=name, sourceTree="<group>"))
        groups.append(add(ident("group", folder), "PBXGroup", children=children, path=folder, sourceTree="<group>"))
    others = [add(ident("file", name), "PBXFileReference", lastKnownFileType=file_type(name), path=name,
                  sourceTree="<group>") for name in OTHER_FILES]
    apps = [add(ident("product", name), "PBXFileReference", explicitFileType="wrapper.application",
                includeInIndex="0", path=f"{name}.app", sourceTree="BUILT_PRODUCTS_DIR") for name, *_ in TARGETS]
    products_group = add(ident("group", "Products"), "PBXGroup", children=apps, name="Products", sourceTree="<group>")
    main_group = add(ident("group", "main"), "PBXGroup", children=others + groups + [products_group],
                     sourceTree="<group>")

    def configuration_list(owner, settings_for):
        configurations = [add(ident("configuration", owner, name), "XCBuildConfiguration",
                              buildSettings=settings_for(name), name=name) for name in ("Debug", "Release")]
        return add(ident("configurations", owner), "XCConfigurationList", buildConfigurations=configurations,
                   defaultConfigurationIsVisible="0", defaultConfigurationName="Release")

    targets = []
    for name, folder, bundle, deployment, extra, products in TARGETS:
        sources = []
        for source_folder in ["Routes", folder]:
            for file in swift_files(source_folder):
                sources.append(add(ident("build", name, source_folder, file), "PBXBuildFile",
                                   fileRef=ident("file", source_folder, file)))
        dependencies = [add(ident("dependency", name, product), "XCSwiftPackageProductDependency",
                            package=package, productName=product) for product in products]
        linked = [add(ident("build", name, product), "PBXBuildFile", productRef=ident("dependency", name, product))
                  for product in products]
        phases = [
            add(ident("phase", name, "sources"), "PBXSourcesBuildPhase", buildActionMask="2147483647",
                files=sources, runOnlyForDeploymentPostprocessing="0"),
            add(ident("phase", name, "frameworks"), "PBXFrameworksBuildPhase", buildActionMask="2147483647",
                files=linked, runOnlyForDeploymentPostprocessing="0"),
            add(ident("phase", name, "resources"), "PBXResourcesBuildPhase", buildActionMask="2147483647",
                files=[], runOnlyForDeploymentPostprocessing="0"),
        ]

        def target_settings(configuration, name=name, folder=folder, bundle=bundle, deployment=deployment,
                            extra=extra):
            return {
                "CODE_SIGN_ENTITLEMENTS": f"{folder}/{folder}.entitlements",
                "CODE_SIGN_STYLE": "Automatic",
                "CURRENT_PROJECT_VERSION": "1",
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_FILE": f"{folder}/Info.plist",
                "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
                **extra,
                "IPHONEOS_DEPLOYMENT_TARGET": deployment,
                "LD_RUNPATH_SEARCH_PATHS": ["$(inherited)", "@executable_path/Frameworks"],
                "MARKETING_VERSION": "1.0",
                "PRODUCT_BUNDLE_IDENTIFIER": bundle,
                "PRODUCT_NAME": "$(TARGET_NAME)",
                "SWIFT_VERSION": "6.0",
                "TARGETED_DEVICE_FAMILY": "1,2",
            }

        targets.append(add(
            ident("target", name), "PBXNativeTarget",
            buildConfigurationList=configuration_list(name, target_settings), buildPhases=phases,
            buildRules=[], dependencies=[], name=name, packageProductDependencies=dependencies,
            productName=name, productReference=ident("product", name),
            productType="com.apple.product-type.application"))

    def project_settings(configuration):
        debug = configuration == "Debug"
        return {
            "ALWAYS_SEARCH_USER_PATHS": "NO",
            "CLANG_ENABLE_MODULES": "YES",
            "COPY_PHASE_STRIP": "NO",
            "DEBUG_INFORMATION_FORMAT": "dwarf" if debug else "dwarf-with-dsym",
            "ENABLE_STRICT_OBJC_MSGSEND": "YES",
            "ENABLE_TESTABILITY": "YES" if debug else "NO",
            "GCC_OPTIMIZATION_LEVEL": "0" if debug else "s",
            "IPHONEOS_DEPLOYMENT_TARGET": PACKAGE_DEPLOYMENT_TARGET,
            "ONLY_ACTIVE_ARCH": "YES" if debug else "NO",
            "SDKROOT": "iphoneos",
            "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG" if debug else "",
            "SWIFT_COMPILATION_MODE": "singlefile" if debug else "wholemodule",
            "SWIFT_OPTIMIZATION_LEVEL": "-Onone" if debug else "-O",
            "VALIDATE_PRODUCT": "NO" if debug else "YES",
        }

    root = add(
        ident("project"), "PBXProject",
        attributes={"BuildIndependentTargetsInParallel": "1", "LastSwiftUpdateCheck": "1600",
                    "LastUpgradeCheck": "1600"},
        buildConfigurationList=configuration_list("project", project_settings),
        compatibilityVersion="Xcode 14.0", developmentRegion="en", hasScannedForEncodings="0",
        knownRegions=["en", "Base"], mainGroup=main_group, packageReferences=[package],
        productRefGroup=products_group, projectDirPath="", projectRoot="", targets=targets)

    sections = {}
    for key, value in objects.items():
        sections.setdefault(value["isa"], []).append(key)
    text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 60;\n\tobjects = {\n"
    for isa in sorted(sections):
        text += f"\n/* Begin {isa} section */\n"
        for key in sorted(sections[isa]):
            fields = objects[key]
            body = write_value({"isa": isa, **{k: v for k, v in sorted(fields.items()) if k != "isa"}}, "\t\t")
            text += f"\t\t{key} = {body};\n"
        text += f"/* End {isa} section */\n"
    text += f"\t}};\n\trootObject = {root};\n}}\n"
    PROJECT.parent.mkdir(parents=True, exist_ok=True)
    PROJECT.write_text(text)
    print(f"wrote {PROJECT.relative_to(ROOT)}: {len(objects)} objects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
