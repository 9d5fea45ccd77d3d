import type { PagesCatalog } from "./types";

export const pagesJa: PagesCatalog = {
  "pricing.title": "料金",
  "pricing.description":
    "{plan}は月額{monthly}または年額{yearly}。{days}日間の無料トライアル付きで、クレジットカードの登録は不要です。",
  "pricing.heading": "本気で人脈を築く人のための、シンプルな料金",
  "pricing.intro":
    "まずは無料で。準備ができたら{plan}にアップグレードできます。{days}日間の無料トライアル、クレジットカードの登録は不要です。",
  "pricing.period": "請求期間",
  "pricing.monthly": "月払い",
  "pricing.yearly": "年払い（{saving, number, percent}お得）",
  "pricing.perMonth": "{currency} / 月",
  "pricing.perYear": "{currency} / 年",
  "pricing.billedMonthly": "毎月のお支払い。いつでも解約できます。",
  "pricing.billedYearly": "月あたり{price}、年に一度のお支払いです。",
  "pricing.trial": "無料トライアルを始める",
  "pricing.trialNote": "以下のすべての機能を{days}日間お試しいただけます。クレジットカードの登録は不要です。",
  "pricing.nonprofit": "非営利団体のアーリーアダプターは、Proを{months}か月間無料でご利用いただけます。",
  "pricing.nonprofitApply": "非営利団体向け特典に申し込む",
  "pricing.faq": "よくある質問",
  "pricing.faq.trial.q": "無料トライアルはありますか？",
  "pricing.faq.trial.a":
    "はい。有料プランはすべて{days}日間の無料トライアルから始まり、開始にクレジットカードの登録は必要ありません。",
  "pricing.faq.upgrade.q": "プランをアップグレードするとどうなりますか？",
  "pricing.faq.upgrade.a":
    "新しい機能はすぐに使えるようになり、現在の請求期間の残りについて差額が日割りで請求されます。",
  "pricing.faq.downgrade.q": "ダウングレードするとどうなりますか？",
  "pricing.faq.downgrade.a": "変更はすぐに反映され、日割りの差額は今後のご請求に充当されます。",
  "pricing.faq.cancel.q": "いつでも解約できますか？",
  "pricing.faq.cancel.a": "はい。解約後も、現在の請求期間が終わるまで有料機能をご利用いただけます。",
  "pricing.faq.payment.q": "どの支払い方法に対応していますか？",
  "pricing.faq.payment.a": "主要なクレジットカード（Visa、Mastercard、American Express）とPayPalに対応しています。",
  "pricing.faq.nonprofit.q": "非営利団体向けの割引はありますか？",
  "pricing.faq.nonprofit.a":
    "非営利団体のアーリーアダプターは、{plan}を3か月間無料でご利用いただけます。「設定」→「プランと請求」から、団体名、国、登録番号（米国のEINなど）を添えてお申し込みください。数日以内にご連絡します。",
  "pricing.custom.title": "独自の導入をご希望ですか？",
  "pricing.custom.text":
    "チーム、支部、イベント主催者の皆さまへ。組織全体のカード、イベントハブ、CRM連携を私たちが設定します。",
  "pricing.custom.button": "営業担当に問い合わせる",

  "about.title": "会社概要",
  "about.description": "{site}をつくった理由：使命を持って働く人のための、デジタル名刺と人脈づくりのアシスタントです。",
  "about.eyebrow": "私たちについて",
  "about.heading": "すべての握手が、次につながるように",
  "about.intro":
    "{site}は、イベントで出会った人との縁を、きちんとフォローアップできる関係に変えます。ビジネスパーソン、非営利団体のリーダー、ファンドレイザーのために。",
  "about.mission.title": "私たちの使命",
  "about.mission.text":
    "カンファレンスでの会話の多くは、ポケットの中の紙の名刺と「あとで連絡しよう」という気持ちで終わってしまいます。私たちは、そのフォローアップを実現する道具をつくっています。ワンタップで保存される名刺、出会ったイベントごとに整理された人脈、そして最初に誰に連絡すべきかを教えてくれるアシスタントです。",
  "about.different.title": "私たちの強み",
  "about.different.events.title": "イベントのためにつくりました",
  "about.different.events.text": "混雑した会場の弱いWi-Fiでもスマートフォンで動き、アプリのない相手にも届きます。",
  "about.different.missions.title": "使命のある活動のために",
  "about.different.missions.text":
    "キャンペーンや寄付者へのフォローアップが、別のツールではなく連絡先のすぐ隣にあります。",
  "about.different.keep.title": "データはあなたのもの",
  "about.different.keep.text": "vCard、CSV、CRMへいつでもエクスポートできます。人脈が囲い込まれることはありません。",
  "about.how.title": "ご利用の流れ",
  "about.step.connections.title": "つながりを管理",
  "about.step.connections.text":
    "出会ったすべての人を、タグ、優先度、メモ、出会ったイベントとともに、検索できるひとつの人脈にまとめます。",
  "about.step.events.title": "イベントを記録",
  "about.step.events.text":
    "カンファレンスやガラごとにイベントハブを作成。アクティブなハブがひとつあり、新しい連絡先にタグを付けます。",
  "about.step.cards.title": "デジタル名刺",
  "about.step.cards.text": "QRコード、NFCタグ、リンクから開き、vCardとして保存でき、相手も自分の情報を返せる名刺です。",
  "about.step.ai.title": "AIによる分析",
  "about.step.ai.text":
    "イベント前には戦略プラン、終了後にはレポート、そして48時間以内のフォローアップのリマインダー。",
  "about.nonprofits.title": "非営利団体とファンドレイザーのために",
  "about.nonprofits.campaigns.title": "募金キャンペーン",
  "about.nonprofits.campaigns.text":
    "目標と進捗を示したキャンペーンを公開し、どのイベントが寄付者につながったかを確認できます。",
  "about.nonprofits.ai.title": "AI連携",
  "about.nonprofits.ai.text":
    "人脈に登録された人を、1時間ごと、1日ごと、または「今すぐ同期」を押したときに、あなたのKrystal AIワークスペースへ送ります。Krystal AIが確認できるよう署名付きです。",
  "about.nonprofits.ai.link": "Krystal AIとの同期のしくみ",
  "about.nonprofits.marketing.title": "マーケティングキャンペーン",
  "about.nonprofits.marketing.text":
    "イベントでのつながりを、共有時に記録された同意に基づいてニュースレターの配信先にできます。",
  "about.nonprofits.offer": "非営利団体のアーリーアダプターは、{plan}を3か月間無料でご利用いただけます。",
  "about.nonprofits.browse": "キャンペーンを見る",
  "about.nonprofits.sync": "Krystal AIと同期する",
  "about.cta.title": "無料ではじめる",
  "about.cta.text": "2分で名刺をつくれます。クレジットカードの登録は不要です。",
  "about.demo": "デモを見る",
  "about.home": "ホームページに戻る",
  "about.newTab": "（新しいタブで開きます）",

  "legal.privacy.title": "プライバシーポリシー",
  "legal.privacy.description": "{site}が何を保存し、なぜ保存するのか、誰が見られるのか、どうすれば削除できるのか。",
  "legal.terms.title": "利用規約",
  "legal.terms.description": "{site}、その無料プランと{plan}を利用するためのルール。",
  "legal.updated": "最終更新日：{date}",
  "legal.binding": "以下の英語の本文が正式な内容です。",
  "legal.questions": "ご質問はこちらへ：",
};
