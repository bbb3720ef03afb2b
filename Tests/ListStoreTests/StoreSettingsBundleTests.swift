// ListStoreTests — a Settings bundle's kept files (strings, images) through a store and a reopening
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore: a Settings bundle's files")
struct StoreSettingsBundleTests {
    @Test("the strings, the images and the folder's name come back after a reopening, as does the archive",
          arguments: StoreBackend.available)
    func keptFilesSurvive(_ backend: StoreBackend) throws {
        let slider: Fields = [
            "Type": .string("PSSliderSpecifier"), "Key": .string("volume"), "DefaultValue": .real(0.5),
            "MinimumValueImage": .string("quiet"),
        ]
        let page = FieldValue.dict(["PreferenceSpecifiers": .array([.dict(slider)])])
        // Every byte value, so that no encoding along the way may take the image for text.
        let image = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var bundle = SettingsBundle(
            name: "Chimes", root: page,
            files: ["quiet@2x.png": image, "zh-Hans.lproj/Root.strings": [0xFF, 0xFE, 0x22, 0x00, 0x22, 0x00]])
        bundle.folder = "Settings"
        let dataset = try bundle.dataset(id: "chimes", title: nil, file: "Settings.bundle")
        try StoreFixtures.withLocation(backend) { location in
            let store = try location.open()
            try store.insert([dataset], replacing: false)
            store.close()
            let loaded = try #require(try StoreFixtures.loadAll(from: location).first { $0.id == "chimes" })
            #expect(loaded == dataset)
            let files = loaded.shape.document?[SettingsBundle.filesKey]?.dictValue
            #expect(files?["quiet@2x.png"] == .data(image))
            #expect(loaded.sections[0].rows[0].fields["minimumImageSources"]?.stringValue?.hasSuffix(" 2x") == true)
            #expect(SettingsExport.bundleArchive(of: loaded).bytes == SettingsExport.bundleArchive(of: dataset).bytes)
        }
    }
}
