// ListServer — friend groups in the style of a chat app's contact list

extension SampleDatasets {
    /// Friend groups in the style of a chat app's contact list: seven groups, one of them empty,
    /// with VIP friends, optional intros, an emoji and a name full of HTML-special characters.
    ///
    /// Shape: `[{name, online, friends: [{name, icon, intro?, vip}]}]`.
    static let friends = SampleDataset(
        id: "friends",
        title: "Friends · 好友",
        json: #"""
        [
          {
            "name": "特别关心 Close Friends",
            "online": 2,
            "friends": [
              {"name": "林小雨", "icon": "friend-01", "intro": "下雨天适合写代码，也适合发呆。", "vip": true},
              {
                "name": "Ethan Zhou",
                "icon": "friend-02",
                "intro": "Half marathon in April — wish me luck 🏃",
                "vip": false
              },
              {"name": "阿杰 A-Jie", "icon": "friend-03", "vip": true},
              {"name": "苏晴 Sunny", "icon": "friend-04", "intro": "猫比人可爱，这是事实 🐱", "vip": false}
            ]
          },
          {
            "name": "我的好友 My Friends",
            "online": 4,
            "friends": [
              {"name": "王大锤", "icon": "friend-05", "intro": "今天也要元气满满！", "vip": false},
              {
                "name": "Chloe Martin",
                "icon": "friend-06",
                "intro": "Paris → Shanghai. Still hunting for a proper croissant.",
                "vip": true
              },
              {
                "name": "<b>Tom & \"Jerry\"</b>",
                "icon": "friend-07",
                "intro": "My bio says <script>alert('hi')</script> — if you can read this, escaping works.",
                "vip": false
              },
              {"name": "陈默", "icon": "friend-08", "vip": false},
              {
                "name": "小鹿 Lulu",
                "icon": "friend-09",
                "intro": "Illustrator · 插画师 · commissions open",
                "vip": true
              },
              {"name": "Marcus Lee", "icon": "friend-10", "intro": "gym, coffee, repeat", "vip": false},
              {"name": "赵一鸣", "icon": "friend-11", "intro": "在山里，信号不好，有事请留言。", "vip": false},
              {
                "name": "Zo\u00eb Park",
                "icon": "friend-12",
                "intro": "Seoul · Berlin · wherever the night train goes",
                "vip": false
              },
              {"name": "何思远", "icon": "friend-13", "vip": false}
            ]
          },
          {
            "name": "同学 Classmates",
            "online": 3,
            "friends": [
              {"name": "班长 刘洋", "icon": "friend-14", "intro": "周六聚餐，地点群里见～", "vip": true},
              {"name": "张婷婷", "icon": "friend-15", "intro": "考研上岸！谢谢一路陪我的你们 🎉", "vip": false},
              {
                "name": "Kevin Wu",
                "icon": "friend-16",
                "intro": "CS '19 · now at a tiny robotics startup",
                "vip": false
              },
              {"name": "孙浩然", "icon": "friend-17", "vip": false},
              {"name": "李想 Lisa", "icon": "friend-18", "intro": "第三遍读《百年孤独》，还是记不住名字", "vip": false},
              {"name": "黄子轩", "icon": "friend-19", "intro": "篮球 5v5 缺一人，速来", "vip": false},
              {"name": "Amy Chen", "icon": "friend-20", "intro": "Lab rat by day, baker by night 🧁", "vip": true},
              {"name": "周晓白", "icon": "friend-21", "vip": false}
            ]
          },
          {
            "name": "家人 Family",
            "online": 2,
            "friends": [
              {"name": "爸爸", "icon": "friend-22", "intro": "钓鱼中，勿扰", "vip": false},
              {"name": "妈妈", "icon": "friend-23", "intro": "记得按时吃饭！天冷加衣。", "vip": true},
              {"name": "姐姐 Grace", "icon": "friend-24", "intro": "宝宝三个月啦", "vip": false},
              {"name": "表弟 小宇", "icon": "friend-25", "vip": false},
              {"name": "外婆", "icon": "friend-26", "intro": "身体好，心情好", "vip": false}
            ]
          },
          {
            "name": "同事 Colleagues",
            "online": 5,
            "friends": [
              {"name": "产品 王经理", "icon": "friend-27", "intro": "需求已更新，请看文档 v3.2", "vip": false},
              {
                "name": "Daniel Kim",
                "icon": "friend-28",
                "intro": "On call this week. The pager and I are inseparable.",
                "vip": false
              },
              {"name": "设计 Mia", "icon": "friend-29", "intro": "Figma 文件请不要随手改 🙏", "vip": true},
              {"name": "运维 老周", "icon": "friend-30", "intro": "服务器稳如泰山", "vip": false},
              {
                "name": "Priya Sharma",
                "icon": "friend-31",
                "intro": "Backend · Rust & Swift · 火锅爱好者",
                "vip": false
              },
              {"name": "测试 小美", "icon": "friend-32", "vip": false},
              {"name": "HR 陈姐", "icon": "friend-33", "intro": "年假记得休，过期不候", "vip": false},
              {"name": "Oliver Grant", "icon": "friend-34", "intro": "Back from parental leave on Monday", "vip": false},
              {"name": "实习生 阿飞", "icon": "friend-35", "intro": "第一次上线，手在抖", "vip": false}
            ]
          },
          {
            "name": "驴友 Travel Buddies",
            "online": 1,
            "friends": [
              {"name": "背包客 老K", "icon": "friend-36", "intro": "下一站：川西 · 稻城亚丁", "vip": true},
              {"name": "Sofia Rossi", "icon": "friend-37", "intro": "Dolomites in July, anyone?", "vip": false},
              {"name": "山野 阿木", "icon": "friend-38", "vip": false},
              {
                "name": "Noah Becker",
                "icon": "friend-39",
                "intro": "Rail pass + notebook = a perfect week",
                "vip": false
              },
              {"name": "海边的小鱼", "icon": "friend-40", "intro": "潜水证拿到啦 🤿", "vip": false}
            ]
          },
          {"name": "黑名单 Blocked", "online": 0, "friends": []}
        ]
        """#
    )
}
