#!/usr/bin/env python3
"""Checks that Package.swift declares exactly what each target imports (`make test` runs it).

For every target with Swift sources (library, executable, test and fuzz targets alike), the modules its files import
(`import X`, `@testable import X`, `public import struct X.Y`, …) that are modules of this package or of a package it
depends on must be provided by the target's declared dependencies — a module the target only reaches through another
target does not count — and every declared dependency must provide a module the target imports. Modules of neither
(Foundation, XCTest, Glibc, …) are not checked.

Why not SwiftPM's `swift build --explicit-target-dependency-import-check error`: it compares imports with the
*recursive* dependencies, so a planted `import Motion` in Layout (which reaches Motion through Timeline) builds without
a word; it only catches a target that is not reachable at all.

The manifest comes from `swift package dump-package`, the products of the packages it depends on from
`swift package show-dependencies` and a dump-package of each checkout (manifests compiled into .build/import-check).

    Tests/check-imports.py               exit 0, or 1 with one line a problem
    Tests/check-imports.py --self-test   plants an undeclared import (one reached through another target, one not
                                         reachable, one of another package's module), and removes the imports of a
                                         declared dependency, in memory; exit 1 unless each is reported
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")


def swift_json(args, cwd=ROOT):
    out = subprocess.run(["swift", "package"] + args, cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"check-imports: swift package {' '.join(args)} failed:\n{out.stderr}")
    return json.loads(out.stdout)


def load():
    """(the root manifest, {package identity: {product name: [module]}}, {module of another package})"""
    manifest = swift_json(["dump-package"])
    products, foreign = {}, set()
    for dep in swift_json(["show-dependencies", "--format", "json"])["dependencies"]:
        scratch = os.path.join(ROOT, ".build", "import-check", dep["identity"])
        m = swift_json(["--package-path", dep["path"], "--scratch-path", scratch, "dump-package"])
        for key in {dep["identity"], dep["name"], m["name"]}:
            products[key.lower()] = {p["name"]: p["targets"] for p in m["products"]}
        foreign |= {t["name"] for t in m["targets"] if t["type"] != "test"}
    return manifest, products, foreign


def source_folder(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    return os.path.join(ROOT, "Tests" if target["type"] == "test" else "Sources", target["name"])


def swift_files(target):
    folder = source_folder(target)
    excluded = [os.path.join(folder, e) for e in target.get("exclude", [])]
    for base, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if os.path.join(base, d) not in excluded)
        for f in sorted(files):
            path = os.path.join(base, f)
            if f.endswith(".swift") and path not in excluded:
                yield path


def imports(text):
    """(module, line number) of every import line, outside multi-line string literals."""
    in_string = False
    for number, line in enumerate(text.split("\n"), 1):
        if not in_string:
            m = IMPORT.match(line)
            if m:
                yield m.group(1), number
        if line.count('"""') % 2:
            in_string = not in_string


def declared(target, local, products):
    """{dependency as written: modules it provides}"""
    out = {}
    for dep in target["dependencies"]:
        kind, value = next(iter(dep.items()))
        name = value[0]
        if kind == "product":
            out[f"{name} (package {value[1]})"] = set(products.get(value[1].lower(), {}).get(name, [name]))
        elif name in local:
            out[name] = {local[name]}
        else:  # byName of another package's product
            out[name] = next((set(p[name]) for p in products.values() if name in p), {name})
    return out


def check(manifest, products, foreign, read=lambda path: open(path, encoding="utf-8").read()):
    """One line a problem: an import no declared dependency provides, a declared dependency nothing imports."""
    local = {t["name"]: t["name"].replace("-", "_") for t in manifest["targets"]}
    known = set(local.values()) | foreign
    problems = []
    for target in manifest["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        found = {}
        for path in swift_files(target):
            for module, number in imports(read(path)):
                if module in known and module != local[target["name"]]:
                    found.setdefault(module, f"{os.path.relpath(path, ROOT)}:{number}")
        deps = declared(target, local, products)
        provided = set().union(*deps.values()) if deps else set()
        for module in sorted(set(found) - provided):
            problems.append(f"{found[module]}: target {target['name']} imports {module}, which Package.swift does not "
                            f"declare among its dependencies")
        for dep, modules in deps.items():
            if not modules & set(found):
                problems.append(f"Package.swift: target {target['name']} declares {dep}, which none of its files imports")
    return problems


def self_test(manifest, products, foreign):
    """Each planted problem must be reported; the real tree must have none, or the plants prove nothing."""
    targets = {t["name"]: t for t in manifest["targets"]}
    if check(manifest, products, foreign):
        return ["the tree itself has problems; fix those first"]

    def planted(target, edit):
        first = next(swift_files(targets[target]))
        return lambda path: (edit if path == first else str)(open(path, encoding="utf-8").read())

    def stripped(target, module):
        folder = source_folder(targets[target])
        return lambda path: "\n".join(l for l in open(path, encoding="utf-8").read().split("\n")
                                      if not (path.startswith(folder) and re.fullmatch(rf"import {module}\s*", l)))

    cases = [
        ("Layout reaches Motion through Timeline", planted("Layout", lambda t: "@preconcurrency import Motion\n" + t),
         "target Layout imports Motion, which Package.swift does not declare"),
        ("Timeline cannot reach Raster", planted("Timeline", lambda t: "import Raster\n" + t),
         "target Timeline imports Raster, which Package.swift does not declare"),
        ("RenderKit and SwiftNIO's NIOPosix",
         planted("RenderKit", lambda t: "public import class NIOPosix.MultiThreadedEventLoopGroup\n" + t),
         "target RenderKit imports NIOPosix, which Package.swift does not declare"),
        ("Timeline without its imports of Motion", stripped("Timeline", "Motion"),
         "target Timeline declares Motion, which none of its files imports"),
    ]
    failures = []
    for label, read, expected in cases:
        problems = check(manifest, products, foreign, read)
        if len(problems) != 1 or expected not in problems[0]:
            failures.append(f"planted ({label}): expected one problem with “{expected}”, got {problems}")
        else:
            print(f"check-imports --self-test: {label}: caught: {problems[0]}")
    return failures


def main():
    manifest, products, foreign = load()
    if sys.argv[1:] == ["--self-test"]:
        failures = self_test(manifest, products, foreign)
        for f in failures:
            print(f"check-imports --self-test: {f}", file=sys.stderr)
        sys.exit(1 if failures else 0)
    if sys.argv[1:]:
        sys.exit(__doc__)
    problems = check(manifest, products, foreign)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} problem{'s' if len(problems) > 1 else ''}: make Package.swift declare "
              "exactly what each target imports", file=sys.stderr)
        sys.exit(1)
    checked = [t for t in manifest["targets"] if t["type"] not in ("system", "binary", "plugin", "macro")]
    print(f"check-imports: all {len(checked)} targets with Swift sources declare exactly what they import")


if __name__ == "__main__":
    main()
