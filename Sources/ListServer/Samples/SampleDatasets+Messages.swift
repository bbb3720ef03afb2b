// ListServer — A message box of system notifications from 2024 to 2026

extension SampleDatasets {
    /// A message box of system notifications from 2024 to 2026, newest first; a third unread and two
    /// without a `read` flag.
    ///
    /// Shape: `{"messages": [{send_time, title, content, read?}], trailingActions, leadingActions,
    /// deleteTitle}`: swiping a message offers 删除 and 标为已读, and from the left 置顶, as a message
    /// box's `editActionsForRowAtIndexPath` does.
    static let messages = SampleDataset(
        id: "messages",
        title: "Messages · 消息",
        json: #"""
        {"messages": [
            {
              "send_time": 1772414100,
              "title": "Security alert · 安全提醒",
              "content": "New sign-in to your account from Chrome on Linux (Hangzhou, CN). If this wasn't you, change your password now.",
              "read": false
            },
            {
              "send_time": 1771416180,
              "title": "新春活动已结束",
              "content": "感谢参与「新春集福」活动，奖励已发放至你的钱包，请在 30 天内使用。",
              "read": false
            },
            {
              "send_time": 1769744520,
              "title": "Storage almost full",
              "content": "You have used 4.7 GB of your 5 GB. Old attachments can be cleaned up in Settings › Storage.",
              "read": false
            },
            {
              "send_time": 1767607200,
              "title": "系统维护通知",
              "content": "为了提供更稳定的服务，我们将于 1 月 10 日 02:00 至 06:00（北京时间）进行系统升级维护。维护期间，登录、消息发送和文件上传将暂停使用，已发送的消息不会丢失。如维护提前完成，服务将提前恢复。给你带来的不便，敬请谅解。",
              "read": true
            },
            {
              "send_time": 1766583000,
              "title": "Merry Christmas 🎄",
              "content": "Wishing you a quiet evening and warm socks. Your holiday theme is ready in Settings › Appearance."
            },
            {
              "send_time": 1764547200,
              "title": "账单已出 · December statement",
              "content": "你 11 月的账单已生成，共 12 笔，合计 ¥486.30。Tap to see the details.",
              "read": true
            },
            {
              "send_time": 1762842420,
              "title": "订单已发货",
              "content": "你购买的「机械键盘 · 青轴」已由熊猫快递揽收，运单号 PX2025111100321。",
              "read": false
            },
            {
              "send_time": 1759888800,
              "title": "Privacy policy update",
              "content": "We have updated our privacy policy. The main changes: (1) crash reports are now off by default; (2) you can download everything we store about you from Settings › Privacy › Export; (3) deleted accounts are erased within 30 days instead of 90. The new policy applies from November 1, 2025. Nothing changes for you unless you want it to.",
              "read": true
            },
            {"send_time": 1757460600, "title": "教师节快乐", "content": "今天记得对身边的老师说一声谢谢。", "read": true},
            {
              "send_time": 1755849900,
              "title": "Your export is ready",
              "content": "The export of \"friends\" (JSON, 40 rows) finished. The link stays valid for 7 days.",
              "read": true
            },
            {
              "send_time": 1752541200,
              "title": "新版本 v3.4 上线",
              "content": "本次更新内容：\n· 消息支持左滑删除\n· 好友分组可以折叠\n· 修复了夜间模式下部分文字看不清的问题\nThanks to everyone who sent feedback!",
              "read": false
            },
            {
              "send_time": 1751256000,
              "title": "Password expires soon",
              "content": "Your password will expire in 5 days. Choose a new one to keep signing in without interruption.",
              "read": false
            },
            {
              "send_time": 1748743800,
              "title": "儿童节福利",
              "content": "童心未泯的你，领取一张免运费券吧 🎈",
              "read": true
            },
            {
              "send_time": 1746359100,
              "title": "Weekly digest",
              "content": "3 new followers, 12 likes and 2 comments this week. Your most viewed post: \"Night train to Xi'an\".",
              "read": true
            },
            {
              "send_time": 1744435260,
              "title": "验证码",
              "content": "你的验证码是 482913，5 分钟内有效。请勿泄露给他人。",
              "read": true
            },
            {
              "send_time": 1741426800,
              "title": "Invitation accepted",
              "content": "Sofia Rossi accepted your invitation to the album \"Dolomites 2025\".",
              "read": true
            },
            {
              "send_time": 1739495640,
              "title": "情人节限定主题",
              "content": "粉色限定主题今日上架，仅售 24 小时 💌",
              "read": false
            },
            {
              "send_time": 1738065600,
              "title": "除夕快乐",
              "content": "新的一年，愿你所求皆如愿，所行皆坦途。",
              "read": true
            },
            {
              "send_time": 1735787460,
              "title": "Your 2024 in review",
              "content": "You sent 3,204 messages, joined 4 new groups and stayed up past midnight on 41 nights. Your busiest day was October 1st. Your most used emoji was 😂, followed closely by 🙏. Here's to a calmer 2025.",
              "read": true
            },
            {
              "send_time": 1733945580,
              "title": "Payment failed",
              "content": "We couldn't charge your card ending in 4417 for the Premium plan. Please update your payment method.",
              "read": false
            },
            {
              "send_time": 1732086120,
              "title": "账号绑定成功",
              "content": "你的账号已成功绑定手机号 138****5521。",
              "read": true
            },
            {
              "send_time": 1727740800,
              "title": "国庆假期客服安排",
              "content": "10 月 1 日至 7 日，人工客服服务时间调整为每天 10:00–18:00，其余时间可使用在线自助服务。订单、退款和发票相关的问题将在假期结束后 48 小时内处理完毕。祝你假期愉快！",
              "read": true
            },
            {
              "send_time": 1725300900,
              "title": "Backup completed",
              "content": "Your chats were backed up to Nimbus Drive (1.2 GB).",
              "read": true
            },
            {"send_time": 1723112280, "title": "New follower", "content": "Kestrel_42 started following you."},
            {
              "send_time": 1721356200,
              "title": "服务条款变更",
              "content": "我们更新了《用户服务协议》第 4 条和第 9 条，点击查看详情。",
              "read": true
            },
            {
              "send_time": 1718640060,
              "title": "优惠券已到账",
              "content": "3 张满减券已放入你的卡包：满 199 减 30、满 299 减 50、满 599 减 100。",
              "read": false
            },
            {
              "send_time": 1716184800,
              "title": "Join the beta",
              "content": "You're invited to try new features before everyone else. Beta builds may be unstable.",
              "read": false
            },
            {
              "send_time": 1711933200,
              "title": "Definitely not an April Fools' joke",
              "content": "Starting today, every message you send will be read aloud by a duck. (It is.)",
              "read": true
            },
            {
              "send_time": 1707494400,
              "title": "新年快乐 · Happy Lunar New Year",
              "content": "龙年大吉！May the Year of the Dragon be kind to you.",
              "read": true
            },
            {
              "send_time": 1704247200,
              "title": "Welcome · 欢迎",
              "content": "Welcome aboard! This is your message box: system notices, security alerts and news end up here. Swipe left on a message to delete it, or tap Manage to select several at once. 欢迎使用！系统通知、安全提醒和活动消息都会出现在这里。",
              "read": true
            }
          ],
          "trailingActions": [
            {"title": "删除", "style": "destructive", "delete": true},
            {"title": "标为已读", "color": "#0062cc", "update": {"read": true}}
          ],
          "leadingActions": [
            {"title": "置顶", "color": "#b25000", "moveTo": "top"}
          ],
          "deleteTitle": "删除"
        }
        """#
    )
}
