// Models — one specifier read into a table row, as the Settings app draws its control

extension SettingsPageReader {
    /// The row of a specifier that is not a group, as the Settings app draws it:
    /// - `PSToggleSwitchSpecifier`: a switch (`accessoryView: switch`), `on` when the value is `TrueValue`;
    /// - `PSTitleValueSpecifier`: a `value1` row whose detail is the value's title (`Titles`/`Values`);
    /// - `PSTextFieldSpecifier`: a text field (`accessoryView: textField`) holding `value`, with `secure`,
    ///   `keyboardType`, `autocapitalization` and `autocorrection` from the specifier;
    /// - `PSSliderSpecifier`: a slider (`accessoryView: slider`) holding `value` between `minimumValue` and
    ///   `maximumValue`, its images' names under `minimumImage` and `maximumImage` and, when the bundle has the
    ///   image, its variants as an `<img srcset>` under `minimumImageSources` and `maximumImageSources`;
    /// - `PSMultiValueSpecifier`: a `value1` row with a chevron whose detail is the chosen title (its short one
    ///   when given), opening a child table that is a choice list of `Titles`;
    /// - `PSChildPaneSpecifier`: a row with a chevron opening the page of `File` as a child table, or, when
    ///   the file is not in the bundle (or the pane opens itself), a row that says so;
    /// - any other type (`IASKButtonSpecifier`): a plain row with its title; untitled (InAppSettingsKit's text
    ///   views and custom views often are), its default value's text, else its key, else its type.
    ///
    /// Every row keeps its specifier under ``specifierKey``; rows with no action do not highlight.
    /// - Complexity: O(n) in the specifier's values, plus the pages a child pane opens.
    func row(for specifier: SettingsSpecifier, page: Fields, visited: Set<String>) -> Fields {
        var texts = Texts(reader: self, page: page)
        texts.set("text", specifier.title ?? (specifier.kind == nil ? Self.untitledText(of: specifier) : ""))
        var extra = Fields()
        // The key's first default, as the Settings app registers it, where another specifier of the key gave one first.
        let value = startingValue(of: specifier)
        switch specifier.kind {
        case .toggleSwitch:
            extra["accessoryView"] = .string(TableAccessoryView.switch.rawValue)
            extra["on"] = .bool(specifier.isOn(value))
            extra["selectionStyle"] = .string(TableSelectionStyle.none.rawValue)
        case .titleValue:
            extra["style"] = .string(TableCellStyle.value1.rawValue)
            extra["selectionStyle"] = .string(TableSelectionStyle.none.rawValue)
            if let value { extra["value"] = value }
            if let index = specifier.index(ofValue: value), index < specifier.titles.count {
                texts.set("detail", specifier.titles[index])
            } else if let text = value?.text {
                extra["detail"] = .string(text)
            }
        case .textField:
            extra["accessoryView"] = .string(TableAccessoryView.textField.rawValue)
            extra["selectionStyle"] = .string(TableSelectionStyle.none.rawValue)
            extra["value"] = value ?? .string("")
            if specifier.fields["IsSecure"]?.flag == true { extra["secure"] = .bool(true) }
            for (name, key) in [("keyboardType", "KeyboardType"), ("autocapitalization", "AutocapitalizationType"),
                                ("autocorrection", "AutocorrectionType")] {
                if let setting = specifier.fields[key]?.stringValue { extra[name] = .string(setting) }
            }
        case .slider:
            let minimum = specifier.fields["MinimumValue"]?.number ?? 0
            let maximum = specifier.fields["MaximumValue"]?.number ?? 1
            extra["accessoryView"] = .string(TableAccessoryView.slider.rawValue)
            extra["selectionStyle"] = .string(TableSelectionStyle.none.rawValue)
            extra["value"] = value ?? .real(minimum)
            extra["minimumValue"] = .real(minimum)
            extra["maximumValue"] = .real(max(minimum, maximum))
            for (key, name) in [("MinimumValueImage", "minimumImage"), ("MaximumValueImage", "maximumImage")] {
                guard let image = specifier.fields[key]?.stringValue else { continue }
                extra[name] = .string(image)
                if let sources = bundle.imageSources(named: image) {
                    extra[name + Self.imageSourcesSuffix] = .string(sources)
                }
            }
        case .multiValue:
            extra["style"] = .string(TableCellStyle.value1.rawValue)
            extra["accessory"] = .string(TableAccessory.disclosureIndicator.rawValue)
            if let index = specifier.index(ofValue: value) {
                let shortTitles = specifier.shortTitles
                if index < shortTitles.count {
                    texts.set("detail", shortTitles[index])
                } else if index < specifier.titles.count {
                    texts.set("detail", specifier.titles[index])
                }
            }
            let choices: Fields = [
                TableDocument.choiceKey: .string("single"), TableDocument.rowsKey: .array(choiceRows(specifier, page: page)),
            ]
            extra[TableDocument.childKey] = .dict([
                "style": .string(TableStyle.insetGrouped.rawValue), TableDocument.sectionsKey: .array([.dict(choices)]),
            ])
        case .childPane:
            let file = specifier.fields["File"]?.text ?? ""
            if let pane = bundle.panes[file]?.dictValue, SettingsBundle.isPage(.dict(pane)),
                !visited.contains(file), visited.count < Self.maximumDepth
            {
                extra["accessory"] = .string(TableAccessory.disclosureIndicator.rawValue)
                extra[TableDocument.childKey] = .dict(table(of: pane, file: file, visited: visited))
            } else {
                extra["style"] = .string(TableCellStyle.subtitle.rawValue)
                extra["selectionStyle"] = .string(TableSelectionStyle.none.rawValue)
                extra[Self.missingFileKey] = .string("\(file).plist")
                let opensItself = visited.contains(file) && bundle.panes[file] != nil
                // In each language the interface speaks (ListRender's UILanguage), as its words are.
                texts.set("detail", byLanguage: opensItself
                    ? ["en": "\(file).plist opens itself", "zh-Hans": "\(file).plist 打开了它自己",
                       "zh-Hant": "\(file).plist 開啟了它自己", "ar": "الملف \(file).plist يفتح نفسه",
                       "he": "\(file).plist פותח את עצמו"]
                    : ["en": "\(file).plist is missing from the bundle", "zh-Hans": "设置包中缺少 \(file).plist",
                       "zh-Hant": "設定包中缺少 \(file).plist", "ar": "الملف \(file).plist غير موجود في الحزمة",
                       "he": "\(file).plist חסר בחבילה"])
            }
        case .group, .radioGroup, nil:
            break
        }
        var fields = texts.fields
        for field in extra { fields[field.key] = field.value }
        fields[Self.specifierKey] = .dict(specifier.fields)
        return fields
    }

    /// What an untitled row of a type the Settings app does not know shows: its default value's text (a text
    /// view's), else its key, else its type's name, never nothing.
    static func untitledText(of specifier: SettingsSpecifier) -> String {
        if let text = specifier.defaultValue?.text, !text.isEmpty { return text }
        if let key = specifier.key, !key.isEmpty { return key }
        return specifier.typeName
    }
}
