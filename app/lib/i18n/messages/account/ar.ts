import type { AccountCatalog } from "./types";

export const accountAr: AccountCatalog = {
  "acct.trialEnding.subject": "تنتهي فترتك التجريبية لـ Card Pro في {date}",
  "acct.trialEnding.subjectTeam": "تنتهي الفترة التجريبية لـ Card Pro لدى {team} في {date}",
  "acct.nonprofitEnding.subject": "ينتهي عرض Card Pro للمنظمات غير الربحية الخاص بك في {date}",
  "acct.nonprofitEnding.subjectTeam": "ينتهي عرض Card Pro للمنظمات غير الربحية لدى {team} في {date}",
  "acct.ending.body":
    "مرحبًا {name}،\n\n{lead}. للاحتفاظ بخطط الاستراتيجية وتقارير ما بعد الفعاليات وترتيب أولويات العملاء المحتملين ومزامنة CRM وسائر ميزات Card Pro، اشترك من Settings → Plan and billing (‏7.99 USD شهريًا أو 79 USD سنويًا).\n\nإن لم تفعل شيئًا، ينتقل حسابك إلى خطة Basic المجانية. لا يُحذف شيء مما أنشأته: تبقى بطاقاتك وجهات اتصالك وفعالياتك وخططك ملكًا لك.",
  "acct.ending.bodyTeam":
    "مرحبًا {name}،\n\n{lead}. بصفتك من مالكي الفريق أو مسؤوليه، يمكنك الإبقاء على Card Pro للفريق: انتقل إلى {team} واشترك من Settings → Plan and billing (‏7.99 USD شهريًا أو 79 USD سنويًا لكل عضو).\n\nإن لم يفعل أحد ذلك، ينتقل الفريق إلى خطة Basic المجانية. لا يُحذف شيء: تبقى بطاقات الفريق وأشخاصه وفعالياته وحملاته ملكًا له.",
  "acct.ended.subject": "انتهت فترتك التجريبية لـ Card Pro",
  "acct.ended.subjectTeam": "انتهت الفترة التجريبية لـ Card Pro لدى {team}",
  "acct.ended.body":
    "مرحبًا {name}،\n\nانتهت فترتك التجريبية لـ Card Pro وأصبح حسابك على خطة Basic المجانية. كل ما أنشأته محفوظ؛ وتبقى ميزات Card Pro للقراءة فقط إلى أن تشترك من Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "مرحبًا {name}،\n\nانتهت الفترة التجريبية لـ Card Pro لدى {team} وأصبح الفريق على خطة Basic المجانية. كل ما أنشأه الفريق محفوظ؛ وتبقى ميزات Card Pro للقراءة فقط إلى أن يشترك أحد مالكي الفريق أو مسؤوليه من Settings → Plan and billing.",
  "acct.paymentFailed.subject": "تعذّر تحصيل دفعة Card Pro",
  "acct.paymentFailed.body":
    "مرحبًا {name}،\n\nتعذّر علينا تحصيل دفعة Card Pro. يبقى Card Pro مفعّلًا حتى {date} ريثما تحدّث وسيلة الدفع من Settings → Plan and billing. بعد ذلك ينتقل حسابك إلى Basic؛ ولا يُحذف شيء مما أنشأته.",
  "acct.nonprofitApproved.subject": "تمت الموافقة على عرض المنظمات غير الربحية: تم تفعيل Card Pro",
  "acct.nonprofitApproved.body":
    "مرحبًا {name}،\n\nوافقنا على انضمام {organisation} إلى عرض المنظمات غير الربحية للمستخدمين الأوائل: {months, plural, zero {# أشهر} one {شهر واحد} two {شهران} few {# أشهر} many {# شهرًا} other {# شهر}} من Card Pro مجانًا حتى {date}. سنذكّرك قبل انتهائه بأسبوعين. لا حاجة إلى بطاقة، ولن يُحتسب أي مبلغ ما لم تشترك.",
  "acct.nonprofitDeclined.subject": "بخصوص طلبك للحصول على عرض المنظمات غير الربحية",
  "acct.nonprofitDeclined.body":
    "مرحبًا {name}،\n\nلم نتمكن من التحقق من أن {organisation} منظمة غير ربحية. يُرجى الرد على رسالتنا مع بيانات تسجيلها، وسنعيد النظر في الطلب.",
  "acct.invite.subject": "دعاك {inviter} إلى {team} على KnowWho",
  "acct.invite.body":
    "مرحبًا،\n\nدعاك {inviter} للانضمام إلى الفريق {team} على KnowWho {role, select, admin {بصلاحية مسؤول} other {بصفة عضو}}.\n\nافتح هذا الرابط للانضمام:\n\n{link}\n\nيعمل الرابط مرة واحدة، لمدة {days, plural, zero {# أيام} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}}، ولحساب بالعنوان {email} فقط بعد تأكيد هذا العنوان. إن لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.",
  "acct.emailChange.subject": "أكّد عنوان بريدك الإلكتروني الجديد في KnowWho",
  "acct.emailChange.body":
    "مرحبًا {name}،\n\nافتح هذا الرابط لجعل {email} عنوان البريد الإلكتروني لحسابك في KnowWho:\n\n{url}\n\nيعمل الرابط لمدة ساعة واحدة. إلى أن تفتحه، يحتفظ حسابك بعنوانه الحالي. إن لم تطلب ذلك، فتجاهل هذه الرسالة.",
  "acct.emailChangeNotice.subject": "يجري تغيير عنوان البريد الإلكتروني لحسابك في KnowWho",
  "acct.emailChangeNotice.body":
    "مرحبًا {name}،\n\nطلب شخص مسجّل الدخول إلى حسابك في KnowWho تغيير عنوان بريده الإلكتروني إلى {email}. لا يتم التغيير إلا عند فتح الرابط المرسل إلى ذلك العنوان.\n\nإن لم تكن أنت، فغيّر كلمة المرور الآن من Settings > Account وسجّل الخروج من أجهزتك الأخرى.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject": "{named, select, yes {بطاقتك من {team} على KnowWho} other {بطاقة فريقك على KnowWho}}",
  "acct.cardHandOver.body":
    "مرحبًا،\n\nأنشأ {named, select, yes {{team}} other {فريقك}} بطاقة عمل لك على KnowWho.\n\nافتح هذا الرابط لاستلامها:\n\n{link}\n\nيعمل الرابط مرة واحدة، لمدة {days, plural, zero {# أيام} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}}، وللحساب الذي يحمل العنوان {email} فقط، بعد تأكيد هذا العنوان.",
};
