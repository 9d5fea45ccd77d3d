import type { SitePagesCatalog } from "./types";

export const sitePagesNl: SitePagesCatalog = {
  "sample.back": "← Alle evenementen",
  "sample.when": "Wanneer",
  "sample.whenValue": "{date}, {hours}",
  "sample.where": "Waar",
  "sample.attendees": "Verwachte deelnemers",
  "sample.tip": "Tip van de assistent",
  "sample.hub.title": "Netwerk op dit evenement met een evenementenhub",
  "sample.hub.text":
    "Maak een gratis account, voeg dit evenement toe als hub en zet hem actief: iedereen die je QR-code scant of gegevens met je deelt, krijgt het label ‘{title}’.",
  "sample.prepare": "Zo bereid je je voor op een evenement",
  "sample.notFound": "Evenement",
  "sample.nonprofit-tech-summit.title": "Techtop voor goede doelen",
  "sample.nonprofit-tech-summit.description":
    "Twee dagen lezingen en workshops over technologie voor maatschappelijke organisaties.",
  "sample.nonprofit-tech-summit.tip":
    "Richt je op het programma over data en CRM: de meeste fondsenwervingsmanagers gaan naar de middagsessies.",
  "sample.impact-fundraising-live.title": "Fondsenwerving met impact, live",
  "sample.impact-fundraising-live.description":
    "Een live onlinesessie over de donateursreis, terugkerende giften en eindejaarscampagnes.",
  "sample.impact-fundraising-live.tip":
    "Deel de link naar je kaartje in de chat tijdens de vragenronde: dan slaan deelnemers de meeste contacten op.",
  "sample.community-partners-mixer.title": "Ontmoeting lokale partners",
  "sample.community-partners-mixer.description":
    "Een avond waarop lokale bedrijven en goede doelen partners en sponsors ontmoeten.",
  "sample.community-partners-mixer.tip":
    "Houd deze hub actief en scan badges terwijl je rondloopt: sponsors gaan vroeg weg.",
  "sample.social-impact-forum-2026.title": "Forum voor maatschappelijke impact",
  "sample.social-impact-forum-2026.description":
    "Leiders van fondsen, goede doelen en bedrijven over samenwerkingen die blijven.",
  "sample.social-impact-forum-2026.tip": "Elf contacten met hoge prioriteit wachten nog op een vervolgbericht.",

  "contact.title": "Contact",
  "contact.description":
    "Praat met het team van {site} over teams, aanbiedingen voor goede doelen, evenementen en maatwerk.",
  "contact.heading": "Praat met ons team",
  "contact.intro":
    "Abonnementen op maat voor organisaties, het aanbod voor goede doelen van het eerste uur of kaartjes voor een heel evenement: vertel ons wat je nodig hebt.",
  "contact.write": "Stuur ons een bericht",
  "contact.email": "E-mail",
  "contact.hours": "Bereikbaar",
  "contact.hours.text": "Maandag tot en met vrijdag, {hours}.",
  "contact.nonprofits": "Goede doelen",
  "contact.nonprofits.text":
    "Goede doelen van het eerste uur krijgen drie maanden {plan} gratis. Noem je organisatie in je bericht.",
  "contact.form.name": "Naam",
  "contact.form.email": "E-mail",
  "contact.form.subject": "Onderwerp",
  "contact.form.message": "Bericht",
  "contact.form.send": "Bericht versturen",
  "contact.form.sending": "Versturen...",
  "contact.form.thanks": "Bedankt, je bericht is verstuurd. We antwoorden binnen één werkdag.",
  "contact.error.name": "Je naam moet minstens 2 tekens lang zijn",
  "contact.error.nameLength": "Je naam mag hoogstens 100 tekens lang zijn",
  "contact.error.email": "Vul een geldig e-mailadres in",
  "contact.error.subject": "Vul een onderwerp in",
  "contact.error.subjectShort": "Het onderwerp moet minstens 3 tekens lang zijn",
  "contact.error.subjectLong": "Het onderwerp mag hoogstens 150 tekens lang zijn",
  "contact.error.message": "Het bericht moet minstens 10 tekens lang zijn",
  "contact.error.messageLong": "Het bericht mag hoogstens 5000 tekens lang zijn",
  "contact.error.tooMany": "Te veel berichten. Wacht een minuut en probeer het opnieuw.",

  "demo.title": "Rondleiding",
  "demo.description": "Een rondleiding van twee minuten door {site}: kaartje, contacten vastleggen en opvolgen.",
  "demo.lead": "Zo werkt {site}, in vier stappen.",
  "demo.step.card.title": "1. Maak je kaartje",
  "demo.step.card.text":
    "Meld je aan, vul je naam, functie en links in, kies een kleur en publiceer. Je kaartje krijgt een korte link en een QR-code.",
  "demo.step.share.title": "2. Deel het op het evenement",
  "demo.step.share.text":
    "Laat de QR-code zien, houd een NFC-tag tegen de telefoon of stuur de link. De ander ziet je kaartje meteen, zonder app te installeren.",
  "demo.step.back.title": "3. De ander deelt terug",
  "demo.step.back.text":
    "Met ‘{share}’ stuurt de ander je naam, e-mailadres en telefoonnummer. Het contact komt in je netwerk, met het label van je actieve evenement.",
  "demo.step.follow.title": "4. Volg binnen 48 uur op",
  "demo.step.follow.text":
    "Je dashboard laat zien wie je vandaag opvolgt, met herinneringen en voorgestelde berichten.",
  "demo.open": "Open het demokaartje",
  "demo.create": "Maak je eigen kaartje",

  "reviews.title": "Klantbeoordelingen",
  "reviews.description":
    "Wat professionals en fondsenwervers over {site} zeggen, en een plek voor je eigen beoordeling.",
  "reviews.eyebrow": "Beoordelingen",
  "reviews.heading": "Wat mensen over {site} zeggen",
  "reviews.intro": "Eerlijke beoordelingen van mensen die netwerken met {site}. Voeg de jouwe toe.",
  "reviews.write": "Schrijf een beoordeling",
  "reviews.success.title": "Bedankt voor je beoordeling!",
  "reviews.success.text": "Je feedback is verstuurd.",
  "reviews.name": "Naam",
  "reviews.email": "E-mail",
  "reviews.emailHint": "Wordt nooit bij je beoordeling getoond.",
  "reviews.rating": "Waardering",
  "reviews.star": "{count, plural, one {# ster} other {# sterren}}",
  "reviews.stars": "{count} van de 5 sterren",
  "reviews.review": "Beoordeling",
  "reviews.submit": "Beoordeling versturen",
  "reviews.submitting": "Versturen...",
  "reviews.count": "{count, plural, one {# beoordeling} other {# beoordelingen}}",
  "reviews.verified": "Geverifieerd",
  "reviews.helpful": "Nuttig ({count})",
  "reviews.refused": "Niet opgeslagen: wacht een minuut en probeer het opnieuw.",
  "reviews.error.name": "Je naam moet minstens 2 tekens lang zijn",
  "reviews.error.nameLength": "Je naam mag hoogstens 100 tekens lang zijn",
  "reviews.error.email": "Vul een geldig e-mailadres in",
  "reviews.error.rating": "Kies een waardering",
  "reviews.error.short": "Je beoordeling moet minstens 10 tekens lang zijn",
  "reviews.error.long": "Je beoordeling mag hoogstens 2000 tekens lang zijn",
  "reviews.error.tooMany": "Te veel beoordelingen vanaf hier. Wacht een minuut en probeer het opnieuw.",

  "newsletter.title": "Nieuwsbrief",
  "newsletter.hint": "Schrijf je in via het formulier onderaan elke pagina.",
  "newsletter.back": "Terug naar waar je was",
  "newsletter.success": "Gelukt! Kijk nu in je mailbox om je inschrijving te bevestigen.",
  "newsletter.error.email": "Vul een geldig e-mailadres in",
  "newsletter.tooMany": "Te veel pogingen. Probeer het zo opnieuw.",
  "newsletter.confirm.title": "Bevestig je inschrijving",
  "newsletter.confirm.text": "Eén klik en je ontvangt productnieuws en netwerktips.",
  "newsletter.confirm.button": "Inschrijving bevestigen",
  "newsletter.confirm.done": "Je bent ingeschreven. Bedankt!",
  "newsletter.confirm.invalid": "Deze bevestigingslink is ongeldig of al gebruikt.",
  "newsletter.confirm.home": "Naar de startpagina",

  "notFound.title": "Pagina niet gevonden",
  "notFound.notice": "We konden {path} niet vinden. Hier is onze startpagina.",

  "offer.title": "Netwerktips, één keer per maand",
  "offer.text": "Checklists voor evenementen, sjablonen om op te volgen en productnieuws. Je kunt je altijd afmelden.",
  "offer.close": "Nieuwsbriefaanbod sluiten",
};
