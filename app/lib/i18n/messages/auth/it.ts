import type { AuthCatalog } from "./types";

export const authIt: AuthCatalog = {
  "auth.signIn.title": "Accedi",
  "auth.signUp.title": "Crei il Suo account",
  "auth.signUp.intro":
    "Card Pro gratis per {days, plural, one {# giorno} other {# giorni}}, senza carta di credito. Poi Basic resta gratuito, oppure può abbonarsi.",
  "auth.signIn.intro": "Che piacere rivederLa. La Sua rete La aspetta.",
  "auth.passkey.busy": "In attesa del Suo dispositivo...",
  "auth.passkey.continue": "Continua con una passkey",
  "auth.passkey.or": "oppure con email e password",
  "auth.name": "Nome",
  "auth.email": "Email",
  "auth.password": "Password",
  "auth.password.hint": "Almeno {min} caratteri.",
  "auth.passkey.offer":
    "Aggiungi poi una passkey, per accedere con l’impronta digitale, il volto o il blocco schermo di questo dispositivo",
  "auth.forgot": "Ha dimenticato la password?",
  "auth.signUp.busy": "Creazione dell’account...",
  "auth.signIn.busy": "Accesso in corso...",
  "auth.signUp.submit": "Crea account",
  "auth.signIn.submit": "Accedi",
  "auth.signUp.have": "Ha già un account?",
  "auth.signIn.new": "Non ha ancora un account?",
  "auth.signUp.switch": "Crea un account",
  "auth.error.credentials": "Email o password non corretti",
  "auth.error.passwordMissing": "Inserisca la password",
  "auth.error.passwordMin": "La password deve contenere almeno {min} caratteri",
  "auth.error.passwordMax": "La password può contenere al massimo {max} caratteri",
  "auth.error.exists": "Esiste già un account con questa email. Acceda con quello.",
  "auth.error.tooMany": "Troppi tentativi. Attenda un minuto e riprovi.",
  "auth.error.ssoOnly":
    "Il Suo team accede tramite il provider della propria organizzazione: inserisca l’email di lavoro e prema Accedi.",
  "auth.error.generic": "Non è stato possibile completare l’operazione. Riprovi.",
  "auth.error.email": "Inserisca un indirizzo email valido",
  "auth.error.nameMin": "Il nome deve contenere almeno 2 caratteri",
  "auth.error.nameMax": "Il nome può contenere al massimo 100 caratteri",
};
