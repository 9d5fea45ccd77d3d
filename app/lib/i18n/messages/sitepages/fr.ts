import type { SitePagesCatalog } from "./types";

export const sitePagesFr: SitePagesCatalog = {
  "sample.back": "← Tous les événements",
  "sample.when": "Quand",
  "sample.whenValue": "{date}, {hours}",
  "sample.where": "Où",
  "sample.attendees": "Participants attendus",
  "sample.tip": "Le conseil de l’assistant",
  "sample.hub.title": "Développez votre réseau à cet événement avec un espace événement",
  "sample.hub.text":
    "Créez un compte gratuit, ajoutez cet événement comme espace et activez-le : chaque personne qui scanne votre code QR ou vous transmet ses coordonnées est étiquetée avec {title}.",
  "sample.prepare": "Comment préparer un événement",
  "sample.notFound": "Événement",
  "sample.nonprofit-tech-summit.title": "Sommet Tech des associations",
  "sample.nonprofit-tech-summit.description":
    "Deux jours de conférences et d’ateliers sur la technologie au service des organisations à mission.",
  "sample.nonprofit-tech-summit.tip":
    "Visez le parcours données et CRM : la plupart des responsables de la collecte de fonds assistent aux sessions de l’après-midi.",
  "sample.impact-fundraising-live.title": "Collecte à impact, en direct",
  "sample.impact-fundraising-live.description":
    "Une session en ligne et en direct sur le parcours donateur, les dons réguliers et les campagnes de fin d’année.",
  "sample.impact-fundraising-live.tip":
    "Partagez le lien de votre carte dans le chat pendant les questions-réponses : c’est là que les participants enregistrent le plus de contacts.",
  "sample.community-partners-mixer.title": "Rencontre des partenaires locaux",
  "sample.community-partners-mixer.description":
    "Une soirée pour que les entreprises et associations locales rencontrent partenaires et mécènes.",
  "sample.community-partners-mixer.tip":
    "Gardez cet espace actif et scannez les badges au fil de la soirée : les mécènes partent tôt.",
  "sample.social-impact-forum-2026.title": "Forum de l’impact social",
  "sample.social-impact-forum-2026.description":
    "Des dirigeants de fondations, d’associations et d’entreprises parlent de partenariats durables.",
  "sample.social-impact-forum-2026.tip": "Onze contacts prioritaires attendent encore un message de suivi.",

  "contact.title": "Contact",
  "contact.description":
    "Parlez à l’équipe {site} : équipes, offres pour les associations, événements et solutions sur mesure.",
  "contact.heading": "Parlez à notre équipe",
  "contact.intro":
    "Offres sur mesure pour les organisations, l’offre aux associations pionnières ou des cartes pour tout un événement : dites-nous ce qu’il vous faut.",
  "contact.write": "Écrivez-nous",
  "contact.email": "E-mail",
  "contact.hours": "Horaires",
  "contact.hours.text": "Du lundi au vendredi, {hours}.",
  "contact.nonprofits": "Associations",
  "contact.nonprofits.text":
    "Les associations pionnières profitent de trois mois de {plan} offerts. Mentionnez votre organisation dans votre message.",
  "contact.form.name": "Nom",
  "contact.form.email": "E-mail",
  "contact.form.subject": "Objet",
  "contact.form.message": "Message",
  "contact.form.send": "Envoyer le message",
  "contact.form.sending": "Envoi...",
  "contact.form.thanks": "Merci, votre message a bien été envoyé. Nous répondons sous un jour ouvré.",
  "contact.error.name": "Le nom doit comporter au moins 2 caractères",
  "contact.error.nameLength": "Le nom doit comporter au plus 100 caractères",
  "contact.error.email": "Veuillez saisir une adresse e-mail valide",
  "contact.error.subject": "Veuillez saisir un objet",
  "contact.error.subjectShort": "L’objet doit comporter au moins 3 caractères",
  "contact.error.subjectLong": "L’objet doit comporter au plus 150 caractères",
  "contact.error.message": "Le message doit comporter au moins 10 caractères",
  "contact.error.messageLong": "Le message doit comporter au plus 5000 caractères",
  "contact.error.tooMany": "Trop de messages. Patientez une minute puis réessayez.",

  "demo.title": "Visite guidée",
  "demo.description": "Une visite de deux minutes de {site} : carte, collecte des contacts et relances.",
  "demo.lead": "Comment fonctionne {site}, en quatre étapes.",
  "demo.step.card.title": "1. Créez votre carte",
  "demo.step.card.text":
    "Inscrivez-vous, indiquez votre nom, votre fonction et vos liens, choisissez une couleur et publiez. Votre carte reçoit un lien court et un code QR.",
  "demo.step.share.title": "2. Partagez-la à l’événement",
  "demo.step.share.text":
    "Montrez le code QR, approchez une puce NFC ou envoyez le lien. Votre interlocuteur voit votre carte aussitôt, sans application à installer.",
  "demo.step.back.title": "3. On vous répond",
  "demo.step.back.text":
    "Avec « {share} », votre interlocuteur vous envoie son nom, son e-mail et son téléphone. Il rejoint votre réseau, étiqueté avec votre événement actif.",
  "demo.step.follow.title": "4. Relancez sous 48 heures",
  "demo.step.follow.text":
    "Votre tableau de bord indique qui relancer aujourd’hui, avec des rappels et des messages suggérés.",
  "demo.open": "Ouvrir la carte de démonstration",
  "demo.create": "Créer la vôtre",

  "reviews.title": "Avis clients",
  "reviews.description":
    "Ce que professionnels et collecteurs de fonds pensent de {site}, et un espace pour donner votre avis.",
  "reviews.eyebrow": "Avis",
  "reviews.heading": "Ce qu’on dit de {site}",
  "reviews.intro": "Des avis sincères de personnes qui développent leur réseau avec {site}. Ajoutez le vôtre.",
  "reviews.write": "Donner votre avis",
  "reviews.success.title": "Merci pour votre avis !",
  "reviews.success.text": "Votre avis a bien été envoyé.",
  "reviews.name": "Nom",
  "reviews.email": "E-mail",
  "reviews.emailHint": "Jamais affiché avec votre avis.",
  "reviews.rating": "Note",
  "reviews.star": "{count, plural, one {# étoile} other {# étoiles}}",
  "reviews.stars": "{count} étoiles sur 5",
  "reviews.review": "Avis",
  "reviews.submit": "Publier l’avis",
  "reviews.submitting": "Envoi...",
  "reviews.count": "{count, plural, one {# avis} other {# avis}}",
  "reviews.verified": "Vérifié",
  "reviews.helpful": "Utile ({count})",
  "reviews.refused": "Non enregistré : patientez une minute puis réessayez.",
  "reviews.error.name": "Le nom doit comporter au moins 2 caractères",
  "reviews.error.nameLength": "Le nom doit comporter au plus 100 caractères",
  "reviews.error.email": "Veuillez saisir une adresse e-mail valide",
  "reviews.error.rating": "Veuillez choisir une note",
  "reviews.error.short": "L’avis doit comporter au moins 10 caractères",
  "reviews.error.long": "L’avis doit comporter au plus 2000 caractères",
  "reviews.error.tooMany": "Trop d’avis envoyés d’ici. Patientez une minute puis réessayez.",

  "newsletter.title": "Lettre d’information",
  "newsletter.hint": "Abonnez-vous depuis le formulaire en bas de n’importe quelle page.",
  "newsletter.back": "Revenir à la page précédente",
  "newsletter.success": "C’est fait ! Consultez vos e-mails pour confirmer votre abonnement.",
  "newsletter.error.email": "Veuillez saisir une adresse e-mail valide",
  "newsletter.tooMany": "Trop de tentatives. Réessayez dans un instant.",
  "newsletter.confirm.title": "Confirmez votre abonnement",
  "newsletter.confirm.text": "Un clic, et vous recevrez les nouveautés du produit et des conseils de networking.",
  "newsletter.confirm.button": "Confirmer l’abonnement",
  "newsletter.confirm.done": "Votre abonnement est confirmé. Merci !",
  "newsletter.confirm.invalid": "Ce lien de confirmation n’est pas valide ou a déjà été utilisé.",
  "newsletter.confirm.home": "Aller à la page d’accueil",

  "notFound.title": "Page introuvable",
  "notFound.notice": "Nous n’avons pas trouvé {path}. Voici notre page d’accueil.",

  "offer.title": "Des conseils de networking, une fois par mois",
  "offer.text":
    "Listes de contrôle pour vos événements, modèles de relance et nouveautés du produit. Désabonnement possible à tout moment.",
  "offer.close": "Fermer l’offre de la lettre d’information",
};
