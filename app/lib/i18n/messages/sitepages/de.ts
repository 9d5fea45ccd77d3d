import type { SitePagesCatalog } from "./types";

export const sitePagesDe: SitePagesCatalog = {
  "sample.back": "← Alle Veranstaltungen",
  "sample.when": "Wann",
  "sample.whenValue": "{date}, {hours}",
  "sample.where": "Wo",
  "sample.attendees": "Erwartete Teilnehmende",
  "sample.tip": "Tipp des Assistenten",
  "sample.hub.title": "Mit einem Event-Hub auf dieser Veranstaltung netzwerken",
  "sample.hub.text":
    "Legen Sie ein kostenloses Konto an, fügen Sie diese Veranstaltung als Hub hinzu und aktivieren Sie ihn: Alle, die Ihren QR-Code scannen oder Ihnen ihre Daten senden, werden mit {title} markiert.",
  "sample.prepare": "So bereiten Sie sich auf eine Veranstaltung vor",
  "sample.notFound": "Veranstaltung",
  "sample.nonprofit-tech-summit.title": "Tech-Gipfel für gemeinnützige Organisationen",
  "sample.nonprofit-tech-summit.description":
    "Zwei Tage Vorträge und Workshops über Technik für gemeinwohlorientierte Organisationen.",
  "sample.nonprofit-tech-summit.tip":
    "Konzentrieren Sie sich auf den Themenblock Daten und CRM: Die meisten Fundraising-Leitungen besuchen die Nachmittagssitzungen.",
  "sample.impact-fundraising-live.title": "Wirkungsvolles Fundraising – live",
  "sample.impact-fundraising-live.description":
    "Eine Live-Sitzung online über Spenderreisen, regelmäßige Spenden und Kampagnen zum Jahresende.",
  "sample.impact-fundraising-live.tip":
    "Teilen Sie Ihren Kartenlink während der Fragerunde im Chat – dann speichern die Teilnehmenden die meisten Kontakte.",
  "sample.community-partners-mixer.title": "Treffen der lokalen Partner",
  "sample.community-partners-mixer.description":
    "Ein Abend, an dem lokale Unternehmen und gemeinnützige Organisationen Partner und Sponsoren kennenlernen.",
  "sample.community-partners-mixer.tip":
    "Lassen Sie diesen Hub aktiv und scannen Sie Namensschilder gleich vor Ort – Sponsoren gehen früh.",
  "sample.social-impact-forum-2026.title": "Forum für gesellschaftliche Wirkung",
  "sample.social-impact-forum-2026.description":
    "Führungskräfte aus Stiftungen, gemeinnützigen Organisationen und Unternehmen über Partnerschaften, die halten.",
  "sample.social-impact-forum-2026.tip": "Elf Kontakte mit hoher Priorität warten noch auf eine Nachricht.",

  "contact.title": "Kontakt",
  "contact.description":
    "Sprechen Sie mit dem {site}-Team über Teams, Angebote für gemeinnützige Organisationen, Veranstaltungen und individuelle Lösungen.",
  "contact.heading": "Sprechen Sie mit unserem Team",
  "contact.intro":
    "Individuelle Tarife für Organisationen, das Angebot für gemeinnützige Vorreiter oder Karten für eine ganze Veranstaltung: Sagen Sie uns, was Sie brauchen.",
  "contact.write": "Schreiben Sie uns",
  "contact.email": "E-Mail",
  "contact.hours": "Erreichbarkeit",
  "contact.hours.text": "Montag bis Freitag, {hours}.",
  "contact.nonprofits": "Gemeinnützige Organisationen",
  "contact.nonprofits.text":
    "Gemeinnützige Vorreiter erhalten drei Monate {plan} kostenlos. Nennen Sie Ihre Organisation in Ihrer Nachricht.",
  "contact.form.name": "Name",
  "contact.form.email": "E-Mail",
  "contact.form.subject": "Betreff",
  "contact.form.message": "Nachricht",
  "contact.form.send": "Nachricht senden",
  "contact.form.sending": "Wird gesendet...",
  "contact.form.thanks": "Danke, Ihre Nachricht wurde gesendet. Wir antworten innerhalb eines Werktags.",
  "contact.error.name": "Der Name muss mindestens 2 Zeichen lang sein",
  "contact.error.nameLength": "Der Name darf höchstens 100 Zeichen lang sein",
  "contact.error.email": "Bitte geben Sie eine gültige E-Mail-Adresse ein",
  "contact.error.subject": "Bitte geben Sie einen Betreff ein",
  "contact.error.subjectShort": "Der Betreff muss mindestens 3 Zeichen lang sein",
  "contact.error.subjectLong": "Der Betreff darf höchstens 150 Zeichen lang sein",
  "contact.error.message": "Die Nachricht muss mindestens 10 Zeichen lang sein",
  "contact.error.messageLong": "Die Nachricht darf höchstens 5000 Zeichen lang sein",
  "contact.error.tooMany": "Zu viele Nachrichten. Bitte warten Sie eine Minute und versuchen Sie es erneut.",

  "demo.title": "Produktrundgang",
  "demo.description": "Ein zweiminütiger Rundgang durch {site}: Karte, Kontakterfassung und Nachfassen.",
  "demo.lead": "So funktioniert {site}, in vier Schritten.",
  "demo.step.card.title": "1. Karte erstellen",
  "demo.step.card.text":
    "Registrieren Sie sich, tragen Sie Name, Funktion und Links ein, wählen Sie eine Farbe und veröffentlichen Sie. Ihre Karte erhält einen Kurzlink und einen QR-Code.",
  "demo.step.share.title": "2. Auf der Veranstaltung teilen",
  "demo.step.share.text":
    "Zeigen Sie den QR-Code, halten Sie ein NFC-Tag hin oder senden Sie den Link. Ihr Gegenüber sieht Ihre Karte sofort, ohne eine App zu installieren.",
  "demo.step.back.title": "3. Ihr Gegenüber teilt zurück",
  "demo.step.back.text":
    "Mit „{share}“ sendet Ihnen Ihr Gegenüber Name, E-Mail und Telefonnummer. Der Kontakt landet in Ihrem Netzwerk, markiert mit Ihrer aktiven Veranstaltung.",
  "demo.step.follow.title": "4. Innerhalb von 48 Stunden nachfassen",
  "demo.step.follow.text":
    "Ihr Dashboard zeigt, bei wem Sie heute nachfassen sollten, mit Erinnerungen und Nachrichtenvorschlägen.",
  "demo.open": "Demo-Karte öffnen",
  "demo.create": "Eigene erstellen",

  "reviews.title": "Kundenbewertungen",
  "reviews.description": "Was Fachleute und Fundraiser über {site} sagen – und ein Ort für Ihre eigene Bewertung.",
  "reviews.eyebrow": "Bewertungen",
  "reviews.heading": "Was man über {site} sagt",
  "reviews.intro": "Ehrliche Bewertungen von Menschen, die mit {site} netzwerken. Fügen Sie Ihre hinzu.",
  "reviews.write": "Bewertung schreiben",
  "reviews.success.title": "Vielen Dank für Ihre Bewertung!",
  "reviews.success.text": "Ihr Feedback wurde erfolgreich übermittelt.",
  "reviews.name": "Name",
  "reviews.email": "E-Mail",
  "reviews.emailHint": "Wird nie mit Ihrer Bewertung angezeigt.",
  "reviews.rating": "Bewertung",
  "reviews.star": "{count, plural, one {# Stern} other {# Sterne}}",
  "reviews.stars": "{count} von 5 Sternen",
  "reviews.review": "Ihre Bewertung",
  "reviews.submit": "Bewertung absenden",
  "reviews.submitting": "Wird gesendet...",
  "reviews.count": "{count, plural, one {# Bewertung} other {# Bewertungen}}",
  "reviews.verified": "Verifiziert",
  "reviews.helpful": "Hilfreich ({count})",
  "reviews.refused": "Nicht gespeichert: Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  "reviews.error.name": "Der Name muss mindestens 2 Zeichen lang sein",
  "reviews.error.nameLength": "Der Name darf höchstens 100 Zeichen lang sein",
  "reviews.error.email": "Bitte geben Sie eine gültige E-Mail-Adresse ein",
  "reviews.error.rating": "Bitte wählen Sie eine Bewertung",
  "reviews.error.short": "Die Bewertung muss mindestens 10 Zeichen lang sein",
  "reviews.error.long": "Die Bewertung darf höchstens 2000 Zeichen lang sein",
  "reviews.error.tooMany": "Zu viele Bewertungen von hier. Bitte warten Sie eine Minute und versuchen Sie es erneut.",

  "newsletter.title": "Newsletter",
  "newsletter.hint": "Abonnieren Sie den Newsletter über das Formular unten auf jeder Seite.",
  "newsletter.back": "Zurück zur vorherigen Seite",
  "newsletter.success":
    "Geschafft! Bitte bestätigen Sie Ihr Abonnement über die E-Mail, die wir Ihnen geschickt haben.",
  "newsletter.error.email": "Bitte geben Sie eine gültige E-Mail-Adresse ein",
  "newsletter.tooMany": "Zu viele Versuche. Bitte versuchen Sie es gleich noch einmal.",
  "newsletter.confirm.title": "Abonnement bestätigen",
  "newsletter.confirm.text": "Ein Klick, und Sie erhalten Produktneuigkeiten und Networking-Tipps.",
  "newsletter.confirm.button": "Abonnement bestätigen",
  "newsletter.confirm.done": "Sie haben den Newsletter abonniert. Vielen Dank!",
  "newsletter.confirm.invalid": "Dieser Bestätigungslink ist ungültig oder wurde bereits verwendet.",
  "newsletter.confirm.home": "Zur Startseite",

  "notFound.title": "Seite nicht gefunden",
  "notFound.notice": "{path} haben wir nicht gefunden. Hier ist stattdessen unsere Startseite.",

  "offer.title": "Networking-Tipps, einmal im Monat",
  "offer.text":
    "Checklisten für Veranstaltungen, Vorlagen zum Nachfassen und Produktneuigkeiten. Jederzeit abbestellbar.",
  "offer.close": "Newsletter-Angebot schließen",
};
