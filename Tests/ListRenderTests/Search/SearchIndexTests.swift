// ListRenderTests — the search index against a naive filter on seeded random datasets
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("Search index: the rows it finds are the rows a naive filter finds")
struct SearchIndexTests {
    /// Pieces of text in several scripts and cases, HTML-special characters and emoji included.
    static let words = [
        "Ava", "ava", "AVA", "Smith", "MÜLLER", "müller", "Straße", "ΟΔΥΣΣΕΑΣ", "οδυσσέας", "Ёлка", "ёлка",
        "林小雨", "王大锤", "今天也要", "元气满满", "🏃", "🏃‍♀️", "👍🏽", "Tom & Jerry", "<b>", "&amp;", "a", "I", "İstanbul",
        "café", "CAFÉ", " ", "e\u{301}",
    ]

    /// SplitMix64, so every run tests the same datasets.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static func text(_ random: inout Random) -> String {
        (0...random.next(3)).map { _ in words[random.next(words.count)] }.joined(separator: random.next(2) == 0 ? " " : "")
    }

    /// A dataset of `kind` with a few sections of random rows; some fields hold numbers and booleans.
    static func dataset(_ kind: DatasetKind, seed: UInt64) -> Dataset {
        var random = Random(state: seed)
        var id: Int64 = 1
        let sections = (0..<(1 + random.next(5))).map { _ in
            let rows = (0..<random.next(12)).map { _ in
                var fields = Fields()
                for key in ["name", "intro", "title", "desc", "content", "size", "note"] where random.next(3) > 0 {
                    fields[key] = random.next(6) == 0 ? .int(Int64(random.next(1000))) : .string(text(&random))
                }
                if random.next(2) == 0 { fields["tags"] = .array([.string(text(&random)), .string(text(&random))]) }
                fields["vip"] = .bool(random.next(2) == 0)
                defer { id += 1 }
                return Row(id: RowID(id), fields: fields)
            }
            defer { id += 1 }
            return Section(id: SectionID(id), fields: ["name": .string(text(&random))], rows: rows)
        }
        return Dataset(
            id: "random", title: "Random", kind: kind, style: .plain, shape: SourceShape(rowsKey: "rows"),
            sections: sections)
    }

    /// The naive filter: the row's texts lower-cased with the standard library, searched byte by byte.
    static func naive(_ dataset: Dataset, _ query: String) -> [[RowID]] {
        let needle = Array(query.lowercased().utf8)
        return dataset.sections.map { section in
            section.rows.filter { row in
                var found = false
                SearchIndex.searchableTexts(of: row.fields, kind: dataset.kind) { text in
                    let haystack = Array(text.lowercased().utf8)
                    if !found && haystack.count >= needle.count {
                        found = (0...(haystack.count - needle.count)).contains {
                            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
                        }
                    }
                }
                return found
            }.map(\.id)
        }.filter { !$0.isEmpty }
    }

    /// Queries: pieces of the dataset's own texts in other cases, and the word list.
    static func queries(_ dataset: Dataset, _ random: inout Random) -> [String] {
        var queries = words
        for section in dataset.sections {
            for row in section.rows {
                SearchIndex.searchableTexts(of: row.fields, kind: dataset.kind) { text in
                    let scalars = Array(text.unicodeScalars)
                    guard !scalars.isEmpty, random.next(3) == 0 else { return }
                    let start = random.next(scalars.count)
                    let end = start + 1 + random.next(scalars.count - start)
                    var piece = String(String.UnicodeScalarView(scalars[start..<end]))
                    if random.next(2) == 0 { piece = piece.uppercased() }
                    queries.append(piece)
                }
            }
        }
        return queries
    }

    @Test(
        "the texts the index is built from, lent as bytes, are the texts a row's search looks in",
        arguments: DatasetKind.allCases)
    func textBytesMatchTexts(kind: DatasetKind) {
        for seed in 1...6 {
            for row in Self.dataset(kind, seed: UInt64(seed) &* 104_729).sections.flatMap(\.rows) {
                var texts: [String] = []
                SearchIndex.searchableTexts(of: row.fields, kind: kind) { texts.append($0) }
                var lent: [String] = []
                SearchIndex.searchableTextBytes(of: row.fields, kind: kind) {
                    lent.append(String(decoding: $0, as: UTF8.self))
                }
                #expect(lent == texts, "seed \(seed)")
            }
        }
    }

    @Test("every query finds the rows the naive filter finds, in every kind", arguments: DatasetKind.allCases)
    func oracle(kind: DatasetKind) throws {
        for seed in 1...12 {
            let dataset = Self.dataset(kind, seed: UInt64(seed) &* 7919)
            let index = SearchIndex(dataset: dataset)
            var random = Random(state: UInt64(seed))
            for text in Self.queries(dataset, &random) {
                let query = try #require(SearchQuery(text))
                let results = index.results(query)
                let found = results.sections.map { $0.rows.map(\.id) }
                #expect(found == Self.naive(dataset, text), "seed \(seed), query \(text)")
                #expect(results.sections.allSatisfy { !$0.rows.isEmpty }, "sections without a match are left out")
                let rows = results.sections.flatMap(\.rows)
                #expect(rows.allSatisfy { SearchIndex.row($0.fields, kind: kind, contains: query) })
            }
        }
    }

    @Test("results keep the ids, fields, version and order of the dataset; only matching sections stay")
    func resultsKeepIdentity() throws {
        let dataset = Dataset(
            id: "t", title: "T", kind: .generic, style: .plain, shape: SourceShape(rowsKey: "rows"),
            sections: [
                Section(id: SectionID(1), fields: ["title": .string("Red")], rows: [
                    Row(id: RowID(4), fields: ["title": .string("Apple"), "n": .int(1)]),
                    Row(id: RowID(5), fields: ["title": .string("Cherry")]),
                ]),
                Section(
                    id: SectionID(2), fields: ["title": .string("Blue")],
                    rows: [Row(id: RowID(6), fields: ["title": .string("Plum")])]),
                Section(id: SectionID(3), fields: ["title": .string("Green")], rows: [
                    Row(id: RowID(7), fields: ["title": .string("Lime"), "note": .string("PINEAPPLE")]),
                ]),
            ], version: 9)
        let results = SearchIndex(dataset: dataset).results(try #require(SearchQuery("apple")))
        #expect(results.version == 9)
        #expect(results.nextID == dataset.nextID)
        #expect(results.sections.map(\.id) == [SectionID(1), SectionID(3)])
        #expect(results.sections[0].fields == dataset.sections[0].fields)
        #expect(results.sections.map { $0.rows.map(\.id) } == [[RowID(4)], [RowID(7)]])
        #expect(results.sections[0].rows[0] == dataset.sections[0].rows[0])
        #expect(SearchIndex(dataset: dataset).results(try #require(SearchQuery("1"))).rowCount == 0, "numbers are not text")
    }

    @Test("a generic row is found by the texts of the nested list its second line shows, and only those")
    func nestedListTexts() throws {
        func finds(_ fields: Fields, _ text: String) -> Bool {
            SearchIndex.row(fields, kind: .generic, contains: SearchQuery(text)!)
        }
        let city: Fields = ["name": .string("Shenzhen"), "areas": .array(["Nanshan", "Futian"].map(FieldValue.string))]
        #expect(finds(city, "nanshan") && finds(city, "FUTIAN") && !finds(city, "Luohu"))
        let described: Fields = ["name": .string("Shenzhen"), "note": .string("coast"), "areas": .array([.string("Nanshan")])]
        #expect(finds(described, "coast") && !finds(described, "nanshan"))
    }

    @Test("each kind searches the texts its cell shows, and nothing else")
    func searchedFields() throws {
        func finds(_ kind: DatasetKind, _ fields: Fields, _ text: String) -> Bool {
            SearchIndex.row(fields, kind: kind, contains: SearchQuery(text)!)
        }
        let fields: Fields = [
            "name": .string("Nm"), "intro": .string("In"), "title": .string("Ti"), "desc": .string("De"),
            "tags": .array([.string("Tg1"), .string("tg2")]), "content": .string("Co"),
            "size": .string("Sz"), "icon": .string("Ic"), "other": .string("Ot"), "count": .int(42),
        ]
        #expect(["nm", "in"].allSatisfy { finds(.friends, fields, $0) })
        #expect(!["ti", "ic", "ot", "sz"].contains { finds(.friends, fields, $0) })
        #expect(["nm", "ti", "de", "tg1", "tg2"].allSatisfy { finds(.heroes, fields, $0) })
        #expect(!["in", "co", "ic"].contains { finds(.heroes, fields, $0) })
        #expect(finds(.apps, fields, "nm") && !finds(.apps, fields, "sz"))
        #expect(["ti", "co"].allSatisfy { finds(.messages, fields, $0) } && !finds(.messages, fields, "nm"))
        #expect(["nm", "in", "ti", "ic", "ot", "sz"].allSatisfy { finds(.generic, fields, $0) })
        #expect(!finds(.generic, fields, "42") && !finds(.generic, fields, "tg1"))
        #expect(finds(.heroes, ["name": .string("N"), "tags": .string("alpha, beta")], "beta"), "tags as one text split at commas")
        #expect(!finds(.friends, ["name": .string("ab"), "intro": .string("cd")], "bc"), "a match never spans two fields")
        let translated: Fields = [
            "text": .string("Sounds"),
            "localized": .dict(["zh-Hans": .dict(["text": .string("声音"), "detail": .string("开")])]),
        ]
        #expect(["sounds", "声音", "开"].allSatisfy { finds(.settings, translated, $0) && finds(.table, translated, $0) })
        #expect(!finds(.generic, ["title": .string("Sounds"), "note": .int(1)], "声音"))
        #expect(finds(.generic, ["title": .int(2024)], "202"), "a number title is shown, so searched")
    }

    @Test("a version reusing an earlier index finds what a fresh index finds")
    func reuse() throws {
        let first = Self.dataset(.friends, seed: 99)
        let index = SearchIndex(dataset: first)
        var second = first
        second.version += 1
        if !second.sections.isEmpty { second.sections[0].rows = Array(second.sections[0].rows.dropFirst()) }
        second.sections.append(Section(id: SectionID(10_000), rows: [Row(id: RowID(10_001), fields: ["name": .string("Ava")])]))
        let reused = SearchIndex(dataset: second, reusing: index)
        for text in Self.words {
            let query = try #require(SearchQuery(text))
            #expect(reused.results(query) == SearchIndex(dataset: second).results(query), "\(text)")
            #expect(reused.results(query).sections.allSatisfy { section in
                section.rows.allSatisfy { row in second.sections.contains { $0.rows.contains(row) } }
            })
        }
    }

    @Test("an empty query is no search; an empty dataset finds nothing")
    func edges() throws {
        #expect(SearchQuery("") == nil)
        let empty = Dataset(id: "e", title: "E", kind: .generic, style: .plain, shape: SourceShape(), sections: [])
        #expect(SearchIndex(dataset: empty).results(try #require(SearchQuery("a"))).sections.isEmpty)
        #expect(SearchQuery("ADA") == SearchQuery("ada"), "queries that fold alike are one search")
    }
}
