import type { AccountCatalog } from "./types";

export const accountZhHans: AccountCatalog = {
  "acct.trialEnding.subject": "您的 Card Pro 试用将于 {date} 结束",
  "acct.trialEnding.subjectTeam": "{team} 的 Card Pro 试用将于 {date} 结束",
  "acct.nonprofitEnding.subject": "您的非营利组织 Card Pro 优惠将于 {date} 结束",
  "acct.nonprofitEnding.subjectTeam": "{team} 的非营利组织 Card Pro 优惠将于 {date} 结束",
  "acct.ending.body":
    "{name}，您好：\n\n{lead}。如需继续使用策略计划、活动后报告、潜在客户优先级、CRM 同步及其他 Card Pro 功能，请在 Settings → Plan and billing 中订阅（每月 7.99 USD 或每年 79 USD）。\n\n如果您不采取任何操作，您的账户将转为免费的 Basic 套餐。您创建的内容不会被删除：名片、联系人、活动和计划都仍归您所有。",
  "acct.ending.bodyTeam":
    "{name}，您好：\n\n{lead}。作为团队的所有者或管理员，您可以为团队保留 Card Pro：切换到 {team}，然后在 Settings → Plan and billing 中订阅（每位成员每月 7.99 USD 或每年 79 USD）。\n\n如果无人订阅，团队将转为免费的 Basic 套餐。任何内容都不会被删除：名片、人员、活动和募捐活动仍归团队所有。",
  "acct.ended.subject": "您的 Card Pro 试用已结束",
  "acct.ended.subjectTeam": "{team} 的 Card Pro 试用已结束",
  "acct.ended.body":
    "{name}，您好：\n\n您的 Card Pro 试用已结束，账户现已使用免费的 Basic 套餐。您创建的所有内容均已保留；在您于 Settings → Plan and billing 中订阅之前，Card Pro 功能仅可查看。",
  "acct.ended.bodyTeam":
    "{name}，您好：\n\n{team} 的 Card Pro 试用已结束，团队现已使用免费的 Basic 套餐。团队创建的所有内容均已保留；在团队的所有者或管理员于 Settings → Plan and billing 中订阅之前，Card Pro 功能仅可查看。",
  "acct.paymentFailed.subject": "您的 Card Pro 付款未成功",
  "acct.paymentFailed.body":
    "{name}，您好：\n\n我们未能收取您的 Card Pro 费用。在 {date} 之前 Card Pro 将保持开启，以便您在 Settings → Plan and billing 中更新付款方式。此后您的账户将转为 Basic；您创建的内容不会被删除。",
  "acct.nonprofitApproved.subject": "您的非营利组织优惠已获批准：Card Pro 已开启",
  "acct.nonprofitApproved.body":
    "{name}，您好：\n\n我们已批准 {organisation} 享受非营利组织早期用户优惠：免费使用 Card Pro {months} 个月，至 {date}。我们会在结束前两周提醒您。无需绑定银行卡，除非您订阅，否则不会收取任何费用。",
  "acct.nonprofitDeclined.subject": "关于您的非营利组织优惠申请",
  "acct.nonprofitDeclined.body":
    "{name}，您好：\n\n我们未能确认 {organisation} 为非营利组织。请回复我们的邮件并提供其注册信息，我们会重新审核。",
  "acct.invite.subject": "{inviter} 邀请您加入 KnowWho 上的 {team}",
  "acct.invite.body":
    "您好：\n\n{inviter} 邀请您以{role, select, admin {管理员} other {成员}}身份加入 KnowWho 上的团队 {team}。\n\n请打开此链接加入：\n\n{link}\n\n该链接只能使用一次，{days} 天内有效，且仅适用于地址为 {email} 且该地址已确认的账户。如果您没有预料到这封邀请，请忽略此邮件。",
  "acct.emailChange.subject": "请确认您在 KnowWho 的新邮箱地址",
  "acct.emailChange.body":
    "{name}，您好：\n\n打开此链接，即可将 {email} 设为您 KnowWho 账户的邮箱地址：\n\n{url}\n\n该链接一小时内有效。在您打开之前，账户仍使用当前地址。如果这不是您的请求，请忽略此邮件。",
  "acct.emailChangeNotice.subject": "您的 KnowWho 邮箱地址正在更改",
  "acct.emailChangeNotice.body":
    "{name}，您好：\n\n已登录您 KnowWho 账户的某人申请将邮箱地址更改为 {email}。只有在打开发送到该地址的链接后，更改才会生效。\n\n如果这不是您本人操作，请立即在 Settings > Account 中更改密码，并退出您的其他设备。",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject": "{named, select, yes {您在 KnowWho 上的 {team} 名片} other {您在 KnowWho 上的团队名片}}",
  "acct.cardHandOver.body":
    "您好：\n\n{named, select, yes {{team}} other {您的团队}}在 KnowWho 上为您制作了一张名片。\n\n请打开此链接领取：\n\n{link}\n\n该链接只能使用一次，{days} 天内有效，且仅适用于地址为 {email} 且该地址已确认的账户。",
};
