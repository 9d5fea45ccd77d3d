import type { AccountCatalog } from "./types";

export const accountJa: AccountCatalog = {
  "acct.trialEnding.subject": "Card Pro の無料体験は {date} に終了します",
  "acct.trialEnding.subjectTeam": "{team} の Card Pro 無料体験は {date} に終了します",
  "acct.nonprofitEnding.subject": "非営利団体向け Card Pro 特典は {date} に終了します",
  "acct.nonprofitEnding.subjectTeam": "{team} の非営利団体向け Card Pro 特典は {date} に終了します",
  "acct.ending.body":
    "{name} 様\n\n{lead}。戦略プラン、イベント後のレポート、リードの優先順位付け、CRM 連携などの Card Pro の機能を引き続きご利用になるには、Settings → Plan and billing からご契約ください（月額 7.99 USD または年額 79 USD）。\n\nお手続きがない場合、アカウントは無料の Basic プランに移行します。作成したものは削除されません。名刺、つながり、イベント、プランはすべてそのまま残ります。",
  "acct.ending.bodyTeam":
    "{name} 様\n\n{lead}。チームのオーナーまたは管理者として、チームの Card Pro を継続できます。{team} に切り替えて、Settings → Plan and billing からご契約ください（メンバー 1 人あたり月額 7.99 USD または年額 79 USD）。\n\nどなたもお手続きされない場合、チームは無料の Basic プランに移行します。削除されるものはありません。名刺、人物、イベント、キャンペーンはチームに残ります。",
  "acct.ended.subject": "Card Pro の無料体験が終了しました",
  "acct.ended.subjectTeam": "{team} の Card Pro 無料体験が終了しました",
  "acct.ended.body":
    "{name} 様\n\nCard Pro の無料体験が終了し、アカウントは無料の Basic プランになりました。作成したものはすべて保持されます。Settings → Plan and billing からご契約いただくまで、Card Pro の機能は閲覧のみとなります。",
  "acct.ended.bodyTeam":
    "{name} 様\n\n{team} の Card Pro 無料体験が終了し、チームは無料の Basic プランになりました。チームが作成したものはすべて保持されます。オーナーまたは管理者が Settings → Plan and billing からご契約になるまで、Card Pro の機能は閲覧のみとなります。",
  "acct.paymentFailed.subject": "Card Pro のお支払いができませんでした",
  "acct.paymentFailed.body":
    "{name} 様\n\nCard Pro のお支払いを処理できませんでした。Settings → Plan and billing でお支払い方法を更新いただけるよう、{date} まで Card Pro はご利用いただけます。その後、アカウントは Basic に移行します。作成したものは削除されません。",
  "acct.nonprofitApproved.subject": "非営利団体向け特典が承認されました：Card Pro をご利用いただけます",
  "acct.nonprofitApproved.body":
    "{name} 様\n\n{organisation} を非営利団体向けの早期導入特典の対象として承認しました。{date} まで {months} か月間、Card Pro を無料でご利用いただけます。終了の 2 週間前にお知らせします。カードの登録は不要で、ご契約されない限り料金は発生しません。",
  "acct.nonprofitDeclined.subject": "非営利団体向け特典のお申し込みについて",
  "acct.nonprofitDeclined.body":
    "{name} 様\n\n{organisation} を非営利団体として確認できませんでした。団体の登録情報を添えて、このメールにご返信ください。改めて確認いたします。",
  "acct.invite.subject": "{inviter} さんから KnowWho の {team} への招待が届いています",
  "acct.invite.body":
    "こんにちは。\n\n{inviter} さんから、KnowWho のチーム {team} に{role, select, admin {管理者} other {メンバー}}として参加するよう招待されました。\n\n参加するには、こちらのリンクを開いてください：\n\n{link}\n\nこのリンクは 1 回だけ、{days} 日間有効で、アドレス {email} のアカウントでそのアドレスが確認済みの場合にのみご利用いただけます。お心当たりがない場合は、このメールを無視してください。",
  "acct.emailChange.subject": "KnowWho の新しいメールアドレスをご確認ください",
  "acct.emailChange.body":
    "{name} 様\n\nKnowWho アカウントのメールアドレスを {email} に変更するには、こちらのリンクを開いてください：\n\n{url}\n\nリンクの有効期間は 1 時間です。リンクを開くまで、アカウントは現在のアドレスのままです。お心当たりがない場合は、このメールを無視してください。",
  "acct.emailChangeNotice.subject": "KnowWho アカウントのメールアドレス変更が申請されました",
  "acct.emailChangeNotice.body":
    "{name} 様\n\nKnowWho アカウントにサインインしている方から、メールアドレスを {email} に変更する申請がありました。変更は、そのアドレスに送信されたリンクが開かれた時点で行われます。\n\nお心当たりがない場合は、今すぐ Settings > Account でパスワードを変更し、ほかのデバイスからサインアウトしてください。",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {KnowWho で {team} の名刺が用意されました} other {KnowWho でチームの名刺が用意されました}}",
  "acct.cardHandOver.body":
    "こんにちは。\n\n{named, select, yes {{team}} other {所属チーム}}が、KnowWho であなたの名刺を作成しました。\n\n受け取るには、こちらのリンクを開いてください：\n\n{link}\n\nこのリンクは1回限り、{days}日間有効です。アドレス {email} のアカウントで、そのアドレスの確認が済んでいる場合にのみ使えます。",
};
