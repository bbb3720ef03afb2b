"""Real files as an app has them: image names resolved in an --assets folder, missing ones drawn as
placeholders with no failed request, KVC strings shown as the model would show them; the page's own
scripts, stylesheets and icons under content-hashed URLs, cached for a year."""
import hashlib
import json
import os
import plistlib
import re
import shutil
import struct
import tempfile
import urllib.error
import urllib.request
import zlib

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, Server, open_table, screenshot, wait

# app.js, app.css, cells.css, and every module and stylesheet in Public/page/.
EVERY_FILE = 3 + len([name for name in os.listdir(os.path.join(ROOT, "Public", "page")) if name.endswith((".js", ".css"))])
HASHED = re.compile(r"^/(?:page/)?[a-z]+\.([0-9a-f]{8})\.(?:js|css)$")


def png(width, height, rgb):
    """A small solid-colour PNG, written the way any image tool writes one."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def write_catalog(catalog):
    """An asset catalog as Xcode writes one: a namespaced group holding a set with 1x/2x/3x files, a dark
    appearance and a PDF, and a set named as a plain file beside the catalog."""
    def write_set(folder, images, files):
        os.makedirs(folder)
        with open(os.path.join(folder, "Contents.json"), "w") as out:
            json.dump({"images": images, "info": {"author": "xcode", "version": 1}}, out)
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as out:
                out.write(data)
    dark = [{"appearance": "luminosity", "value": "dark"}]
    write_set(os.path.join(catalog, "Avatars", "ada.imageset"), [
        {"idiom": "universal", "filename": "ada.png", "scale": "1x"},
        {"idiom": "universal", "filename": "ada@2x.png", "scale": "2x"},
        {"idiom": "universal", "filename": "ada@3x.png", "scale": "3x"},
        {"idiom": "universal", "filename": "ada-dark@3x.png", "scale": "3x", "appearances": dark},
        {"idiom": "universal", "filename": "ada.pdf"},
    ], {"ada.png": png(44, 44, (0, 160, 80)), "ada@2x.png": png(88, 88, (0, 160, 80)),
        "ada@3x.png": png(132, 132, (0, 160, 80)), "ada-dark@3x.png": png(132, 132, (20, 60, 40)),
        "ada.pdf": b"%PDF-1.4\n"})
    with open(os.path.join(catalog, "Avatars", "Contents.json"), "w") as out:
        json.dump({"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": True}}, out)
    write_set(os.path.join(catalog, "lamp.imageset"), [
        {"idiom": "iphone", "filename": "lamp@2x.png", "scale": "2x"},
        {"idiom": "ipad", "filename": "lamp~ipad.png", "scale": "1x"},
    ], {"lamp@2x.png": png(88, 88, (250, 200, 0)), "lamp~ipad.png": png(44, 44, (0, 0, 0))})


@pytest.fixture(scope="module")
def asset_server():
    folder = tempfile.mkdtemp(prefix="listserver-assets-")
    assets = os.path.join(folder, "Assets")
    os.makedirs(assets)
    with open(os.path.join(assets, "friend_1@2x.png"), "wb") as out:
        out.write(png(88, 88, (200, 60, 60)))
    with open(os.path.join(assets, "friend_2.png"), "wb") as out:
        out.write(png(44, 44, (60, 120, 200)))
    write_catalog(os.path.join(assets, "Media.xcassets"))
    with open(os.path.join(assets, "lamp.png"), "wb") as out:
        out.write(png(44, 44, (0, 0, 0)))
    groups = [
        {"name": "Classmates", "online": "2", "friends": [
            {"name": "Ada Lovelace", "icon": "friend_1", "intro": "Found by its @2x file", "vip": True},
            {"name": "Grace Hopper", "icon": "friend_2.png", "intro": "Found by its exact name", "vip": False},
            {"name": "Alan Turing", "icon": "friend_3", "intro": "No such image: initials", "vip": False},
            {"name": "林小雨", "icon": "avatar_missing", "intro": "没有头像", "vip": False},
        ]},
    ]
    with open(os.path.join(folder, "crew.plist"), "wb") as out:
        plistlib.dump(groups, out)
    messages = [{"send_time": "1576139886", "title": "Welcome", "content": "Seconds held as a string", "read": False}]
    with open(os.path.join(folder, "inbox.plist"), "wb") as out:
        plistlib.dump(messages, out, fmt=plistlib.FMT_BINARY)
    catalog_group = [{"name": "Catalog", "online": "1", "friends": [
        {"name": "Ada Catalog", "icon": "Avatars/ada", "intro": "From an image set", "vip": False},
        {"name": "Lamp", "icon": "lamp", "intro": "A set and a plain file of one name", "vip": False},
    ]}]
    with open(os.path.join(folder, "catalogued.plist"), "wb") as out:
        plistlib.dump(catalog_group, out)
    running = Server(extra_args=["--assets", assets, "--import", os.path.join(folder, "crew.plist"),
                                 "--import", os.path.join(folder, "inbox.plist"),
                                 "--import", os.path.join(folder, "catalogued.plist")])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def test_icons_resolve_in_assets_and_missing_ones_are_placeholders(browser, asset_server):
    open_table(browser, asset_server, "crew")
    header = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-section-id]"))
    if header.get_attribute("aria-expanded") != "true":
        header.click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-row-id]")) >= 4, message="rows shown")
    wait(browser, lambda d: d.execute_script(
        "return [...document.images].every(i => i.complete)"), message="images loaded")
    images = browser.execute_script(
        "return [...document.querySelectorAll('[data-row-id] img.icon')]"
        ".map(i => [i.getAttribute('src'), i.naturalWidth])")
    sources = [source for source, _ in images]
    assert any(s.startswith("/assets/0/friend_1@2x.png?v=") for s in sources), sources
    assert any(s.startswith("/assets/0/friend_2.png?v=") for s in sources), sources
    assert all(width > 0 for _, width in images), images
    assert not any("friend_3" in s or "avatar_missing" in s for s in sources)
    placeholders = browser.execute_script(
        "return [...document.querySelectorAll('[data-row-id] .ph')].map(p => p.textContent)")
    assert "AT" in placeholders and "林" in placeholders, placeholders
    failed = browser.execute_script(
        "return performance.getEntriesByType('resource')"
        ".filter(e => e.initiatorType === 'img' && e.responseStatus >= 400).map(e => e.name)")
    assert failed == []
    screenshot(browser, "assets-placeholders")


def test_a_catalog_image_is_drawn_from_its_best_scale_before_a_plain_file_of_its_name(browser, asset_server):
    open_table(browser, asset_server, "catalogued", "?expanded=all")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-row-id] img.icon")) >= 2,
         message="catalog icons shown")
    wait(browser, lambda d: d.execute_script(
        "return [...document.images].every(i => i.complete)"), message="images loaded")
    images = browser.execute_script(
        "return [...document.querySelectorAll('[data-row-id] img.icon')]"
        ".map(i => [i.getAttribute('src'), i.naturalWidth])")
    widths = {source.split("?")[0]: width for source, width in images}
    assert widths.get("/assets/0/Media.xcassets/Avatars/ada.imageset/ada@3x.png") == 132, images
    assert widths.get("/assets/0/Media.xcassets/lamp.imageset/lamp@2x.png") == 88, images
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-row-id] .ph"), "no placeholder"
    screenshot(browser, "assets-catalog")


def test_a_message_with_send_time_as_a_string_shows_its_date(browser, asset_server):
    open_table(browser, asset_server, "inbox")
    text = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-row-id]").text)
    assert "Welcome" in text and "2019-12-12" in text, text


def page_resources(browser, server):
    """The paths of the scripts and stylesheets the page loaded, with the bytes each took from the network."""
    entries = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => [e.name, e.transferSize])")
    return {name[len(server.url):]: size for name, size in entries
            if name.startswith(server.url) and re.search(r"\.(?:js|css)$", name)}


def icon_folder(server):
    """The hashed folder the server names its icons under (`/icons.1a2b3c4d/`), read from the home page."""
    with urllib.request.urlopen(server.url + "/") as response:
        return re.search(r'src="(/icons\.[0-9a-f]{8}/)', response.read().decode()).group(1)


def public_sha256(path, server):
    """The SHA-256 of the file in Public/ that a hashed path names (`/page/windows.0f3a9c21.js`), as it is
    served at its plain path: without its comments, a stylesheet naming the icons under their hashed folder."""
    plain = re.sub(r"\.[0-9a-f]{8}(\.(?:js|css))$", r"\1", path)
    assert os.path.isfile(os.path.join(ROOT, "Public", plain.lstrip("/"))), plain
    data = urllib.request.urlopen(server.url + plain).read()
    if plain.endswith(".css"):
        assert icon_folder(server).encode() in data or b"url(/icons" not in data, plain
    return hashlib.sha256(data).hexdigest()


def icon_resources(browser, server):
    """The paths of the icons the page loaded, with the bytes each took from the network."""
    entries = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => [e.name, e.transferSize])")
    return {name[len(server.url):]: size for name, size in entries
            if name.startswith(server.url) and name.endswith(".svg")}


def test_the_page_loads_every_script_and_stylesheet_from_its_hashed_url(browser, server):
    open_table(browser, server, "friends")
    wait(browser, lambda d: d.execute_script(
        "return [...document.styleSheets].some(s => /interaction\\.[0-9a-f]{8}\\.css$/.test(s.href) && s.cssRules.length)"),
        message="interaction.css did not load")
    wait(browser, lambda d: len(page_resources(d, server)) >= EVERY_FILE, message="the later modules did not load")
    loaded = page_resources(browser, server)
    assert all(HASHED.match(path) for path in loaded), sorted(loaded)
    assert {"app", "cells", "windows", "viewport", "gestures", "motion", "interaction"} <= {
        re.sub(r"^/(?:page/)?([a-z]+)\..*", r"\1", path) for path in loaded}
    for path in loaded:
        assert public_sha256(path, server).startswith(HASHED.match(path).group(1)), path
        with urllib.request.urlopen(server.url + path) as response:
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable", path
    with urllib.request.urlopen(server.url + "/d/friends") as response:
        assert response.headers["Cache-Control"] in ("no-cache", "no-store")


def test_a_second_visit_takes_them_from_the_cache_without_asking(browser, server):
    open_table(browser, server, "heroes")
    wait(browser, lambda d: len(page_resources(d, server)) >= EVERY_FILE, message="the later modules did not load")
    open_table(browser, server, "friends")
    wait(browser, lambda d: len(page_resources(d, server)) >= EVERY_FILE, message="the later modules did not load")
    loaded = page_resources(browser, server)
    assert len(loaded) == EVERY_FILE and all(size == 0 for size in loaded.values()), loaded
    # The page itself is asked for again: it is never cached.
    assert browser.execute_script("return performance.getEntriesByType('navigation')[0].transferSize") > 0


def test_icons_load_from_one_hashed_folder_and_a_second_visit_takes_them_from_the_cache(browser, server):
    folder = icon_folder(server)
    open_table(browser, server, "friends", "?expanded=all")
    # The row icons and arrows (img elements) and the search field's glass (a stylesheet's background).
    wait(browser, lambda d: {"friend-01.svg", "disclosure.svg", "search.svg"} <= {
        path.rsplit("/", 1)[1] for path in icon_resources(d, server)}, message="the icons did not load")
    loaded = icon_resources(browser, server)
    assert all(path.startswith(folder) for path in loaded), sorted(loaded)
    for path in loaded:
        with urllib.request.urlopen(server.url + path) as response:
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable", path
            with open(os.path.join(ROOT, "Public", "icons", path[len(folder):]), "rb") as source:
                assert response.read() == source.read(), path
    open_table(browser, server, "heroes")
    open_table(browser, server, "friends", "?expanded=all")
    wait(browser, lambda d: d.execute_script("return [...document.images].every(i => i.complete)"),
         message="images loaded")
    wait(browser, lambda d: {"friend-01.svg", "disclosure.svg", "search.svg"} <= {
        path.rsplit("/", 1)[1] for path in icon_resources(d, server)}, message="the icons did not load again")
    again = icon_resources(browser, server)
    assert all(path.startswith(folder) for path in again), sorted(again)
    assert all(size == 0 for path, size in again.items() if path in loaded), again


def test_the_plain_urls_still_serve_the_files_revalidated(server):
    for path in ("/app.js", "/app.css", "/cells.css", "/page/windows.js", "/page/interaction.css",
                 "/icons/chevron.svg", "/icons.00000000/chevron.svg"):
        with urllib.request.urlopen(server.url + path) as response:
            assert response.headers["Cache-Control"] == "no-cache", path
            etag = response.headers["ETag"]
            assert etag, path
        request = urllib.request.Request(server.url + path, headers={"If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request)
        assert answer.value.code == 304, path
