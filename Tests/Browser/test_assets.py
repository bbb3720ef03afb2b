"""Real files as an app has them: image names resolved in an --assets folder, missing ones drawn as
placeholders with no failed request, KVC strings shown as the model would show them."""
import os
import plistlib
import shutil
import struct
import tempfile
import zlib

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, open_table, screenshot, wait


def png(width, height, rgb):
    """A small solid-colour PNG, written the way any image tool writes one."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture(scope="module")
def asset_server():
    folder = tempfile.mkdtemp(prefix="listserver-assets-")
    assets = os.path.join(folder, "Assets")
    os.makedirs(assets)
    with open(os.path.join(assets, "friend_1@2x.png"), "wb") as out:
        out.write(png(88, 88, (200, 60, 60)))
    with open(os.path.join(assets, "friend_2.png"), "wb") as out:
        out.write(png(44, 44, (60, 120, 200)))
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
    running = Server(extra_args=["--assets", assets, "--import", os.path.join(folder, "crew.plist"),
                                 "--import", os.path.join(folder, "inbox.plist")])
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


def test_a_message_with_send_time_as_a_string_shows_its_date(browser, asset_server):
    open_table(browser, asset_server, "inbox")
    text = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-row-id]").text)
    assert "Welcome" in text and "2019-12-12" in text, text
