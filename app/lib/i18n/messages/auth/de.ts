import type { AuthCatalog } from "./types";

export const authDe: AuthCatalog = {
  "auth.signIn.title": "Anmelden",
  "auth.signUp.title": "Konto erstellen",
  "auth.signUp.intro":
    "Card Pro {days, plural, one {# Tag} other {# Tage}} kostenlos, ohne Kreditkarte. Danach bleibt Basic kostenlos, oder Sie schließen ein Abo ab.",
  "auth.signIn.intro": "Willkommen zurück. Ihr Netzwerk wartet auf Sie.",
  "auth.passkey.busy": "Warten auf Ihr Gerät...",
  "auth.passkey.continue": "Mit einem Passkey fortfahren",
  "auth.passkey.or": "oder mit Ihrer E-Mail-Adresse und Ihrem Passwort",
  "auth.name": "Name",
  "auth.email": "E-Mail-Adresse",
  "auth.password": "Passwort",
  "auth.password.hint": "Mindestens {min} Zeichen.",
  "auth.passkey.offer":
    "Als Nächstes einen Passkey hinzufügen, um sich mit Fingerabdruck, Gesicht oder Bildschirmsperre dieses Geräts anzumelden",
  "auth.forgot": "Passwort vergessen?",
  "auth.signUp.busy": "Konto wird erstellt...",
  "auth.signIn.busy": "Anmeldung läuft...",
  "auth.signUp.submit": "Konto erstellen",
  "auth.signIn.submit": "Anmelden",
  "auth.signUp.have": "Sie haben bereits ein Konto?",
  "auth.signIn.new": "Neu hier?",
  "auth.signUp.switch": "Ein Konto erstellen",
  "auth.error.credentials": "E-Mail-Adresse oder Passwort ist falsch",
  "auth.error.passwordMissing": "Bitte geben Sie Ihr Passwort ein",
  "auth.error.passwordMin": "Das Passwort muss mindestens {min} Zeichen lang sein",
  "auth.error.passwordMax": "Das Passwort darf höchstens {max} Zeichen lang sein",
  "auth.error.exists": "Mit dieser E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich stattdessen an.",
  "auth.error.tooMany": "Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.",
  "auth.error.ssoOnly":
    "Ihr Team meldet sich über den Anbieter seiner Organisation an: Geben Sie Ihre geschäftliche E-Mail-Adresse ein und klicken Sie auf Anmelden.",
  "auth.error.generic": "Das hat gerade nicht geklappt. Bitte versuchen Sie es erneut.",
  "auth.error.email": "Bitte geben Sie eine gültige E-Mail-Adresse ein",
  "auth.error.nameMin": "Der Name muss mindestens 2 Zeichen lang sein",
  "auth.error.nameMax": "Der Name darf höchstens 100 Zeichen lang sein",
};
