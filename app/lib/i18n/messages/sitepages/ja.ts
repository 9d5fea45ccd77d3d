import type { SitePagesCatalog } from "./types";

export const sitePagesJa: SitePagesCatalog = {
  "sample.back": "← すべてのイベント",
  "sample.when": "日時",
  "sample.whenValue": "{date} {hours}",
  "sample.where": "場所",
  "sample.attendees": "参加予定者数",
  "sample.tip": "アシスタントのヒント",
  "sample.hub.title": "イベントハブで、このイベントの出会いを逃さない",
  "sample.hub.text":
    "無料アカウントを作成し、このイベントをハブとして追加してアクティブにしましょう。QRコードを読み取った人や連絡先を共有してくれた人には、自動で「{title}」のタグが付きます。",
  "sample.prepare": "イベントの準備のしかた",
  "sample.notFound": "イベント",
  "sample.nonprofit-tech-summit.title": "非営利団体のためのテックサミット",
  "sample.nonprofit-tech-summit.description":
    "社会的使命を持つ団体のためのテクノロジーをテーマに、講演とワークショップを2日間開催します。",
  "sample.nonprofit-tech-summit.tip":
    "データ・CRMのトラックを狙いましょう。ファンドレイジング責任者の多くは午後のセッションに参加します。",
  "sample.impact-fundraising-live.title": "インパクト・ファンドレイジング・ライブ",
  "sample.impact-fundraising-live.description":
    "寄付者の体験、継続寄付、年末キャンペーンについて学ぶオンラインのライブセッションです。",
  "sample.impact-fundraising-live.tip":
    "質疑応答の時間にチャットで名刺のリンクを共有しましょう。参加者が最も連絡先を保存するタイミングです。",
  "sample.community-partners-mixer.title": "地域パートナー交流会",
  "sample.community-partners-mixer.description":
    "地元の企業と非営利団体が、パートナーやスポンサーと出会う夜の交流会です。",
  "sample.community-partners-mixer.tip":
    "このハブをアクティブにしたまま、その場で名札をスキャンしましょう。スポンサーは早めに帰ります。",
  "sample.social-impact-forum-2026.title": "ソーシャルインパクト・フォーラム",
  "sample.social-impact-forum-2026.description":
    "財団、非営利団体、企業のリーダーが、長く続くパートナーシップについて語ります。",
  "sample.social-impact-forum-2026.tip": "優先度の高いつながり11件に、まだフォローアップのメッセージを送っていません。",

  "contact.title": "お問い合わせ",
  "contact.description":
    "チームでの利用、非営利団体向けの特典、イベント、個別のご相談について{site}チームにお問い合わせください。",
  "contact.heading": "チームに相談する",
  "contact.intro":
    "団体向けのカスタムプラン、非営利団体のアーリーアダプター特典、イベント全体での名刺導入など、ご要望をお聞かせください。",
  "contact.write": "メッセージを送る",
  "contact.email": "メール",
  "contact.hours": "対応時間",
  "contact.hours.text": "月曜〜金曜 {hours}",
  "contact.nonprofits": "非営利団体の方へ",
  "contact.nonprofits.text":
    "アーリーアダプターの非営利団体は{plan}を3か月間無料でご利用いただけます。メッセージに団体名をご記入ください。",
  "contact.form.name": "お名前",
  "contact.form.email": "メールアドレス",
  "contact.form.subject": "件名",
  "contact.form.message": "メッセージ",
  "contact.form.send": "送信する",
  "contact.form.sending": "送信中...",
  "contact.form.thanks": "メッセージを送信しました。1営業日以内にご返信します。",
  "contact.error.name": "お名前は2文字以上で入力してください",
  "contact.error.nameLength": "お名前は100文字以内で入力してください",
  "contact.error.email": "有効なメールアドレスを入力してください",
  "contact.error.subject": "件名を入力してください",
  "contact.error.subjectShort": "件名は3文字以上で入力してください",
  "contact.error.subjectLong": "件名は150文字以内で入力してください",
  "contact.error.message": "メッセージは10文字以上で入力してください",
  "contact.error.messageLong": "メッセージは5000文字以内で入力してください",
  "contact.error.tooMany": "送信回数が上限に達しました。1分ほどお待ちのうえ、もう一度お試しください。",

  "demo.title": "製品ツアー",
  "demo.description": "{site}を2分でご紹介：名刺、連絡先の取り込み、フォローアップ。",
  "demo.lead": "{site}の使い方を4つのステップでご紹介します。",
  "demo.step.card.title": "1. 名刺をつくる",
  "demo.step.card.text":
    "登録して名前、役職、リンクを入力し、色を選んで公開します。名刺には短いリンクとQRコードが付きます。",
  "demo.step.share.title": "2. イベントで共有する",
  "demo.step.share.text":
    "QRコードを見せる、NFCタグをかざす、リンクを送る。相手はアプリをインストールせずに、すぐに名刺を見られます。",
  "demo.step.back.title": "3. 相手からも共有してもらう",
  "demo.step.back.text":
    "「{share}」から、相手が名前、メールアドレス、電話番号を送ってくれます。相手はアクティブなイベントのタグ付きで、あなたのネットワークに追加されます。",
  "demo.step.follow.title": "4. 48時間以内にフォローアップ",
  "demo.step.follow.text":
    "ダッシュボードに、今日フォローアップすべき相手がリマインダーとメッセージ案と一緒に表示されます。",
  "demo.open": "デモ名刺を開く",
  "demo.create": "自分の名刺をつくる",

  "reviews.title": "お客様のレビュー",
  "reviews.description": "ビジネスパーソンやファンドレイザーによる{site}のレビュー。あなたのレビューもお寄せください。",
  "reviews.eyebrow": "レビュー",
  "reviews.heading": "{site}を使っている人の声",
  "reviews.intro": "{site}でネットワーキングをしている人たちの率直なレビューです。あなたの声もお聞かせください。",
  "reviews.write": "レビューを書く",
  "reviews.success.title": "レビューをありがとうございます！",
  "reviews.success.text": "ご意見を送信しました。",
  "reviews.name": "お名前",
  "reviews.email": "メールアドレス",
  "reviews.emailHint": "レビューと一緒に表示されることはありません。",
  "reviews.rating": "評価",
  "reviews.star": "{count, plural, other {星#つ}}",
  "reviews.stars": "5つ星のうち{count}",
  "reviews.review": "レビュー",
  "reviews.submit": "レビューを送信",
  "reviews.submitting": "送信中...",
  "reviews.count": "{count, plural, other {#件のレビュー}}",
  "reviews.verified": "確認済み",
  "reviews.helpful": "参考になった（{count}）",
  "reviews.refused": "保存できませんでした。1分ほど待ってからもう一度お試しください。",
  "reviews.error.name": "お名前は2文字以上で入力してください",
  "reviews.error.nameLength": "お名前は100文字以内で入力してください",
  "reviews.error.email": "有効なメールアドレスを入力してください",
  "reviews.error.rating": "評価を選んでください",
  "reviews.error.short": "レビューは10文字以上で入力してください",
  "reviews.error.long": "レビューは2000文字以内で入力してください",
  "reviews.error.tooMany": "このネットワークからのレビュー送信が多すぎます。1分ほど待ってからもう一度お試しください。",

  "newsletter.title": "ニュースレター",
  "newsletter.hint": "各ページの下部にあるフォームから購読できます。",
  "newsletter.back": "元のページに戻る",
  "newsletter.success": "登録を受け付けました。確認メールから購読を確定してください。",
  "newsletter.error.email": "有効なメールアドレスを入力してください",
  "newsletter.tooMany": "試行回数が多すぎます。少し時間をおいてからもう一度お試しください。",
  "newsletter.confirm.title": "購読の確認",
  "newsletter.confirm.text": "ワンクリックで、製品ニュースとネットワーキングのヒントが届くようになります。",
  "newsletter.confirm.button": "購読を確定する",
  "newsletter.confirm.done": "購読が完了しました。ありがとうございます！",
  "newsletter.confirm.invalid": "この確認リンクは無効か、すでに使用されています。",
  "newsletter.confirm.home": "ホームページへ",

  "notFound.title": "ページが見つかりません",
  "notFound.notice": "{path} は見つかりませんでした。代わりにホームページをご覧ください。",

  "offer.title": "ネットワーキングのヒントを月に1回",
  "offer.text":
    "イベントのチェックリスト、フォローアップのテンプレート、製品ニュースをお届けします。配信はいつでも停止できます。",
  "offer.close": "ニュースレターの案内を閉じる",
};
