import type { PagesCatalog } from "./types";

// Informal address (je), the register the Dutch catalogues are moving to.
export const pagesNl: PagesCatalog = {
  "pricing.title": "Prijzen",
  "pricing.description":
    "{plan} kost {monthly} per maand of {yearly} per jaar, met {days} dagen gratis proberen en zonder creditcard.",
  "pricing.heading": "Eenvoudige prijzen voor wie serieus netwerkt",
  "pricing.intro":
    "Begin gratis. Stap over op {plan} wanneer je er klaar voor bent: {days} dagen gratis proberen, geen creditcard nodig.",
  "pricing.period": "Factuurperiode",
  "pricing.monthly": "Maandelijks",
  "pricing.yearly": "Jaarlijks (bespaar {saving, number, percent})",
  "pricing.perMonth": "/ maand",
  "pricing.perYear": "/ jaar",
  "pricing.billedMonthly": "Maandelijks gefactureerd. Altijd opzegbaar.",
  "pricing.billedYearly": "Dat is {price} per maand, jaarlijks gefactureerd.",
  "pricing.trial": "Start de gratis proefperiode",
  "pricing.trialNote": "{days} dagen alle functies hieronder, geen creditcard nodig.",
  "pricing.nonprofit": "Goede doelen die er vroeg bij zijn, krijgen {months} maanden Pro gratis.",
  "pricing.nonprofitApply": "Vraag het aanbod voor goede doelen aan",
  "pricing.faq": "Veelgestelde vragen",
  "pricing.faq.trial.q": "Is er een gratis proefperiode?",
  "pricing.faq.trial.a":
    "Ja. Elk betaald abonnement begint met {days} dagen gratis proberen, en je hebt geen creditcard nodig om te beginnen.",
  "pricing.faq.upgrade.q": "Wat gebeurt er als ik mijn abonnement upgrade?",
  "pricing.faq.upgrade.a":
    "Je krijgt de nieuwe functies meteen en betaalt naar rato het verschil voor de rest van de factuurperiode.",
  "pricing.faq.downgrade.q": "Wat gebeurt er als ik downgrade?",
  "pricing.faq.downgrade.a": "De wijziging gaat meteen in en je krijgt naar rato een tegoed op je volgende facturen.",
  "pricing.faq.cancel.q": "Kan ik altijd opzeggen?",
  "pricing.faq.cancel.a":
    "Ja. Na het opzeggen houd je de betaalde functies tot het einde van je huidige factuurperiode.",
  "pricing.faq.payment.q": "Welke betaalmethoden accepteren jullie?",
  "pricing.faq.payment.a": "Alle gangbare creditcards (Visa, Mastercard, American Express) en PayPal.",
  "pricing.faq.nonprofit.q": "Krijgen goede doelen korting?",
  "pricing.faq.nonprofit.a":
    "Goede doelen die er vroeg bij zijn, krijgen drie maanden {plan} gratis. Vraag het aan via Instellingen → Abonnement en facturatie met de naam, het land en het registratienummer van je organisatie (bijvoorbeeld een EIN); we reageren binnen een paar dagen.",
  "pricing.custom.title": "Een oplossing op maat nodig?",
  "pricing.custom.text":
    "Teams, afdelingen en organisatoren van evenementen: wij richten kaartjes, evenementenhubs en CRM-synchronisatie in voor je hele organisatie.",
  "pricing.custom.button": "Neem contact op met sales",

  "about.title": "Over ons",
  "about.description":
    "Waarom we {site} hebben gebouwd: een digitaal visitekaartje en netwerkassistent voor mensen met een missie.",
  "about.eyebrow": "Over ons",
  "about.heading": "Elke handdruk hoort ergens toe te leiden",
  "about.intro":
    "{site} maakt van de mensen die je op evenementen ontmoet relaties die je opvolgt, voor professionals, leiders van goede doelen en fondsenwervers.",
  "about.mission.title": "Onze missie",
  "about.mission.text":
    "De meeste gesprekken op congressen eindigen met een papieren kaartje in je zak en een goed voornemen. Wij bouwen de middelen die zorgen dat de opvolging er echt komt: een kaartje dat je met één tik bewaart, een netwerk geordend naar de evenementen waar jullie elkaar ontmoetten, en een assistent die je vertelt wie je het eerst moet bellen.",
  "about.different.title": "Wat ons anders maakt",
  "about.different.events.title": "Gemaakt voor evenementen",
  "about.different.events.text":
    "Werkt op je telefoon in een volle zaal met zwakke wifi, en voor bezoekers zonder app.",
  "about.different.missions.title": "Gemaakt voor een missie",
  "about.different.missions.text":
    "Campagnes en de opvolging van donateurs staan naast je contacten, niet in een ander programma.",
  "about.different.keep.title": "Je gegevens blijven van jou",
  "about.different.keep.text": "Exporteer wanneer je wilt naar vCard, CSV of je CRM. Je netwerk zit nooit vast.",
  "about.how.title": "Zo werkt het",
  "about.step.connections.title": "Beheer je contacten",
  "about.step.connections.text":
    "Iedereen die je ontmoet, met tags, prioriteit, notities en het evenement waar jullie elkaar zagen, in één doorzoekbaar netwerk.",
  "about.step.events.title": "Volg je evenementen",
  "about.step.events.text":
    "Een evenementenhub per congres of gala, met één actieve hub die nieuwe contacten een tag geeft.",
  "about.step.cards.title": "Digitale visitekaartjes",
  "about.step.cards.text":
    "Een kaartje dat opent via een QR-code, NFC-tag of link, bewaard wordt als vCard en waarmee bezoekers hun gegevens met je delen.",
  "about.step.ai.title": "Inzichten met AI",
  "about.step.ai.text":
    "Strategieplannen vóór het evenement, rapporten erna en herinneringen om binnen 48 uur op te volgen.",
  "about.nonprofits.title": "Voor goede doelen en fondsenwervers",
  "about.nonprofits.campaigns.title": "Inzamelingscampagnes",
  "about.nonprofits.campaigns.text":
    "Publiceer campagnes met een doel en voortgang, en zie welke evenementen donateurs opleverden.",
  "about.nonprofits.ai.title": "AI-koppeling",
  "about.nonprofits.ai.text":
    "Stuur de mensen in je netwerk elk uur, elke dag of wanneer je op Nu synchroniseren drukt naar je Krystal AI-werkruimte, ondertekend zodat Krystal AI ze kan controleren.",
  "about.nonprofits.ai.link": "Zo werkt de synchronisatie met Krystal AI",
  "about.nonprofits.marketing.title": "Marketingcampagnes",
  "about.nonprofits.marketing.text":
    "Maak van je contacten op evenementen ontvangers van je nieuwsbrief, met de toestemming vastgelegd op het moment van delen.",
  "about.nonprofits.offer": "Goede doelen die er vroeg bij zijn, krijgen drie maanden {plan} gratis.",
  "about.nonprofits.browse": "Bekijk campagnes",
  "about.nonprofits.sync": "Synchroniseer met Krystal AI",
  "about.cta.title": "Begin gratis",
  "about.cta.text": "Maak je kaartje in twee minuten. Geen creditcard nodig.",
  "about.demo": "Bekijk de demo",
  "about.home": "Terug naar de startpagina",
  "about.newTab": " (opent in een nieuw tabblad)",

  "legal.privacy.title": "Privacybeleid",
  "legal.privacy.description": "Wat {site} bewaart, waarom, wie het kan zien en hoe je het laat verwijderen.",
  "legal.terms.title": "Gebruiksvoorwaarden",
  "legal.terms.description": "De regels voor het gebruik van {site}, het gratis abonnement en {plan}.",
  "legal.updated": "Laatst bijgewerkt: {date}",
  "legal.binding": "De Engelse tekst hieronder is de bindende versie.",
  "legal.questions": "Vragen?",

  "updates.title": "Productnieuws",
  "updates.description": "Nieuwe functies, verbeteringen en aankondigingen van het {site}-team.",
  "updates.eyebrow": "Wat is er nieuw",
  "updates.intro": "Wat we hebben uitgebracht, wat we hebben verbeterd en wat er nog komt.",
  "updates.english": "Elk bericht is in het Engels geschreven.",
  "updates.notify.text": "Hoor over nieuwe functies zodra ze er zijn.",
  "updates.notify.link": "Meldingen inschakelen",
  "updates.category.feature": "Nieuwe functie",
  "updates.category.improvement": "Verbetering",
  "updates.category.bug-fix": "Bugfix",
  "updates.category.announcement": "Aankondiging",
  "updates.new": "Nieuw",
  "updates.readMore": "Lees meer",
  "updates.readMoreLabel": "Lees meer: {title}",
  "updates.feedback": "Feedback",
  "updates.feedbackLabel": "Feedback over {title}",
  "updates.all": "← Alle berichten",
};
