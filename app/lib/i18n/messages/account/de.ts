import type { AccountCatalog } from "./types";

export const accountDe: AccountCatalog = {
  "acct.trialEnding.subject": "Ihre Card-Pro-Testphase endet am {date}",
  "acct.trialEnding.subjectTeam": "Die Card-Pro-Testphase von {team} endet am {date}",
  "acct.nonprofitEnding.subject": "Ihr Card-Pro-Angebot für gemeinnützige Organisationen endet am {date}",
  "acct.nonprofitEnding.subjectTeam":
    "Das Card-Pro-Angebot für gemeinnützige Organisationen von {team} endet am {date}",
  "acct.ending.body":
    "Hallo {name},\n\n{lead}. Um Strategiepläne, Berichte nach Veranstaltungen, die Priorisierung von Kontakten, die CRM-Synchronisierung und Ihre weiteren Card-Pro-Funktionen zu behalten, schließen Sie unter Settings → Plan and billing ein Abonnement ab (7,99 USD im Monat oder 79 USD im Jahr).\n\nWenn Sie nichts tun, wechselt Ihr Konto in den kostenlosen Basic-Tarif. Nichts, was Sie erstellt haben, wird gelöscht: Ihre Karten, Kontakte, Veranstaltungen und Pläne bleiben Ihre.",
  "acct.ending.bodyTeam":
    "Hallo {name},\n\n{lead}. Mit Ihren Rechten als Inhaber oder Administrator des Teams können Sie Card Pro für das Team behalten: Wechseln Sie zu {team} und schließen Sie unter Settings → Plan and billing ein Abonnement ab (7,99 USD im Monat oder 79 USD im Jahr pro Mitglied).\n\nWenn niemand das tut, wechselt das Team in den kostenlosen Basic-Tarif. Nichts wird gelöscht: Karten, Personen, Veranstaltungen und Kampagnen bleiben beim Team.",
  "acct.ended.subject": "Ihre Card-Pro-Testphase ist beendet",
  "acct.ended.subjectTeam": "Die Card-Pro-Testphase von {team} ist beendet",
  "acct.ended.body":
    "Hallo {name},\n\nIhre Card-Pro-Testphase ist beendet, und Ihr Konto nutzt jetzt den kostenlosen Basic-Tarif. Alles, was Sie erstellt haben, bleibt erhalten; die Card-Pro-Funktionen sind schreibgeschützt, bis Sie unter Settings → Plan and billing ein Abonnement abschließen.",
  "acct.ended.bodyTeam":
    "Hallo {name},\n\ndie Card-Pro-Testphase von {team} ist beendet, und das Team nutzt jetzt den kostenlosen Basic-Tarif. Alles, was das Team erstellt hat, bleibt erhalten; die Card-Pro-Funktionen sind schreibgeschützt, bis jemand mit Inhaber- oder Administratorrechten unter Settings → Plan and billing ein Abonnement abschließt.",
  "acct.paymentFailed.subject": "Ihre Card-Pro-Zahlung ist fehlgeschlagen",
  "acct.paymentFailed.body":
    "Hallo {name},\n\nwir konnten Ihre Card-Pro-Zahlung nicht einziehen. Card Pro bleibt bis zum {date} aktiv, damit Sie Ihre Zahlungsmethode unter Settings → Plan and billing aktualisieren können. Danach wechselt Ihr Konto zu Basic; nichts, was Sie erstellt haben, wird gelöscht.",
  "acct.nonprofitApproved.subject": "Ihr Angebot für gemeinnützige Organisationen ist genehmigt: Card Pro ist aktiv",
  "acct.nonprofitApproved.body":
    "Hallo {name},\n\nwir haben {organisation} für das Einführungsangebot für gemeinnützige Organisationen freigegeben: {months, plural, one {# Monat} other {# Monate}} Card Pro kostenlos, bis zum {date}. Wir erinnern Sie zwei Wochen vor dem Ende daran. Es ist keine Karte nötig, und es wird nichts berechnet, solange Sie kein Abonnement abschließen.",
  "acct.nonprofitDeclined.subject": "Zu Ihrem Antrag auf das Angebot für gemeinnützige Organisationen",
  "acct.nonprofitDeclined.body":
    "Hallo {name},\n\nwir konnten {organisation} nicht als gemeinnützige Organisation bestätigen. Antworten Sie bitte auf unsere E-Mail mit den Registrierungsangaben der Organisation, dann prüfen wir den Antrag erneut.",
  "acct.invite.subject": "{inviter} hat Sie zu {team} auf KnowWho eingeladen",
  "acct.invite.body":
    "Hallo,\n\n{inviter} hat Sie eingeladen, dem Team {team} auf KnowWho {role, select, admin {mit Administratorrechten} other {als Mitglied}} beizutreten.\n\nÖffnen Sie diesen Link, um beizutreten:\n\n{link}\n\nDer Link funktioniert einmal, {days, plural, one {# Tag} other {# Tage}} lang, und nur für ein Konto mit der Adresse {email}, sobald diese Adresse bestätigt ist. Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.",
  "acct.emailChange.subject": "Bestätigen Sie Ihre neue E-Mail-Adresse bei KnowWho",
  "acct.emailChange.body":
    "Hallo {name},\n\nöffnen Sie diesen Link, um {email} zur E-Mail-Adresse Ihres KnowWho-Kontos zu machen:\n\n{url}\n\nDer Link funktioniert eine Stunde lang. Bis Sie ihn öffnen, behält Ihr Konto seine bisherige Adresse. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
  "acct.emailChangeNotice.subject": "Die E-Mail-Adresse Ihres KnowWho-Kontos wird geändert",
  "acct.emailChangeNotice.body":
    "Hallo {name},\n\njemand, der in Ihrem KnowWho-Konto angemeldet ist, hat darum gebeten, die E-Mail-Adresse in {email} zu ändern. Die Änderung erfolgt erst, wenn der an diese Adresse gesendete Link geöffnet wird.\n\nWenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort unter Settings > Account und melden Sie Ihre anderen Geräte ab.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {Ihre Karte von {team} auf KnowWho} other {Ihre Teamkarte auf KnowWho}}",
  "acct.cardHandOver.body":
    "Hallo,\n\n{named, select, yes {{team}} other {Ihr Team}} hat auf KnowWho eine Visitenkarte für Sie erstellt.\n\nÖffnen Sie diesen Link, um sie zu übernehmen:\n\n{link}\n\nDer Link funktioniert einmal, {days, plural, one {# Tag} other {# Tage}} lang, und nur für das Konto mit der Adresse {email}, sobald diese Adresse bestätigt ist.",
};
