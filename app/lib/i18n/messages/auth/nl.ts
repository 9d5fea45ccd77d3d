import type { AuthCatalog } from "./types";

export const authNl: AuthCatalog = {
  "auth.signIn.title": "Inloggen",
  "auth.signUp.title": "Maak uw account aan",
  "auth.signUp.intro":
    "Card Pro {days, plural, one {# dag} other {# dagen}} gratis, zonder creditcard. Daarna blijft Basic gratis, of u neemt een abonnement.",
  "auth.signIn.intro": "Welkom terug. Uw netwerk wacht op u.",
  "auth.passkey.busy": "Wachten op uw apparaat...",
  "auth.passkey.continue": "Doorgaan met een passkey",
  "auth.passkey.or": "of met uw e-mailadres en wachtwoord",
  "auth.name": "Naam",
  "auth.email": "E-mailadres",
  "auth.password": "Wachtwoord",
  "auth.password.hint": "Minimaal {min} tekens.",
  "auth.passkey.offer":
    "Voeg hierna een passkey toe, om in te loggen met de vingerafdruk, gezichtsherkenning of schermvergrendeling van dit apparaat",
  "auth.forgot": "Wachtwoord vergeten?",
  "auth.signUp.busy": "Account wordt aangemaakt...",
  "auth.signIn.busy": "Bezig met inloggen...",
  "auth.signUp.submit": "Account aanmaken",
  "auth.signIn.submit": "Inloggen",
  "auth.signUp.have": "Hebt u al een account?",
  "auth.signIn.new": "Nieuw hier?",
  "auth.signUp.switch": "Maak een account aan",
  "auth.error.credentials": "Onjuist e-mailadres of wachtwoord",
  "auth.error.passwordMissing": "Voer uw wachtwoord in",
  "auth.error.passwordMin": "Het wachtwoord moet minimaal {min} tekens bevatten",
  "auth.error.passwordMax": "Het wachtwoord mag maximaal {max} tekens bevatten",
  "auth.error.exists": "Er bestaat al een account met dit e-mailadres. Log in met dat account.",
  "auth.error.tooMany": "Te veel pogingen. Wacht een minuut en probeer het opnieuw.",
  "auth.error.ssoOnly":
    "Uw team logt in via de provider van de organisatie: voer uw zakelijke e-mailadres in en klik op Inloggen.",
  "auth.error.generic": "Dat is nu niet gelukt. Probeer het opnieuw.",
  "auth.error.email": "Voer een geldig e-mailadres in",
  "auth.error.nameMin": "De naam moet minimaal 2 tekens bevatten",
  "auth.error.nameMax": "De naam mag maximaal 100 tekens bevatten",
};
