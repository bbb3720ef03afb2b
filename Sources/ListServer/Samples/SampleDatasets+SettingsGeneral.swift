// ListServer — the General screen of the settings sample, with About, Language & Region and the rest

extension SampleDatasets {
    /// The child table the settings sample's General row opens: About (value1 rows and a deeper
    /// drill-down), Language & Region with a reorderable list, and the rest of a phone's General screen.
    static let settingsGeneral = #"""
        {
          "style": "insetGrouped",
          "sections": [
            {
              "rows": [
                {
                  "text": "About",
                  "accessory": "disclosureIndicator",
                  "table": {
                    "style": "insetGrouped",
                    "sections": [
                      {
                        "rows": [
                          {"text": "Name", "detail": "Lin Wei's Phone", "style": "value1", "selectionStyle": "none"},
                          {"text": "Software Version", "detail": "18.2 (22C152)", "style": "value1", "selectionStyle": "none"},
                          {"text": "Model Name", "detail": "Pebble Pro 14", "style": "value1", "selectionStyle": "none"},
                          {"text": "Model Number", "detail": "PB-1402", "style": "value1", "selectionStyle": "none"},
                          {"text": "Serial Number", "detail": "K7QX29F4M1", "style": "value1", "selectionStyle": "none"}
                        ]
                      },
                      {
                        "rows": [
                          {"text": "Songs", "detail": "1,204", "style": "value1", "selectionStyle": "none"},
                          {"text": "Videos", "detail": "36", "style": "value1", "selectionStyle": "none"},
                          {"text": "Photos", "detail": "8,912", "style": "value1", "selectionStyle": "none"},
                          {"text": "Applications", "detail": "87", "style": "value1", "selectionStyle": "none"},
                          {"text": "Capacity", "detail": "256 GB", "style": "value1", "selectionStyle": "none"},
                          {"text": "Available", "detail": "141.7 GB", "style": "value1", "selectionStyle": "none"}
                        ]
                      },
                      {
                        "header": "Network",
                        "rows": [
                          {"text": "Wi-Fi Address", "detail": "4C:2E:91:07:AB:5D", "style": "value1", "selectionStyle": "none"},
                          {"text": "Bluetooth", "detail": "4C:2E:91:07:AB:5E", "style": "value1", "selectionStyle": "none"},
                          {"text": "Modem Firmware", "detail": "2.31.02", "style": "value1", "selectionStyle": "none"}
                        ]
                      }
                    ]
                  }
                },
                {
                  "text": "Software Update",
                  "accessory": "disclosureIndicator",
                  "table": {
                    "style": "insetGrouped",
                    "sections": [
                      {
                        "footer": "Updates are downloaded over Wi-Fi and installed overnight while the phone charges.",
                        "rows": [
                          {"text": "Automatic Updates", "accessoryView": "switch", "on": true, "selectionStyle": "none"},
                          {"text": "Download Betas", "accessoryView": "switch", "on": false, "selectionStyle": "none"}
                        ]
                      }
                    ]
                  }
                }
              ]
            },
            {
              "rows": [
                {"text": "Storage", "accessory": "disclosureIndicator"},
                {"text": "Background Refresh", "accessory": "disclosureIndicator"}
              ]
            },
            {
              "rows": [
                {"text": "Date & Time", "accessory": "disclosureIndicator"},
                {"text": "Keyboard", "accessory": "disclosureIndicator"},
                {
                  "text": "Language & Region",
                  "accessory": "disclosureIndicator",
                  "table": {
                    "style": "insetGrouped",
                    "sections": [
                      {
                        "header": "Preferred Languages",
                        "footer": "Apps and websites will use the first language in this list that they support. Drag to reorder.",
                        "rows": [
                          {"text": "English", "detail": "iPhone Language", "style": "subtitle", "editingStyle": "delete", "canMove": true},
                          {"text": "简体中文", "detail": "Chinese, Simplified", "style": "subtitle", "editingStyle": "delete", "canMove": true},
                          {"text": "Add Language…", "editingStyle": "insert", "textColor": "tint"}
                        ]
                      },
                      {
                        "rows": [
                          {
                            "text": "Region",
                            "detail": "China mainland",
                            "style": "value1",
                            "table": {
                              "style": "insetGrouped",
                              "sections": [
                                {
                                  "choice": "single",
                                  "rows": [
                                    {"text": "China mainland", "accessory": "checkmark"},
                                    {"text": "Hong Kong"},
                                    {"text": "Singapore"},
                                    {"text": "United Kingdom"},
                                    {"text": "United States"}
                                  ]
                                }
                              ]
                            }
                          },
                          {
                            "text": "Calendar",
                            "detail": "Gregorian",
                            "style": "value1",
                            "table": {
                              "style": "insetGrouped",
                              "sections": [
                                {
                                  "choice": "single",
                                  "rows": [
                                    {"text": "Gregorian", "accessory": "checkmark"},
                                    {"text": "Buddhist"},
                                    {"text": "Chinese"},
                                    {"text": "Japanese"}
                                  ]
                                }
                              ]
                            }
                          },
                          {
                            "text": "Temperature",
                            "detail": "°C",
                            "style": "value1",
                            "table": {
                              "style": "insetGrouped",
                              "sections": [
                                {
                                  "choice": "single",
                                  "rows": [
                                    {"text": "Celsius (°C)", "accessory": "checkmark"},
                                    {"text": "Fahrenheit (°F)"}
                                  ]
                                }
                              ]
                            }
                          }
                        ]
                      }
                    ]
                  }
                }
              ]
            },
            {
              "footer": "Resetting returns every setting to the way it left the factory; your photos, messages and apps stay.",
              "rows": [
                {"text": "Transfer or Reset", "accessory": "disclosureIndicator"}
              ]
            }
          ]
        }
        """#
}
