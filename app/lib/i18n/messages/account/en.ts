/**
 * The mails an account gets, in the account's own language (decision 0269). The English messages are the
 * words these mails always had, byte for byte. The app's screens are English, so a mail names a place in
 * the app ("Settings → Plan and billing") as the screen shows it, in every language.
 */
export const accountEn = {
  "acct.trialEnding.subject": "Your Card Pro trial ends on {date}",
  "acct.trialEnding.subjectTeam": "{team}'s Card Pro trial ends on {date}",
  "acct.nonprofitEnding.subject": "Your nonprofit offer of Card Pro ends on {date}",
  "acct.nonprofitEnding.subjectTeam": "{team}'s nonprofit offer of Card Pro ends on {date}",
  "acct.ending.body":
    "Hi {name},\n\n{lead}. To keep strategy plans, post-event reports, lead prioritisation, CRM sync and your other Card Pro features, subscribe in Settings → Plan and billing (7.99 USD a month or 79 USD a year).\n\nIf you do nothing, your account moves to the free Basic plan. Nothing you made is deleted: your cards, connections, events and plans stay yours.",
  "acct.ending.bodyTeam":
    "Hi {name},\n\n{lead}. As one of its owners and admins, you can keep Card Pro for the team: switch to {team} and subscribe in Settings → Plan and billing (7.99 USD a month or 79 USD a year per member).\n\nIf nobody does, the team moves to the free Basic plan. Nothing is deleted: its cards, people, events and campaigns stay the team's.",
  "acct.ended.subject": "Your Card Pro trial has ended",
  "acct.ended.subjectTeam": "{team}'s Card Pro trial has ended",
  "acct.ended.body":
    "Hi {name},\n\nYour Card Pro trial has ended and your account is on the free Basic plan. Everything you made is kept; features of Card Pro are read-only until you subscribe in Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "Hi {name},\n\n{team}'s Card Pro trial has ended and the team is on the free Basic plan. Everything the team made is kept; features of Card Pro are read-only until one of its owners or admins subscribes in Settings → Plan and billing.",
  "acct.paymentFailed.subject": "Your Card Pro payment failed",
  "acct.paymentFailed.body":
    "Hi {name},\n\nWe could not take your Card Pro payment. Card Pro stays on until {date} while you update your payment method in Settings → Plan and billing. After that your account moves to Basic; nothing you made is deleted.",
  "acct.nonprofitApproved.subject": "Your nonprofit offer is approved: Card Pro is on",
  "acct.nonprofitApproved.body":
    "Hi {name},\n\nWe approved {organisation} for the nonprofit early adopters offer: {months, plural, one {# month} other {# months}} of Card Pro free, until {date}. We will remind you two weeks before it ends. No card is needed, and nothing is charged unless you subscribe.",
  "acct.nonprofitDeclined.subject": "About your nonprofit offer application",
  "acct.nonprofitDeclined.body":
    "Hi {name},\n\nWe could not confirm {organisation} as a nonprofit. Reply to our email with its registration details and we will look again.",
  "acct.invite.subject": "{inviter} invited you to {team} on KnowWho",
  "acct.invite.body":
    "Hi,\n\n{inviter} invited you to join the team {team} on KnowWho as {role, select, admin {an admin} other {a member}}.\n\nOpen this link to join:\n\n{link}\n\nThe link works once, for {days, plural, one {# day} other {# days}}, and only for an account with the address {email}, once that address is confirmed. If you did not expect this, ignore this email.",
  "acct.emailChange.subject": "Confirm your new KnowWho email address",
  "acct.emailChange.body":
    "Hi {name},\n\nOpen this link to make {email} the email address of your KnowWho account:\n\n{url}\n\nThe link works for one hour. Until you open it, your account keeps its current address. If you did not ask for this, ignore this email.",
  "acct.emailChangeNotice.subject": "Your KnowWho email address is being changed",
  "acct.emailChangeNotice.body":
    "Hi {name},\n\nSomeone signed in to your KnowWho account asked to change its email address to {email}. The change happens only when the link sent to that address is opened.\n\nIf this was not you, change your password in Settings > Account now and sign out of your other devices.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject": "{named, select, yes {Your {team} card on KnowWho} other {Your team card on KnowWho}}",
  "acct.cardHandOver.body":
    "Hi,\n\n{named, select, yes {{team}} other {Your team}} made a business card for you on KnowWho.\n\nOpen this link to take it:\n\n{link}\n\nThe link works once, for {days, plural, one {# day} other {# days}}, and only for the account with the address {email}, once that address is confirmed.",
} as const;
