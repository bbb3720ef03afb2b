// ListServer — an app store list of invented apps

extension SampleDatasets {
    /// An app store list of invented apps, with sizes in megabytes and download counts from hundreds
    /// to hundreds of millions.
    ///
    /// Shape: `[{name, icon, size, download}]`.
    static let apps = SampleDataset(
        id: "apps",
        title: "Apps · 应用",
        json: #"""
        [
          {"name": "Pebble Notes", "icon": "app-01", "size": 23.4, "download": 1284503},
          {"name": "云朵天气 CloudCast", "icon": "app-02", "size": 41.7, "download": 86120455},
          {"name": "Tidy Ledger 记账本", "icon": "app-03", "size": 18.2, "download": 2450391},
          {"name": "Lumen Reader", "icon": "app-04", "size": 62.9, "download": 530882},
          {"name": "番茄钟 FocusLeaf", "icon": "app-05", "size": 9.6, "download": 12075},
          {"name": "Harbor Maps", "icon": "app-06", "size": 188.3, "download": 312405773},
          {"name": "Sprout Garden", "icon": "app-07", "size": 54.1, "download": 71204},
          {"name": "小象翻译", "icon": "app-08", "size": 96.5, "download": 40877120},
          {"name": "Quill Mail", "icon": "app-09", "size": 37.8, "download": 8904561},
          {"name": "Orbit Photos", "icon": "app-10", "size": 143.2, "download": 156033870},
          {"name": "Brew Timer", "icon": "app-11", "size": 4.3, "download": 845},
          {"name": "Kite Chat 风筝聊天", "icon": "app-12", "size": 212.6, "download": 487300912},
          {"name": "Mosaic Puzzle", "icon": "app-13", "size": 305.9, "download": 6721004},
          {"name": "早起打卡 Sunrise", "icon": "app-14", "size": 15.5, "download": 302118},
          {"name": "Ferry Tickets", "icon": "app-15", "size": 48.4, "download": 1120340},
          {"name": "Pixel Piano", "icon": "app-16", "size": 88.7, "download": 932},
          {"name": "下厨记 Fernwood Recipes", "icon": "app-17", "size": 71.3, "download": 20517733},
          {"name": "Nimbus Drive", "icon": "app-18", "size": 119.4, "download": 98402116},
          {"name": "Compass Run", "icon": "app-19", "size": 66.6, "download": 4410278},
          {"name": "墨迹书法", "icon": "app-20", "size": 27.9, "download": 64003},
          {"name": "Lantern Podcasts", "icon": "app-21", "size": 52.2, "download": 3317205},
          {"name": "Knot Calendar", "icon": "app-22", "size": 31.5, "download": 7780144},
          {"name": "Starling Radio", "icon": "app-23", "size": 22.8, "download": 413},
          {"name": "熊猫快递 PandaPost", "icon": "app-24", "size": 84.1, "download": 250661480},
          {"name": "Driftwood Journal", "icon": "app-25", "size": 12.7, "download": 58231},
          {"name": "Meadow Meditation", "icon": "app-26", "size": 140.5, "download": 1906775},
          {"name": "Cobalt Scanner", "icon": "app-27", "size": 19.9, "download": 27611045},
          {"name": "口袋词典 PocketLex", "icon": "app-28", "size": 233.8, "download": 11502396},
          {"name": "Saffron Market", "icon": "app-29", "size": 77.4, "download": 168990},
          {"name": "Hopscotch Kids", "icon": "app-30", "size": 412.6, "download": 702}
        ]
        """#
    )
}
