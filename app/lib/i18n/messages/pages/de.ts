import type { PagesCatalog } from "./types";

export const pagesDe: PagesCatalog = {
  "pricing.title": "Preise",
  "pricing.description":
    "{plan} kostet {monthly} im Monat oder {yearly} im Jahr, mit {days} Tagen kostenloser Testphase und ohne Kreditkarte.",
  "pricing.heading": "Einfache Preise für alle, die ihr Netzwerk ernst nehmen",
  "pricing.intro":
    "Starten Sie kostenlos. Wechseln Sie zu {plan}, wenn Sie so weit sind: {days} Tage kostenlos testen, keine Kreditkarte nötig.",
  "pricing.period": "Abrechnungszeitraum",
  "pricing.monthly": "Monatlich",
  "pricing.yearly": "Jährlich ({saving, number, percent} sparen)",
  "pricing.perMonth": "USD / Monat",
  "pricing.perYear": "USD / Jahr",
  "pricing.billedMonthly": "Monatliche Abrechnung. Jederzeit kündbar.",
  "pricing.billedYearly": "Das sind {price} im Monat bei jährlicher Abrechnung.",
  "pricing.trial": "Kostenlos testen",
  "pricing.trialNote": "{days} Tage lang alle Funktionen unten, ohne Kreditkarte.",
  "pricing.nonprofit": "Gemeinnützige Organisationen, die früh dabei sind, erhalten {months} Monate Pro kostenlos.",
  "pricing.nonprofitApply": "Das Angebot für Gemeinnützige beantragen",
  "pricing.faq": "Häufige Fragen",
  "pricing.faq.trial.q": "Gibt es eine kostenlose Testphase?",
  "pricing.faq.trial.a":
    "Ja. Jeder kostenpflichtige Tarif beginnt mit {days} Tagen kostenloser Testphase, und zum Start ist keine Kreditkarte nötig.",
  "pricing.faq.upgrade.q": "Was passiert, wenn ich in einen höheren Tarif wechsle?",
  "pricing.faq.upgrade.a":
    "Sie erhalten die neuen Funktionen sofort und zahlen die anteilige Differenz für den Rest des Abrechnungszeitraums.",
  "pricing.faq.downgrade.q": "Was passiert, wenn ich in einen niedrigeren Tarif wechsle?",
  "pricing.faq.downgrade.a":
    "Die Änderung gilt sofort, und Sie erhalten eine anteilige Gutschrift auf künftige Rechnungen.",
  "pricing.faq.cancel.q": "Kann ich jederzeit kündigen?",
  "pricing.faq.cancel.a":
    "Ja. Nach der Kündigung nutzen Sie die kostenpflichtigen Funktionen bis zum Ende des laufenden Abrechnungszeitraums weiter.",
  "pricing.faq.payment.q": "Welche Zahlungsarten akzeptieren Sie?",
  "pricing.faq.payment.a": "Alle gängigen Kreditkarten (Visa, Mastercard, American Express) und PayPal.",
  "pricing.faq.nonprofit.q": "Gibt es einen Rabatt für gemeinnützige Organisationen?",
  "pricing.faq.nonprofit.a":
    "Gemeinnützige Organisationen, die früh dabei sind, erhalten drei Monate {plan} kostenlos. Beantragen Sie es unter Einstellungen → Tarif und Abrechnung mit Name, Land und Registernummer Ihrer Organisation (zum Beispiel einer EIN); wir antworten innerhalb weniger Tage.",
  "pricing.custom.title": "Brauchen Sie eine eigene Lösung?",
  "pricing.custom.text":
    "Teams, Ortsgruppen und Veranstalter: Wir richten Karten, Event-Hubs und die CRM-Synchronisierung für Ihre ganze Organisation ein.",
  "pricing.custom.button": "Vertrieb kontaktieren",

  "about.title": "Über uns",
  "about.description":
    "Warum wir {site} gebaut haben: eine digitale Visitenkarte und ein Networking-Assistent für Menschen mit einer Mission.",
  "about.eyebrow": "Über uns",
  "about.heading": "Jeder Händedruck sollte zu etwas führen",
  "about.intro":
    "{site} macht aus den Menschen, die Sie auf Veranstaltungen treffen, Beziehungen, die Sie weiterverfolgen – für Berufstätige, Führungskräfte gemeinnütziger Organisationen und Fundraiser.",
  "about.mission.title": "Unsere Mission",
  "about.mission.text":
    "Die meisten Gespräche auf Konferenzen enden mit einer Papierkarte in der Tasche und einem guten Vorsatz. Wir bauen die Werkzeuge, mit denen das Nachfassen tatsächlich passiert: eine Karte, die man mit einem Tippen speichert, ein Netzwerk, geordnet nach den Veranstaltungen, auf denen Sie sich kennengelernt haben, und einen Assistenten, der Ihnen sagt, wen Sie zuerst anrufen sollten.",
  "about.different.title": "Was uns unterscheidet",
  "about.different.events.title": "Gemacht für Veranstaltungen",
  "about.different.events.text":
    "Läuft auf dem Handy in einer vollen Halle mit schwachem WLAN – und für Besucher ganz ohne App.",
  "about.different.missions.title": "Gemacht für gute Zwecke",
  "about.different.missions.text":
    "Kampagnen und die Betreuung von Spendern stehen direkt neben Ihren Kontakten, nicht in einem anderen Tool.",
  "about.different.keep.title": "Ihre Daten gehören Ihnen",
  "about.different.keep.text":
    "Exportieren Sie jederzeit als vCard, CSV oder in Ihr CRM. Ihr Netzwerk ist nie eingesperrt.",
  "about.how.title": "So funktioniert es",
  "about.step.connections.title": "Kontakte verwalten",
  "about.step.connections.text":
    "Alle, die Sie treffen, mit Tags, Priorität, Notizen und der Veranstaltung, auf der Sie sich kennengelernt haben, in einem durchsuchbaren Netzwerk.",
  "about.step.events.title": "Veranstaltungen verfolgen",
  "about.step.events.text":
    "Ein Event-Hub pro Konferenz oder Gala, und ein aktiver Hub versieht neue Kontakte mit seinem Tag.",
  "about.step.cards.title": "Digitale Visitenkarten",
  "about.step.cards.text":
    "Eine Karte, die sich per QR-Code, NFC-Tag oder Link öffnet, sich als vCard speichern lässt und Besuchern erlaubt, ihre Daten zurückzuschicken.",
  "about.step.ai.title": "KI-Auswertungen",
  "about.step.ai.text":
    "Strategiepläne vor der Veranstaltung, Berichte danach und Erinnerungen zum Nachfassen innerhalb von 48 Stunden.",
  "about.nonprofits.title": "Für Gemeinnützige und Fundraiser",
  "about.nonprofits.campaigns.title": "Spendenkampagnen",
  "about.nonprofits.campaigns.text":
    "Veröffentlichen Sie Kampagnen mit Ziel und Fortschritt, und sehen Sie, welche Veranstaltungen Spender gebracht haben.",
  "about.nonprofits.ai.title": "KI-Anbindung",
  "about.nonprofits.ai.text":
    "Senden Sie die Menschen in Ihrem Netzwerk stündlich, täglich oder auf Knopfdruck (Jetzt synchronisieren) an Ihren Krystal AI-Arbeitsbereich, signiert, damit Krystal AI sie prüfen kann.",
  "about.nonprofits.ai.link": "So funktioniert die Synchronisierung mit Krystal AI",
  "about.nonprofits.marketing.title": "Marketingkampagnen",
  "about.nonprofits.marketing.text":
    "Machen Sie aus Kontakten von Veranstaltungen Newsletter-Empfänger, mit der beim Teilen erfassten Einwilligung.",
  "about.nonprofits.offer": "Gemeinnützige Organisationen, die früh dabei sind, erhalten drei Monate {plan} kostenlos.",
  "about.nonprofits.browse": "Kampagnen ansehen",
  "about.nonprofits.sync": "Mit Krystal AI synchronisieren",
  "about.cta.title": "Kostenlos starten",
  "about.cta.text": "Erstellen Sie Ihre Karte in zwei Minuten. Keine Kreditkarte nötig.",
  "about.demo": "Demo ansehen",
  "about.home": "Zurück zur Startseite",
  "about.newTab": " (öffnet in einem neuen Tab)",

  "legal.privacy.title": "Datenschutzerklärung",
  "legal.privacy.description": "Was {site} speichert, warum, wer es sehen kann und wie Sie es löschen lassen.",
  "legal.terms.title": "Nutzungsbedingungen",
  "legal.terms.description": "Die Regeln für die Nutzung von {site}, seinem kostenlosen Tarif und {plan}.",
  "legal.updated": "Zuletzt aktualisiert: {date}",
  "legal.binding": "Maßgeblich ist der folgende englische Text.",
  "legal.questions": "Fragen?",

  "updates.title": "Produktneuheiten",
  "updates.description": "Neue Funktionen, Verbesserungen und Ankündigungen vom {site}-Team.",
  "updates.eyebrow": "Was ist neu",
  "updates.intro": "Was wir veröffentlicht und verbessert haben – und was als Nächstes kommt.",
  "updates.english": "Jede Neuigkeit ist auf Englisch verfasst.",
  "updates.notify.text": "Erfahren Sie von neuen Funktionen, sobald sie erscheinen.",
  "updates.notify.link": "Benachrichtigungen aktivieren",
  "updates.category.feature": "Neue Funktion",
  "updates.category.improvement": "Verbesserung",
  "updates.category.bug-fix": "Fehlerbehebung",
  "updates.category.announcement": "Ankündigung",
  "updates.new": "Neu",
  "updates.readMore": "Weiterlesen",
  "updates.readMoreLabel": "Weiterlesen: {title}",
  "updates.feedback": "Feedback",
  "updates.feedbackLabel": "Feedback zu {title}",
  "updates.all": "← Alle Neuigkeiten",

  "guides.title": "Anleitungen",
  "guides.description":
    "Schritt-für-Schritt-Anleitungen zu digitalen Visitenkarten, Networking auf Veranstaltungen, Fundraising und Event-Hubs.",
  "guides.heading": "{site} lernen, eine Veranstaltung nach der anderen",
  "guides.intro": "Praktische Anleitungen von den Menschen, die es bauen.",
  "guides.english": "Jede Anleitung ist auf Englisch verfasst.",
  "guides.featured.label": "Empfohlene Anleitung",
  "guides.featured.title": "{site} mit Krystal AI verbinden",
  "guides.featured.text":
    "Senden Sie die Menschen in Ihrem Netzwerk als signierte Lieferungen an Ihren Krystal AI-Arbeitsbereich – stündlich, täglich oder auf Abruf.",
  "guides.featured.link": "Anleitung zur Anbindung lesen",
  "guides.topics": "Themen der Anleitungen",
  "guides.tab.getting-started": "Erste Schritte",
  "guides.tab.networking": "Networking",
  "guides.tab.fundraising": "Fundraising",
  "guides.tab.advanced": "Fortgeschritten",
  "guides.level.Beginner": "Einsteiger",
  "guides.level.Intermediate": "Mittel",
  "guides.level.Advanced": "Fortgeschritten",
  "guides.readTime": "{minutes} Min. Lesezeit",
  "guides.reference": "Referenz",
  "guides.doc.fundraising.title": "Fundraising-Auswertung",
  "guides.doc.fundraising.text": "Fortschritt, Spender und durchschnittliche Spende je Kampagne ablesen.",
  "guides.doc.krystal.title": "Krystal AI-Anbindung",
  "guides.doc.krystal.text":
    "Senden Sie die Menschen in Ihrem Netzwerk stündlich, täglich oder auf Abruf an Krystal AI.",
  "guides.doc.campaigns.title": "Kampagnen ansehen",
  "guides.doc.campaigns.text": "Sehen Sie, wie andere Organisationen ihre Kampagnen präsentieren.",
  "guides.doc.connections.title": "Kontaktverwaltung",
  "guides.doc.connections.text": "Tags, Prioritäten, Import und Export.",
  "guides.more.title": "Nicht gefunden, was Sie brauchen?",
  "guides.more.text": "Sagen Sie uns, welche Anleitung Ihnen helfen würde, und wir schreiben sie.",
  "guides.more.request": "Anleitung anfragen",
  "guides.more.help": "Zum Hilfe-Center",

  "guides.page.back": "← Zurück zu den Anleitungen",
  "guides.page.by": "Von",
  "guides.page.published": "Veröffentlicht",
  "guides.page.readingTime": "Lesezeit",
  "guides.page.helpful": "War diese Anleitung hilfreich?",
  "guides.page.yes": "Ja",
  "guides.page.somewhat": "Teilweise",
  "guides.page.no": "Nein",
  "guides.page.thanks": "Danke für Ihr Feedback. Es hilft uns zu entscheiden, was wir als Nächstes verbessern.",
  "guides.page.refused":
    "Ihre Stimme wurde nicht gespeichert: zu viele von dieser Verbindung. Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  "guides.page.more": "Weitere Anleitungen",
};
