import type { AuthCatalog } from "./types";

export const authAr: AuthCatalog = {
  "auth.signIn.title": "تسجيل الدخول",
  "auth.signUp.title": "أنشئ حسابك",
  "auth.signUp.intro":
    "Card Pro مجانًا لمدة {days, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}}، دون الحاجة إلى بطاقة ائتمان. بعد ذلك تبقى خطة Basic مجانية، أو يمكنك الاشتراك.",
  "auth.signIn.intro": "مرحبًا بعودتك. شبكة معارفك في انتظارك.",
  "auth.passkey.busy": "في انتظار جهازك...",
  "auth.passkey.continue": "المتابعة باستخدام مفتاح مرور",
  "auth.passkey.or": "أو باستخدام بريدك الإلكتروني وكلمة المرور",
  "auth.name": "الاسم",
  "auth.email": "البريد الإلكتروني",
  "auth.password": "كلمة المرور",
  "auth.password.hint": "{min} أحرف على الأقل.",
  "auth.passkey.offer":
    "أضف مفتاح مرور بعد ذلك لتسجيل الدخول باستخدام بصمة الإصبع أو الوجه أو قفل الشاشة على هذا الجهاز",
  "auth.forgot": "هل نسيت كلمة المرور؟",
  "auth.signUp.busy": "جارٍ إنشاء الحساب...",
  "auth.signIn.busy": "جارٍ تسجيل الدخول...",
  "auth.signUp.submit": "إنشاء الحساب",
  "auth.signIn.submit": "تسجيل الدخول",
  "auth.signUp.have": "لديك حساب بالفعل؟",
  "auth.signIn.new": "ليس لديك حساب؟",
  "auth.signUp.switch": "إنشاء حساب",
  "auth.error.credentials": "البريد الإلكتروني أو كلمة المرور غير صحيحة",
  "auth.error.passwordMissing": "يرجى إدخال كلمة المرور",
  "auth.error.passwordMin": "يجب ألا تقل كلمة المرور عن {min} أحرف",
  "auth.error.passwordMax": "يجب ألا تزيد كلمة المرور عن {max} حرفًا",
  "auth.error.exists": "يوجد حساب بهذا البريد الإلكتروني بالفعل. يرجى تسجيل الدخول بدلًا من ذلك.",
  "auth.error.tooMany": "محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "auth.error.ssoOnly":
    "يسجّل فريقك الدخول عبر مزوّد الهوية الخاص بمؤسستك: أدخل بريدك الإلكتروني للعمل ثم اضغط تسجيل الدخول.",
  "auth.error.generic": "تعذّر تنفيذ ذلك الآن. يرجى المحاولة مرة أخرى.",
  "auth.error.email": "يرجى إدخال عنوان بريد إلكتروني صالح",
  "auth.error.nameMin": "يجب ألا يقل الاسم عن حرفين",
  "auth.error.nameMax": "يجب ألا يزيد الاسم عن 100 حرف",
};
