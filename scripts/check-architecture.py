#!/usr/bin/env python3
# ListServer — scripts
"""Checks that the docs name only things that exist, and that unsafe code stays where the map allows it.

Usage: scripts/check-architecture.py [FILE.md …]   (default: docs/ARCHITECTURE.md and README.md)
       scripts/check-architecture.py --unsafe-counts   (prints the allowance lines the code has now)

- Every backticked repository path (a token starting with `Sources/`, `Tests/`, `Public/`, `scripts/`,
  `Fuzz/`, `docs/` or `.ci/`, also inside a command such as `bash .ci/run`) must exist.
- In docs/ARCHITECTURE.md, every backticked file name or partial path (`Web/AppRoutes.swift`,
  `HeightTreeNode+View.swift`, `BatchResolver+*.swift`) must be the end of some file's path, and every
  backticked name that looks like code (`Connection`, `TableLayout.window(top:height:overscan:)`,
  `HTTPServerConfiguration.problemPaths`, `processInbound`, `.adopt`, `API*`) must have each of its
  components declared: in Swift under Sources/, Tests/ or Fuzz/ (struct, class, enum, protocol, actor,
  typealias, extension, func, var, let, case), as a target in Package.swift, in the page's JavaScript
  under Public/ (function, const, let, a method or a property), or in the browser suite's Python.
- Unsafe code in one room: in every Swift file under Sources/ outside Sources/Bytes/ and
  Sources/HTTPServer/Posix/, the raw forms (`baseAddress`, `withUnsafe…`, `Unsafe…Pointer`,
  `unsafelyUnwrapped`, `loadUnaligned`, `memcmp`, `@unchecked Sendable`, comments aside) must number
  exactly what docs/ARCHITECTURE.md's appendix "Unsafe code outside its room" allows that file (none when
  it is not listed): more fails, and so does fewer, until the allowance is lowered, so it only shrinks.
- The types declared `@unchecked Sendable` under Sources/ must be the ones docs/ARCHITECTURE.md lists
  ("The exceptions are `@unchecked Sendable` on …", up to "Each exception documents why it is sound").
- The module edges docs/ARCHITECTURE.md spells out ("Every edge, as `Package.swift` declares it: A → B, C;
  …", up to the period) must be the dependencies Package.swift gives its targets under Sources/.

Prints each failure, then `N passed, M failed`; exits 1 when anything failed.
Python 3.11, standard library only.
"""
import fnmatch
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DEFAULT_FILES = ["docs/ARCHITECTURE.md", "README.md"]
CODE_NAMES_IN = {"docs/ARCHITECTURE.md"}
PATH_PREFIXES = ("Sources/", "Tests/", "Public/", "scripts/", "Fuzz/", "docs/", ".ci/")
FILE_SUFFIXES = (".swift", ".js", ".css", ".html", ".py", ".sh", ".md", ".modulemap", ".lua", ".toml")
SKIPPED_DIRS = {".git", ".build", ".swiftpm", "node_modules", "__pycache__", ".load"}

# Names the docs use that are not declared in this repository: the platforms' own (Swift and its standard
# library, Glibc, UIKit, the browser) and words that are not code names.
PLATFORM_NAMES = {
    "Swift", "Sendable", "Mutex", "Atomic", "Synchronization", "String", "Character", "Int64", "SIMD16",
    "Glibc", "Foundation", "UITableView", "UITableViewRowAnimation", "UIImage", "UITableViewCellStyle",
    "nonisolated", "performBatchUpdates", "ResizeObserver", "history", "pushState", "replaceState",
    "madvise", "memcmp", "realpath", "baseAddress", "unsafelyUnwrapped", "loadUnaligned",
}
# Wire names (HTTP header fields, JSON keys) that look like code names: each must appear inside a string
# literal in Sources/ instead of being declared.
WIRE_NAMES = {"Host", "ETag", "Date", "insertedRowIds", "insertedSectionIds"}

DECLARATION = re.compile(
    r"\b(?:struct|class|enum|protocol|actor|typealias|extension|func|var|let|case|associatedtype)\s+"
    r"`?([A-Za-z_][A-Za-z0-9_]*)"
)
ENUM_CASE_LIST = re.compile(r"^\s*(?:indirect\s+)?case\s+([^:\n]+?)\s*(?://.*)?$", re.MULTILINE)
JS_DECLARATION = re.compile(
    r"\b(?:function\*?|const|let|var|class)\s+([A-Za-z_$][A-Za-z0-9_$]*)"  # function f, const x
    r"|^\s*(?:async\s+)?([A-Za-z_$][A-Za-z0-9_$]*)\s*\([^()]*\)\s*\{"  # a method: name(args) {
    r"|[{,]\s*([A-Za-z_$][A-Za-z0-9_$]*)\s*:"  # a property: { name: …
    r"|[{,]\s*([A-Za-z_$][A-Za-z0-9_$]*)\s*(?=[,}])",  # a shorthand property: { name, … }
    re.MULTILINE,
)
JS_DESTRUCTURED = re.compile(r"\b(?:const|let|var)\s*[{\[]([^}\]=]*)[}\]]\s*=")
PYTHON_DECLARATION = re.compile(r"^\s*(?:def|class)\s+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)
UNSAFE_FORMS = re.compile(
    r"\bbaseAddress\b|\bwithUnsafe[A-Za-z]*|\bUnsafe[A-Za-z]*Pointer\b|\bunsafelyUnwrapped\b"
    r"|\bloadUnaligned\b|\bmemcmp\b|@unchecked\s+Sendable"
)
# Where the raw forms may be written freely: the one room, and the server's own system calls.
UNSAFE_ROOMS = ("Sources/Bytes/", "Sources/HTTPServer/Posix/")
MAP = "docs/ARCHITECTURE.md"
ALLOWANCE_HEADING = "## Appendix: unsafe code outside its room"
# An entry of the appendix: "- `Sources/ListRender/Render/`: `HTMLBuffer.swift` 9, `HTMLCursor.swift` 11.",
# which may go on over lines indented by two spaces.
ALLOWANCE_LINE = re.compile(r"^- `(Sources/[^`]*/)`:(.*)$")
ALLOWANCE_WIDTH = 110
ALLOWANCE_ENTRY = re.compile(r"`([^`/]+\.swift)` (\d+)")
UNCHECKED_SENDABLE = re.compile(
    r"\b(?:struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)(?:<[^>{]*>)?\s*:[^{]*@unchecked\s+Sendable"
)
UNCHECKED_LIST = re.compile(r"The exceptions are\s+`@unchecked Sendable` on (.*?)Each exception documents", re.DOTALL)
EDGE_LIST = re.compile(r"Every edge, as `Package.swift` declares it:(.*?)\.(?:\s|$)", re.DOTALL)
TARGET_CALL = re.compile(r"\.(?:target|executableTarget)\(")
TARGET = re.compile(r"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*\"([A-Za-z0-9_]+)\"")

INLINE_CODE = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^\s*```")
# `Type`, `Type.member`, `value.member`, `.case`, `name(label:)`, `Type.init`, `API*`, `Render*Tests`
CODE_NAME = re.compile(
    r"^\.?(?P<path>[A-Za-z_][A-Za-z0-9_*]*(?:\.[A-Za-z_][A-Za-z0-9_*]*)*)(?P<call>\([^()]*\))?$"
)


def repository_files():
    """Every file's path under the repository, relative to it."""
    found = []
    for directory, subdirectories, files in os.walk(ROOT):
        subdirectories[:] = [d for d in subdirectories if d not in SKIPPED_DIRS and not d.startswith(".build-")]
        for name in files:
            found.append(os.path.relpath(os.path.join(directory, name), ROOT).replace(os.sep, "/"))
    return found


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as handle:
        return handle.read()


def wire_names_written(files):
    """The wire names that appear inside a string literal in the Swift under Sources/."""
    swift = "\n".join(read(p) for p in files if p.startswith("Sources/") and p.endswith(".swift"))
    return {
        name for name in WIRE_NAMES
        if re.search(r'"[^"\n]*\b' + re.escape(name) + r'\b[^"\n]*"', swift)
    }


def declared_names(files):
    """The names declared in the repository's Swift, JavaScript and Python, and its targets."""
    names = {"init", "deinit", "subscript", "self"}
    for path in files:
        if path.endswith(".swift") and path.startswith(("Sources/", "Tests/", "Fuzz/")):
            text = read(path)
            names.update(DECLARATION.findall(text))
            for listed in ENUM_CASE_LIST.findall(text):
                for piece in re.sub(r"\([^()]*\)", "", listed).split(","):
                    match = re.match(r"\s*`?([A-Za-z_][A-Za-z0-9_]*)", piece)
                    if match:
                        names.add(match.group(1))
        elif path.endswith(".js") and path.startswith("Public/"):
            text = read(path)
            for groups in JS_DECLARATION.findall(text):
                names.update(name for name in groups if name)
            for listed in JS_DESTRUCTURED.findall(text):
                names.update(re.findall(r"[A-Za-z_$][A-Za-z0-9_$]*", listed))
        elif path.endswith(".py") and path.startswith("Tests/"):
            names.update(PYTHON_DECLARATION.findall(read(path)))
    if "Package.swift" in files:
        names.update(TARGET.findall(read("Package.swift")))
    return names


def code_spans(text):
    """(line number, span) for every inline code span outside fenced blocks."""
    in_fence = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for match in INLINE_CODE.finditer(line):
            yield number, match.group(1).strip()


def looks_like_file(span):
    """A file name or partial path with no spaces: `Web/AppRoutes.swift`, `HeightTreeNode+View.swift`."""
    if " " in span or span.startswith(("/", ".", "~", "$", "-")) or "://" in span:
        return False
    return span.endswith(FILE_SUFFIXES) and re.fullmatch(r"[A-Za-z0-9_+*./<>-]+", span) is not None


def looks_like_code_name(span):
    """A Swift or JavaScript name: a type (`Connection`), a member (`processInbound`, `entry.searches`),
    a call (`need()`), a case (`.adopt`). Single lower-case words (`top`, `writer`) and C or SQL names
    (`EPOLLOUT`, `COPY`) are not told apart from words, so they are not checked."""
    match = CODE_NAME.match(span)
    if not match:
        return None
    components = match.group("path").split(".")
    first = components[0]
    if first.isupper() or "_" in first and first.lower() == first:
        return None  # EPOLLOUT, MADV_COLLAPSE, epoll_wait
    type_like = first[0].isupper()
    member_like = any(c.isupper() for c in first[1:]) or len(components) > 1 or match.group("call")
    if not (type_like or member_like or span.startswith(".")):
        return None
    return components


def code_lines(text):
    """The lines of Swift source with comments removed (string literals kept)."""
    lines, in_block = [], 0
    for line in text.split("\n"):
        kept, index, in_string = [], 0, False
        while index < len(line):
            if in_block:
                end = line.find("*/", index)
                if end < 0:
                    break
                in_block, index = in_block - 1, end + 2
                continue
            char = line[index]
            if in_string:
                if char == "\\":
                    kept.append(line[index:index + 2])
                    index += 2
                    continue
                in_string = char != '"'
            elif line.startswith("//", index):
                break
            elif line.startswith("/*", index):
                in_block, index = in_block + 1, index + 2
                continue
            elif char == '"':
                in_string = True
            kept.append(char)
            index += 1
        lines.append("".join(kept))
    return lines


def unsafe_counts(files):
    """How many raw unsafe forms each Swift file under Sources/ outside the rooms writes, for those with any."""
    counts = {}
    for path in files:
        if path.startswith("Sources/") and path.endswith(".swift") and not path.startswith(UNSAFE_ROOMS):
            count = sum(len(UNSAFE_FORMS.findall(line)) for line in code_lines(read(path)))
            if count:
                counts[path] = count
    return counts


def allowance_lines(counts):
    """The appendix's lines for `counts`: one a folder, its files in name order."""
    folders = {}
    for path, count in counts.items():
        folder, name = path.rsplit("/", 1)
        folders.setdefault(folder + "/", []).append(f"`{name}` {count}")
    lines = []
    for folder, entries in sorted(folders.items()):
        line = f"- `{folder}`:"
        for index, entry in enumerate(sorted(entries)):
            entry += "." if index == len(entries) - 1 else ","
            if len(line) + 1 + len(entry) > ALLOWANCE_WIDTH:
                lines.append(line)
                line = " "
            line += " " + entry
        lines.append(line)
    return lines


def allowances(text):
    """(path, allowed count, line number) for every file the map's unsafe appendix lists."""
    found, inside, folder = [], False, None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            inside = line.strip() == ALLOWANCE_HEADING
            continue
        match = ALLOWANCE_LINE.match(line) if inside else None
        if match:
            folder, rest = match.group(1), match.group(2)
        elif inside and folder and line.startswith("  "):
            rest = line
        else:
            folder = None
            continue
        for name, count in ALLOWANCE_ENTRY.findall(rest):
            found.append((folder + name, int(count), number))
    return found


def unchecked_sendable_types(files):
    """The last component of every type declared (or extended) `@unchecked Sendable` under Sources/."""
    names = set()
    for path in files:
        if path.startswith("Sources/") and path.endswith(".swift"):
            for line in code_lines(read(path)):
                names.update(name.rsplit(".", 1)[-1] for name in UNCHECKED_SENDABLE.findall(line))
    return names


def package_edges():
    """(target, dependency) for every target of Package.swift whose sources are under Sources/."""
    text = read("Package.swift")
    edges = set()
    for match in TARGET_CALL.finditer(text):
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        call = text[match.end():end]
        name = re.match(r'\s*name:\s*"([A-Za-z0-9_]+)"', call)
        if not name or re.search(r'path:\s*"(?!Sources/)', call):
            continue
        listed = re.search(r"dependencies:\s*\[([^\]]*)\]", call)
        for dependency in re.findall(r'"([A-Za-z0-9_]+)"', listed.group(1) if listed else ""):
            edges.add((name.group(1), dependency))
    return edges


def check_edges(files, record):
    """Records whether the map's list of module edges is Package.swift's."""
    if "Package.swift" not in files:
        return
    match = EDGE_LIST.search(read(MAP)) if MAP in files else None
    written = set()
    for group in (match.group(1).split(";") if match else []):
        if "→" in group:
            source, targets = group.split("→", 1)
            written.update((source.strip(), t.strip()) for t in targets.split(",") if t.strip())
    if not match:
        record(MAP, 0, "module edges", "no sentence \"Every edge, as `Package.swift` declares it: …\"", False)
        return
    compare(record, "module edge", package_edges(), written, lambda edge: f"{edge[0]} → {edge[1]}",
            "is written but Package.swift does not declare it", "is in Package.swift but not written")


def compare(record, kind, declared, written, name, unless_declared, unless_written):
    """Records each of `declared | written` (as `name` gives it) in the map: passed when in both, else failed
    with the words for the side it is missing from."""
    for item in sorted(declared | written):
        if item not in declared:
            record(MAP, 0, kind, f"{name(item)} {unless_declared}", False)
        elif item not in written:
            record(MAP, 0, kind, f"{name(item)} {unless_written}", False)
        else:
            record(MAP, 0, kind, name(item), True)


def forms(count):
    return f"{count} unsafe form" + ("" if count == 1 else "s")


def check_unsafe(files, record):
    """Records the unsafe forms of each file against its allowance, and the `@unchecked Sendable` list."""
    text = read(MAP) if MAP in files else ""
    counts = unsafe_counts(files)
    listed = allowances(text)
    allowed = {path: count for path, count, _ in listed}
    if ALLOWANCE_HEADING not in text.splitlines():
        record(MAP, 0, "section", ALLOWANCE_HEADING, False)
    for path, count, number in listed:
        if path not in counts:
            record(MAP, number, "unsafe allowance", f"{path} allows {count}, the file has none: remove it", False)
    for path, count in sorted(counts.items()):
        limit = allowed.get(path, 0)
        if count > limit:
            record(path, 0, "room", f"{forms(count)}, {limit} allowed ({MAP}, {ALLOWANCE_HEADING[3:]})", False)
        elif count < limit:
            record(path, 0, "room", f"{forms(count)}, {limit} allowed: lower the allowance in {MAP}", False)
        else:
            record(path, 0, "room", forms(count), True)
    declared = unchecked_sendable_types(files)
    match = UNCHECKED_LIST.search(text)
    spans = INLINE_CODE.findall(match.group(1)) if match else []
    written = {span.rsplit(".", 1)[-1] for span in spans if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", span)}
    compare(record, "@unchecked Sendable", declared, written, str, "is listed but not declared so",
            "is declared so but not listed")


def check(paths):
    files = repository_files()
    file_set = set(files)
    directories = {os.path.dirname(path) for path in files}
    directories |= {d.rsplit("/", i)[0] for d in list(directories) for i in range(1, d.count("/") + 1)}
    names = declared_names(files)
    wire_names = wire_names_written(files)
    missing, passed, seen = [], 0, set()

    def record(doc, number, what, text, ok):
        nonlocal passed
        if (doc, what, text) in seen:
            return
        seen.add((doc, what, text))
        if ok:
            passed += 1
        else:
            missing.append(f"{doc}:{number}: {what} not found: {text}" if number else f"{doc}: {what}: {text}")

    def path_exists(token):
        token = token.rstrip(".,;:)")
        if any(ch in token for ch in "*?["):
            return any(fnmatch.fnmatch(path, token) for path in files)
        bare = token.rstrip("/")
        return bare in file_set or bare in directories

    def file_matches(span):
        span = span.rstrip("/")
        if any(ch in span for ch in "*?["):
            return any(fnmatch.fnmatch(path, "*/" + span) or fnmatch.fnmatch(path, span) for path in files)
        return any(path == span or path.endswith("/" + span) for path in files)

    for doc in paths:
        text = read(doc)
        checks_code = doc in CODE_NAMES_IN
        for number, span in code_spans(text):
            tokens = span.split()
            repository_paths = [t for t in tokens if t.startswith(PATH_PREFIXES)]
            for token in repository_paths:
                record(doc, number, "path", token, path_exists(token))
            if repository_paths or not checks_code:
                continue
            if looks_like_file(span):
                record(doc, number, "file", span, file_matches(span))
                continue
            if span in WIRE_NAMES:
                record(doc, number, "wire name", span, span in wire_names)
                continue
            components = looks_like_code_name(span)
            if components is None:
                continue
            unknown = [
                c for c in components
                if c not in names and c not in PLATFORM_NAMES
                and not ("*" in c and any(fnmatch.fnmatchcase(n, c) for n in names))
            ]
            record(doc, number, "name", span + (f" ({', '.join(unknown)})" if unknown else ""), not unknown)

    check_unsafe(files, record)
    check_edges(files, record)

    for line in missing:
        print(line)
    print(f"{passed} passed, {len(missing)} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--unsafe-counts"]:
        print("\n".join(allowance_lines(unsafe_counts(repository_files()))))
        sys.exit(0)
    sys.exit(check(sys.argv[1:] or DEFAULT_FILES))
