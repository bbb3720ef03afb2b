// ModelsTests — files shaped like the iOS samples, from plistlib and json
import Foundation
import Testing

@testable import Models

/// Files shaped like the iOS samples' plists, which their models read by KVC: strings where the models
/// hold strings (`send_time: "1576139886"`, `size: "23.4"`) and where they hold an `int` too
/// (`online: "2"`). `produce FOLDER` writes each as plistlib's XML and binary plists and as
/// `json.dumps(indent=2, ensure_ascii=False)`, with broken files beside them; `check FOLDER` reads every
/// `NAME.export.EXT` back with plistlib or json and compares it, types included, with the file it came from.
private let seedFilesScript = #"""
    import json, os, plistlib, sys

    MESSAGES = [
        {"send_time": "1576139886", "title": "余额变动提醒",
         "content": "亲爱的顾客小懒，您的账户有余额变动，变动资金-103.40元，请您及时查看账户资金明细。", "read": False},
        {"send_time": "1576053486", "title": "登录提醒", "content": "您的账号在新设备上登录。", "read": True},
        {"send_time": "1575967086", "title": "活动通知", "content": "双十二活动开始啦"},
    ]
    FRIENDS = [
        {"name": "我的好友", "online": "2", "friends": [
            {"name": "林小雨", "icon": "friend-01", "intro": "下雨天适合写代码，也适合发呆。", "vip": True},
            {"name": "阿杰 A-Jie", "icon": "friend-03", "vip": False},
            {"name": "苏晴 Sunny", "icon": "friend-04", "intro": "猫比人可爱，这是事实 🐱", "vip": False},
        ]},
        {"name": "同学", "online": "0", "friends": []},
        {"friends": [{"name": "王大锤", "icon": "friend-05", "intro": "今天也要元气满满！", "vip": False}],
         "name": "同事", "online": "1"},
    ]
    APPS = [
        {"size": "23.4", "download": "12", "name": "愤怒的小鸟", "icon": "app-01"},
        {"size": "105", "download": "1284", "name": "植物大战僵尸", "icon": "app-02"},
    ]
    HEROES = [
        {"name": "亚瑟", "title": "圣骑之力", "icon": "hero-01", "desc": "亚瑟是王者峡谷的守护者。", "tags": "坦克, 战士"},
        {"name": "妲己", "title": "魅力之狐", "icon": "hero-02", "desc": "法师。", "tags": "法师"},
    ]
    SAMPLES = {"messages": MESSAGES, "friends": FRIENDS, "apps": APPS, "heroes": HEROES}
    group = lambda name, friends: {"name": name, "online": "1", "friends": friends}
    BROKEN = {
        "broken-friends": [group("A", []), group("B", []), group("C", []), group("D", "x")],
        "online-yes": [group("A", []), {"name": "B", "online": "yes", "friends": []}],
        "send-time-empty": MESSAGES[:2] + [{"send_time": "", "title": "t", "content": "c"}],
        "size-true": [APPS[0], {"name": "A", "size": True, "download": "1"}],
    }

    def same(a, b):
        if type(a) is not type(b): return False
        if isinstance(a, dict):
            return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list): return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return a == b

    def write(path, data):
        with open(path, "wb") as f: f.write(data)

    mode, folder = sys.argv[1], sys.argv[2]
    if mode == "produce":
        for name, value in list(SAMPLES.items()) + list(BROKEN.items()):
            write(f"{folder}/{name}.xml", plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False))
            write(f"{folder}/{name}.bin", plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
            write(f"{folder}/{name}.json", json.dumps(value, indent=2, ensure_ascii=False).encode())
        print("produced")
    elif mode == "check":
        checked, failures = 0, []
        for file in sorted(os.listdir(folder)):
            if ".export." not in file: continue
            name = file.split(".")[0]
            with open(f"{folder}/{file}", "rb") as f:
                value = json.load(f) if file.endswith(".json") else plistlib.load(f, dict_type=dict)
            if not same(value, SAMPLES[name]): failures.append(f"{file}: {value!r}")
            checked += 1
        print("\n".join(failures) if failures else f"ok {checked}")
    """#

@Suite("Files shaped like the iOS samples, from plistlib and json")
struct DatasetImporterPlistlibTests {
    @Test("strings where the models hold strings or ints import as strings and read as the models read them")
    func seedShapedFilesImport() throws {
        let folder = try PlistlibOracle.produce(seedFilesScript)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fileExtension, _) in PlistlibOracle.formats {
            let messages = try PlistlibOracle.importing(folder, "messages.\(fileExtension)", id: "seed")
            #expect(messages.kind == .messages)
            let sendTime = messages.sections[0].rows[0].fields["send_time"]
            #expect(sendTime == .string("1576139886"), "\(fileExtension)")
            #expect(sendTime?.number == 1_576_139_886)
            #expect(messages.sections[0].rows[0].fields["read"] == .bool(false))

            let friends = try PlistlibOracle.importing(folder, "friends.\(fileExtension)", id: "seed")
            #expect(friends.kind == .friends)
            #expect(friends.sections.map(\.rows.count) == [3, 0, 1], "\(fileExtension)")
            #expect(friends.sections.map { $0.fields["online"] } == [.string("2"), .string("0"), .string("1")])
            #expect(friends.sections.map { $0.fields["online"]?.integer } == [2, 0, 1])
            #expect(friends.sections[2].rowsKeyIndex == 0)

            let apps = try PlistlibOracle.importing(folder, "apps.\(fileExtension)", id: "seed")
            #expect(apps.kind == .apps)
            #expect(apps.sections[0].rows[0].fields["size"] == .string("23.4"))
            #expect(apps.sections[0].rows[0].fields["size"]?.number == 23.4)

            let heroes = try PlistlibOracle.importing(folder, "heroes.\(fileExtension)", id: "seed")
            #expect(heroes.kind == .heroes)
            #expect(heroes.sections[0].rows[0].fields["tags"] == .string("坦克, 战士"))
        }
    }

    @Test("an export keeps every value's type: byte-equal to plistlib's XML and binary files and to the JSON file")
    func exportsAreByteEqual() throws {
        let folder = try PlistlibOracle.produce(seedFilesScript)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["messages", "friends", "apps", "heroes"] {
            for (fileExtension, format) in PlistlibOracle.formats {
                let file = "\(name).\(fileExtension)"
                let original = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
                let dataset = try PlistlibOracle.importing(folder, file, id: "seed")
                let exported = DatasetImporter.export(dataset, as: format)
                #expect(exported == original, "\(file): \(String(decoding: exported.prefix(200), as: UTF8.self))")
                try Data(exported).write(to: folder.appendingPathComponent("\(name).export.\(fileExtension)"))
            }
        }
        #expect(try PlistlibOracle.run(["check", folder.path], script: seedFilesScript) == "ok 12")
    }

    @Test(
        "a broken file is refused with the key path of its bad value in every format",
        arguments: [
            ("broken-friends", "[3].friends", #"expected an array, found "x""#),
            ("online-yes", "[1].online", #"expected an integer, found "yes""#),
            ("send-time-empty", "[2].send_time", #"expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found """#),
            ("size-true", "[1].size", "expected a number or a string, found true"),
        ])
    func brokenFilesAreRefused(name: String, path: String, message: String) throws {
        let folder = try PlistlibOracle.produce(seedFilesScript)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fileExtension, _) in PlistlibOracle.formats {
            let file = "\(name).\(fileExtension)"
            #expect(throws: ImportError(file: file, path: path, message: message), "\(file)") {
                try PlistlibOracle.importing(folder, file, id: "seed")
            }
        }
    }
}
