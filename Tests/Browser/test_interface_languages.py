"""The interface's own words in Traditional Chinese, Arabic and Hebrew, as iOS writes them, at 360 px: the page's
buttons, search field and back control, the script's words (Done, Select All, the selected count with the digits
the page's language writes) and the fragments' (Download), the Arabic and Hebrew pages right to left; the
datasets' own text stays as it is."""
import pytest
from selenium.webdriver.common.by import By

from conftest import animations_done, at_width, open_table, rows, wait

WORDS = {
    # lang: (Manage, Done, Select All, Deselect All, selected count of n, Search, Lists, Download, direction)
    "zh-Hant": ("管理", "完成", "全選", "取消全選", lambda n: f"已選取 {n} 項", "搜尋", "列表", "取得", "ltr"),
    "ar": ("إدارة", "تم", "تحديد الكل", "إلغاء تحديد الكل", lambda n: f"تم تحديد {n}", "بحث", "القوائم", "تنزيل", "rtl"),
    "he": ("ניהול", "סיום", "בחירת הכל", "ביטול בחירת הכל", lambda n: f"{n} נבחרו", "חיפוש", "רשימות", "הורדה", "rtl"),
}


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_interface_speaks_the_readers_language_at_360(browser, server, lang):
    manage, done, select_all_word, deselect, selected, search, lists, download, direction = WORDS[lang]
    at_width(browser, 360)
    open_table(browser, server, "messages", f"?lang={lang}")
    animations_done(browser)
    html = browser.find_element(By.TAG_NAME, "html")
    assert [html.get_attribute("lang"), html.get_attribute("dir") or "ltr"] == [lang, direction]
    assert browser.find_element(By.CSS_SELECTOR, "[data-role=search]").get_attribute("placeholder") == search
    assert browser.find_element(By.CSS_SELECTOR, "a.back").text == lists
    edit = browser.find_element(By.CSS_SELECTOR, "[data-action=edit]")
    wait(browser, lambda d: edit.text == manage, message=f"the edit button says {edit.text!r}")
    # A dataset's English title in a mirrored page reads from its start, which is in sight; the cut is at its end.
    assert browser.execute_script("""const t = [...document.querySelectorAll('.tt')]
        .find(e => /^[A-Za-z]/.test(e.textContent) && e.scrollWidth > e.clientWidth), text = t.firstChild;
        const range = document.createRange(); range.setStart(text, 0); range.setEnd(text, 1);
        const first = range.getBoundingClientRect(), box = t.getBoundingClientRect();
        return first.left >= box.left - 0.5 && first.right <= box.right + 0.5""")
    edit.click()
    wait(browser, lambda d: edit.text == done)
    select_all = browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]")
    assert select_all.text == select_all_word
    select_all.click()
    count = browser.find_element(By.CSS_SELECTOR, "[data-role=selected-count]")
    wait(browser, lambda d: count.text != selected(0) and select_all.text == deselect,
         message=f"the count says {count.text!r}")
    # The count's digits are the ones the page's language writes with toLocaleString, Latin in all three here.
    digits = "".join(c for c in count.text if c.isdigit())
    assert digits.isascii() and count.text == selected(int(digits)), count.text
    select_all.click()
    wait(browser, lambda d: count.text == selected(0))
    edit.click()
    wait(browser, lambda d: edit.text == manage)


@pytest.mark.parametrize("lang", list(WORDS))
def test_fragments_the_script_fetches_speak_it_too(browser, server, lang):
    download = WORDS[lang][7]
    at_width(browser, 360)
    open_table(browser, server, "apps", f"?lang={lang}")
    first = rows(browser)[0]
    assert first.find_element(By.CSS_SELECTOR, "[data-action=download]").text == download
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", scroller)
    wait(browser, lambda d: any(f"lang={lang}" in e for e in d.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/fragment'))")),
         message="no fragment was fetched in the page's language")
    wait(browser, lambda d: all(b.text == download for b in d.find_elements(By.CSS_SELECTOR, "[data-action=download]")
                                if b.is_displayed()))
