// ListServer — a phone's settings screen as a table document

extension SampleDatasets {
    /// A phone's settings screen written for this project, in UITableView's own vocabulary: inset groups,
    /// switches (Airplane Mode, Wi-Fi, Bluetooth, Low Power Mode…), value1 details, drill-downs (General ▸
    /// About with value1 rows, Display ▸ Auto-Lock with a checkmark choice), footers that explain options, a
    /// reorderable list of languages, and one unknown key per row of the first screen (`key`), kept as it is.
    ///
    /// Shape: `{"table": {style, footer, separatorStyle, allowsSelection, allowsMultipleSelection, sections:
    /// [{header?, footer?, rows:[{text, detail?, image?, style?, accessory?, accessoryView?, on?, table?}]}]}}`.
    static let settings = SampleDataset(
        id: "settings",
        title: "Settings · 设置",
        json: #"""
        {
          "table": {
            "style": "insetGrouped",
            "footer": "A settings screen written for ListServer: switches store their state, and rows with a chevron open the screen behind them.",
            "separatorStyle": "singleLine",
            "allowsSelection": true,
            "allowsMultipleSelection": false,
            "sections": [
              {
                "rows": [
                  {"text": "Lin Wei", "detail": "Account, Cloud Sync & Devices", "style": "subtitle", "image": "settings-profile", "accessory": "disclosureIndicator", "height": 64}
                ]
              },
              {
                "rows": [
                  {"text": "Airplane Mode", "image": "settings-airplane", "accessoryView": "switch", "on": false, "selectionStyle": "none", "key": "airplane"},
                  {
                    "text": "Wi-Fi",
                    "detail": "Harbor-5G",
                    "style": "value1",
                    "image": "settings-wifi",
                    "key": "wifi",
                    "table": {
                      "style": "insetGrouped",
                      "sections": [
                        {
                          "footer": "Known networks are joined automatically. If none is in range, you will be asked before joining a new one.",
                          "rows": [
                            {"text": "Wi-Fi", "accessoryView": "switch", "on": true, "selectionStyle": "none"}
                          ]
                        },
                        {
                          "header": "My Networks",
                          "rows": [
                            {"text": "Harbor-5G", "detail": "Connected", "style": "subtitle", "accessory": "detailButton", "password": "stored"},
                            {"text": "Harbor-Guest", "accessory": "detailButton"}
                          ]
                        },
                        {
                          "header": "Other Networks",
                          "rows": [
                            {"text": "Teahouse Free WiFi", "accessory": "detailButton"},
                            {"text": "图书馆-3F", "accessory": "detailButton"},
                            {"text": "Other…"}
                          ]
                        },
                        {
                          "footer": "Hotspots nearby are offered when no known network is available.",
                          "rows": [
                            {
                              "text": "Ask to Join Networks",
                              "detail": "Notify",
                              "style": "value1",
                              "table": {
                                "style": "insetGrouped",
                                "sections": [
                                  {
                                    "choice": "single",
                                    "footer": "Known networks are joined automatically. If none is available, you are notified of available networks.",
                                    "rows": [
                                      {"text": "Off"},
                                      {"text": "Notify", "accessory": "checkmark"},
                                      {"text": "Ask"}
                                    ]
                                  }
                                ]
                              }
                            }
                          ]
                        }
                      ]
                    }
                  },
                  {
                    "text": "Bluetooth",
                    "detail": "On",
                    "style": "value1",
                    "image": "settings-bluetooth",
                    "key": "bluetooth",
                    "table": {
                      "style": "insetGrouped",
                      "sections": [
                        {
                          "footer": "Your phone is visible as “Lin Wei's Phone” while this screen is open.",
                          "rows": [
                            {"text": "Bluetooth", "accessoryView": "switch", "on": true, "selectionStyle": "none"}
                          ]
                        },
                        {
                          "header": "My Devices",
                          "rows": [
                            {"text": "Lark Buds", "detail": "Connected", "style": "value1", "accessory": "detailButton"},
                            {"text": "Kettle Speaker", "detail": "Not Connected", "style": "value1", "accessory": "detailButton"},
                            {"text": "Driftwood Watch", "detail": "Connected", "style": "value1", "accessory": "detailDisclosureButton"}
                          ]
                        }
                      ]
                    }
                  },
                  {"text": "Cellular", "image": "settings-cellular", "accessory": "disclosureIndicator", "key": "cellular"},
                  {"text": "Personal Hotspot", "detail": "Off", "style": "value1", "image": "settings-hotspot", "accessory": "disclosureIndicator", "key": "hotspot"}
                ]
              },
              {
                "rows": [
                  {
                    "text": "Notifications",
                    "image": "settings-notifications",
                    "accessory": "disclosureIndicator",
                    "table": {
                      "style": "insetGrouped",
                      "sections": [
                        {
                          "header": "Display As",
                          "choice": "single",
                          "rows": [
                            {"text": "Count"},
                            {"text": "Stack", "accessory": "checkmark"},
                            {"text": "List"}
                          ]
                        },
                        {
                          "rows": [
                            {"text": "Scheduled Summary", "detail": "Off", "style": "value1", "selectionStyle": "none"},
                            {
                              "text": "Show Previews",
                              "detail": "When Unlocked",
                              "style": "value1",
                              "table": {
                                "style": "insetGrouped",
                                "sections": [
                                  {
                                    "choice": "single",
                                    "rows": [
                                      {"text": "Always"},
                                      {"text": "When Unlocked", "accessory": "checkmark"},
                                      {"text": "Never"}
                                    ]
                                  }
                                ]
                              }
                            }
                          ]
                        },
                        {
                          "header": "Notification Style",
                          "rows": [
                            {"text": "Kite Chat 风筝聊天", "detail": "Banners, Sounds, Badges", "style": "subtitle", "accessory": "disclosureIndicator"},
                            {"text": "Quill Mail", "detail": "Badges", "style": "subtitle", "accessory": "disclosureIndicator"},
                            {"text": "Harbor Maps", "detail": "Off", "style": "subtitle", "accessory": "disclosureIndicator"}
                          ]
                        }
                      ]
                    }
                  },
                  {"text": "Sounds & Haptics", "image": "settings-sounds", "accessory": "disclosureIndicator"},
                  {"text": "Focus", "image": "settings-focus", "accessory": "disclosureIndicator"},
                  {"text": "Screen Time", "image": "settings-screentime", "accessory": "disclosureIndicator"}
                ]
              },
              {
                "rows": [
                  {
                    "text": "General",
                    "image": "settings-general",
                    "accessory": "disclosureIndicator",
                    "table": \#(settingsGeneral)
                  },
                  {
                    "text": "Display & Brightness",
                    "image": "settings-display",
                    "accessory": "disclosureIndicator",
                    "table": {
                      "style": "insetGrouped",
                      "sections": [
                        {
                          "header": "Appearance",
                          "choice": "single",
                          "rows": [
                            {"text": "Light", "accessory": "checkmark"},
                            {"text": "Dark"},
                            {"text": "Automatic", "accessoryView": "switch", "on": true, "selectionStyle": "none"}
                          ]
                        },
                        {
                          "header": "Text",
                          "rows": [
                            {"text": "Text Size", "accessory": "disclosureIndicator"},
                            {"text": "Bold Text", "accessoryView": "switch", "on": false, "selectionStyle": "none"}
                          ]
                        },
                        {
                          "footer": "Night Shift moves the colours of the display to the warmer end of the spectrum after dark.",
                          "rows": [
                            {
                              "text": "Night Shift",
                              "detail": "22:00 to 07:00",
                              "style": "value1",
                              "table": {
                                "style": "insetGrouped",
                                "sections": [
                                  {
                                    "rows": [
                                      {"text": "Scheduled", "accessoryView": "switch", "on": true, "selectionStyle": "none"},
                                      {"text": "From", "detail": "22:00", "style": "value1", "selectionStyle": "none"},
                                      {"text": "To", "detail": "07:00", "style": "value1", "selectionStyle": "none"}
                                    ]
                                  }
                                ]
                              }
                            },
                            {
                              "text": "Auto-Lock",
                              "detail": "2 Minutes",
                              "style": "value1",
                              "table": {
                                "style": "insetGrouped",
                                "sections": [
                                  {
                                    "footer": "A shorter time saves battery. The screen stays on while you are reading a page or watching a video.",
                                    "choice": "single",
                                    "rows": [
                                      {"text": "30 Seconds"},
                                      {"text": "1 Minute"},
                                      {"text": "2 Minutes", "accessory": "checkmark"},
                                      {"text": "3 Minutes"},
                                      {"text": "4 Minutes"},
                                      {"text": "5 Minutes"},
                                      {"text": "Never"}
                                    ]
                                  }
                                ]
                              }
                            },
                            {"text": "Raise to Wake", "accessoryView": "switch", "on": true, "selectionStyle": "none"}
                          ]
                        }
                      ]
                    }
                  },
                  {"text": "Wallpaper", "image": "settings-wallpaper", "accessory": "disclosureIndicator"},
                  {
                    "text": "Battery",
                    "image": "settings-battery",
                    "accessory": "disclosureIndicator",
                    "table": {
                      "style": "insetGrouped",
                      "sections": [
                        {
                          "rows": [
                            {"text": "Battery Percentage", "accessoryView": "switch", "on": true, "selectionStyle": "none"}
                          ]
                        },
                        {
                          "footer": "Low Power Mode pauses mail fetch, background refresh and automatic downloads until the phone is charged again.",
                          "rows": [
                            {"text": "Low Power Mode", "accessoryView": "switch", "on": false, "selectionStyle": "none"}
                          ]
                        },
                        {
                          "rows": [
                            {
                              "text": "Battery Health",
                              "detail": "96%",
                              "style": "value1",
                              "table": {
                                "style": "insetGrouped",
                                "sections": [
                                  {
                                    "footer": "Capacity is measured against the battery when it was new.",
                                    "rows": [
                                      {"text": "Maximum Capacity", "detail": "96%", "style": "value1", "selectionStyle": "none"},
                                      {"text": "Optimised Charging", "accessoryView": "switch", "on": true, "selectionStyle": "none"}
                                    ]
                                  }
                                ]
                              }
                            }
                          ]
                        }
                      ]
                    }
                  },
                  {"text": "Privacy & Security", "image": "settings-privacy", "accessory": "disclosureIndicator"}
                ]
              }
            ]
          }
        }
        """#
    )
}
