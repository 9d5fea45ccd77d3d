import type { AuthCatalog } from "./types";

export const authFr: AuthCatalog = {
  "auth.signIn.title": "Se connecter",
  "auth.signUp.title": "Créez votre compte",
  "auth.signUp.intro":
    "Card Pro gratuit pendant {days, plural, one {# jour} other {# jours}}, sans carte bancaire. Ensuite, Basic reste gratuit, ou vous pouvez vous abonner.",
  "auth.signIn.intro": "Bon retour parmi nous. Votre réseau vous attend.",
  "auth.passkey.busy": "En attente de votre appareil...",
  "auth.passkey.continue": "Continuer avec une clé d’accès",
  "auth.passkey.or": "ou avec votre e-mail et votre mot de passe",
  "auth.name": "Nom",
  "auth.email": "E-mail",
  "auth.password": "Mot de passe",
  "auth.password.hint": "Au moins {min} caractères.",
  "auth.passkey.offer":
    "Ajouter ensuite une clé d’accès, pour vous connecter avec l’empreinte digitale, le visage ou le verrouillage d’écran de cet appareil",
  "auth.forgot": "Mot de passe oublié ?",
  "auth.signUp.busy": "Création du compte...",
  "auth.signIn.busy": "Connexion...",
  "auth.signUp.submit": "Créer le compte",
  "auth.signIn.submit": "Se connecter",
  "auth.signUp.have": "Vous avez déjà un compte ?",
  "auth.signIn.new": "Pas encore de compte ?",
  "auth.signUp.switch": "Créer un compte",
  "auth.error.credentials": "E-mail ou mot de passe incorrect",
  "auth.error.passwordMissing": "Veuillez saisir votre mot de passe",
  "auth.error.passwordMin": "Le mot de passe doit comporter au moins {min} caractères",
  "auth.error.passwordMax": "Le mot de passe doit comporter au plus {max} caractères",
  "auth.error.exists": "Un compte existe déjà avec cet e-mail. Connectez-vous plutôt.",
  "auth.error.tooMany": "Trop de tentatives. Veuillez patienter une minute et réessayer.",
  "auth.error.ssoOnly":
    "Votre équipe se connecte via le fournisseur de son organisation : saisissez votre e-mail professionnel et appuyez sur Se connecter.",
  "auth.error.generic": "Nous n’avons pas pu effectuer cette action pour le moment. Veuillez réessayer.",
  "auth.error.email": "Veuillez saisir une adresse e-mail valide",
  "auth.error.nameMin": "Le nom doit comporter au moins 2 caractères",
  "auth.error.nameMax": "Le nom doit comporter au plus 100 caractères",
};
