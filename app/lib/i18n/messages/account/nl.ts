import type { AccountCatalog } from "./types";

export const accountNl: AccountCatalog = {
  "acct.trialEnding.subject": "Je proefperiode van Card Pro eindigt op {date}",
  "acct.trialEnding.subjectTeam": "De proefperiode van Card Pro van {team} eindigt op {date}",
  "acct.nonprofitEnding.subject": "Je Card Pro-aanbod voor non-profitorganisaties eindigt op {date}",
  "acct.nonprofitEnding.subjectTeam": "Het Card Pro-aanbod voor non-profitorganisaties van {team} eindigt op {date}",
  "acct.ending.body":
    "Hallo {name},\n\n{lead}. Wil je strategieplannen, verslagen na evenementen, prioriteit voor leads, CRM-synchronisatie en je andere Card Pro-functies houden? Neem dan een abonnement in Settings → Plan and billing (7,99 USD per maand of 79 USD per jaar).\n\nAls je niets doet, gaat je account over op het gratis Basic-abonnement. Niets wat je hebt gemaakt wordt verwijderd: je kaarten, contacten, evenementen en plannen blijven van jou.",
  "acct.ending.bodyTeam":
    "Hallo {name},\n\n{lead}. Als eigenaar of beheerder van het team kun je Card Pro voor het team houden: schakel over naar {team} en neem een abonnement in Settings → Plan and billing (7,99 USD per maand of 79 USD per jaar per lid).\n\nAls niemand dat doet, gaat het team over op het gratis Basic-abonnement. Er wordt niets verwijderd: de kaarten, personen, evenementen en campagnes blijven van het team.",
  "acct.ended.subject": "Je proefperiode van Card Pro is afgelopen",
  "acct.ended.subjectTeam": "De proefperiode van Card Pro van {team} is afgelopen",
  "acct.ended.body":
    "Hallo {name},\n\nJe proefperiode van Card Pro is afgelopen en je account gebruikt nu het gratis Basic-abonnement. Alles wat je hebt gemaakt blijft bewaard; de Card Pro-functies zijn alleen-lezen tot je een abonnement neemt in Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "Hallo {name},\n\nDe proefperiode van Card Pro van {team} is afgelopen en het team gebruikt nu het gratis Basic-abonnement. Alles wat het team heeft gemaakt blijft bewaard; de Card Pro-functies zijn alleen-lezen tot een eigenaar of beheerder een abonnement neemt in Settings → Plan and billing.",
  "acct.paymentFailed.subject": "Je betaling voor Card Pro is mislukt",
  "acct.paymentFailed.body":
    "Hallo {name},\n\nWe konden je betaling voor Card Pro niet innen. Card Pro blijft actief tot {date}, zodat je je betaalmethode kunt bijwerken in Settings → Plan and billing. Daarna gaat je account over op Basic; niets wat je hebt gemaakt wordt verwijderd.",
  "acct.nonprofitApproved.subject": "Je aanbod voor non-profitorganisaties is goedgekeurd: Card Pro staat aan",
  "acct.nonprofitApproved.body":
    "Hallo {name},\n\nWe hebben {organisation} goedgekeurd voor het introductieaanbod voor non-profitorganisaties: {months, plural, one {# maand} other {# maanden}} Card Pro gratis, tot {date}. We herinneren je er twee weken voor het einde aan. Er is geen betaalkaart nodig en er wordt niets in rekening gebracht tenzij je een abonnement neemt.",
  "acct.nonprofitDeclined.subject": "Over je aanvraag voor het aanbod voor non-profitorganisaties",
  "acct.nonprofitDeclined.body":
    "Hallo {name},\n\nWe konden {organisation} niet bevestigen als non-profitorganisatie. Beantwoord onze e-mail met de registratiegegevens van de organisatie, dan bekijken we de aanvraag opnieuw.",
  "acct.invite.subject": "{inviter} heeft je uitgenodigd voor {team} op KnowWho",
  "acct.invite.body":
    "Hallo,\n\n{inviter} heeft je uitgenodigd om lid te worden van het team {team} op KnowWho, {role, select, admin {als beheerder} other {als lid}}.\n\nOpen deze link om lid te worden:\n\n{link}\n\nDe link werkt één keer, {days, plural, one {# dag} other {# dagen}} lang, en alleen voor een account met het adres {email}, zodra dat adres is bevestigd. Verwachtte je deze uitnodiging niet, negeer deze e-mail dan.",
  "acct.emailChange.subject": "Bevestig je nieuwe e-mailadres bij KnowWho",
  "acct.emailChange.body":
    "Hallo {name},\n\nOpen deze link om {email} het e-mailadres van je KnowWho-account te maken:\n\n{url}\n\nDe link werkt een uur lang. Tot je hem opent, houdt je account het huidige adres. Heb je hier niet om gevraagd, negeer deze e-mail dan.",
  "acct.emailChangeNotice.subject": "Het e-mailadres van je KnowWho-account wordt gewijzigd",
  "acct.emailChangeNotice.body":
    "Hallo {name},\n\nIemand die in je KnowWho-account is ingelogd, heeft gevraagd het e-mailadres te wijzigen in {email}. De wijziging gebeurt pas wanneer de link die naar dat adres is gestuurd, wordt geopend.\n\nWas jij dit niet? Wijzig dan nu je wachtwoord in Settings > Account en log uit op je andere apparaten.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {Je kaartje van {team} op KnowWho} other {Je teamkaartje op KnowWho}}",
  "acct.cardHandOver.body":
    "Hallo,\n\n{named, select, yes {{team}} other {Je team}} heeft op KnowWho een visitekaartje voor je gemaakt.\n\nOpen deze link om het over te nemen:\n\n{link}\n\nDe link werkt één keer, {days, plural, one {# dag} other {# dagen}} lang, en alleen voor het account met het adres {email}, zodra dat adres is bevestigd.",
};
