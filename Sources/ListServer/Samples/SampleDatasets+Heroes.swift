// ListServer — the heroes of an invented fantasy game

extension SampleDatasets {
    /// The heroes of an invented fantasy game, with descriptions from one line to a short paragraph.
    ///
    /// Shape: `[{name, title, icon, desc, tags}]`.
    static let heroes = SampleDataset(
        id: "heroes",
        title: "Heroes · 英雄",
        json: #"""
        [
          {
            "name": "Aurelian Vex",
            "title": "The Sunforged Blade",
            "icon": "hero-01",
            "desc": "A knight who swore his oath to a dying sun and still carries its last light in his sword.",
            "tags": ["Warrior", "Tank"]
          },
          {
            "name": "墨离",
            "title": "影隐之刃",
            "icon": "hero-02",
            "desc": "生于雾港的刺客，行走无声。传说她从不在同一座城里停留三夜。",
            "tags": ["Assassin"]
          },
          {
            "name": "Thessaly Marr",
            "title": "Keeper of the Tidal Archive",
            "icon": "hero-03",
            "desc": "Every tide that reaches the drowned library leaves a page behind, and Thessaly has read them all. She bends water the way scholars bend arguments: patiently, and until it breaks. Allies near her regain mana whenever she casts a wave.",
            "tags": ["Mage", "Support"]
          },
          {"name": "铁壁 巴图", "title": "北境守门人", "icon": "hero-04", "desc": "一面盾，一座关。", "tags": ["坦克"]},
          {
            "name": "Nyx Calloway",
            "title": "Lantern Thief",
            "icon": "hero-05",
            "desc": "Steals light, not gold.",
            "tags": ["Assassin", "Marksman"]
          },
          {
            "name": "青鸾",
            "title": "云上医者",
            "icon": "hero-06",
            "desc": "青鸾自幼随师父在云顶采药，能以羽为针、以风为引。战斗中她不断为队友回复生命，并在危急时展开羽翼，为一名盟友抵挡致命一击。",
            "tags": ["Support", "治疗"]
          },
          {
            "name": "Garrick Stonehollow",
            "title": "Mountain's Last Son",
            "icon": "hero-07",
            "desc": "When the mountain clans fell, Garrick walked out of the rubble carrying the gate of his hall on his back. He has not put it down since.",
            "tags": ["Tank", "Warrior"]
          },
          {
            "name": "Seraphine Oakenveil",
            "title": "Warden of the Green Gate",
            "icon": "hero-08",
            "desc": "Roots answer her call; enemies caught in them are slowed and revealed.",
            "tags": ["Mage", "Support"]
          },
          {
            "name": "离火",
            "title": "焚城术士",
            "icon": "hero-09",
            "desc": "他点燃的第一座城是自己的故乡。从那以后，火焰只听他一人的话。",
            "tags": ["Mage", "法师"]
          },
          {
            "name": "Kestrel",
            "title": "Windrunner Scout",
            "icon": "hero-10",
            "desc": "Never misses twice.",
            "tags": ["Marksman"]
          },
          {
            "name": "Orrin Vale",
            "title": "The Clockwork Heretic",
            "icon": "hero-11",
            "desc": "Expelled from the Brass Conclave for building a heart that beat on its own. His turrets reload faster for every second they stay untouched.",
            "tags": ["Mage", "Controller"]
          },
          {
            "name": "白夜",
            "title": "月下剑客",
            "icon": "hero-12",
            "desc": "剑出无声，月落无痕。",
            "tags": ["Warrior", "剑客"]
          },
          {
            "name": "Brannoc the Unbowed",
            "title": "Chieftain of Ash Hollow",
            "icon": "hero-13",
            "desc": "Leads from the front; nearby allies gain armor while he stands.",
            "tags": ["Warrior", "Leader"]
          },
          {
            "name": "霜语 Lin",
            "title": "冰原歌者",
            "icon": "hero-14",
            "desc": "她的歌声能让风雪停下。Her chant freezes the ground in a wide ring, and enemies who stay inside are rooted for a moment.",
            "tags": ["Support", "Mage"]
          },
          {
            "name": "Vesper Quill",
            "title": "Ink Witch of Low Market",
            "icon": "hero-15",
            "desc": "Writes curses on the backs of receipts. They always come due.",
            "tags": ["Mage"]
          },
          {
            "name": "石破天",
            "title": "开山之拳",
            "icon": "hero-16",
            "desc": "拳头比道理硬。冲锋时无视第一次控制效果。",
            "tags": ["Fighter", "坦克"]
          },
          {
            "name": "Idris Falk",
            "title": "Duelist of the Seven Courts",
            "icon": "hero-17",
            "desc": "Undefeated in six courts, banned from the seventh. Each successful parry sharpens his next strike.",
            "tags": ["Assassin", "Fighter"]
          },
          {
            "name": "Mara Thornwick",
            "title": "Beast-Speaker",
            "icon": "hero-18",
            "desc": "Raised by the grey wolves of Fenmoor, Mara speaks to animals more easily than to people. She fights beside a summoned wolf pack whose size grows with every ally she heals.",
            "tags": ["Support", "Summoner"]
          },
          {
            "name": "夜枭",
            "title": "钟楼狙击手",
            "icon": "hero-19",
            "desc": "午夜钟声响起的时候，他已经扣下了扳机。",
            "tags": ["Marksman", "射手"]
          },
          {
            "name": "Calder Reyes",
            "title": "Iron Cartographer",
            "icon": "hero-20",
            "desc": "Maps the battlefield as it changes, marking paths that only his team can use.",
            "tags": ["Support"]
          },
          {
            "name": "Lyra Ashgrove",
            "title": "Ember Dancer",
            "icon": "hero-21",
            "desc": "Each step leaves a trail of sparks; dance long enough and the whole floor burns.",
            "tags": ["Mage", "Assassin"]
          },
          {
            "name": "玄甲 韩烈",
            "title": "破阵将军",
            "icon": "hero-22",
            "desc": "玄甲军最后一位将军。他的长枪曾独自破开三道阵线，身后的旗帜从未倒下。",
            "tags": ["Tank", "Warrior"]
          },
          {
            "name": "Pell",
            "title": "The Small Alchemist",
            "icon": "hero-23",
            "desc": "Mostly harmless. Mostly.",
            "tags": ["Support", "炼金"]
          },
          {
            "name": "Ysolde Marrow",
            "title": "Queen Beneath the Lake",
            "icon": "hero-24",
            "desc": "Once a river princess, Ysolde drowned her own kingdom rather than surrender it. Now she rules a silent court under the ice, and every hero who falls near the lake joins it for a while. Her ultimate raises the fallen of both sides to fight for her for six seconds.",
            "tags": ["Mage", "Controller", "Boss"]
          }
        ]
        """#
    )
}
