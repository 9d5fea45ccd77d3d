import type { AccountCatalog } from "./types";

export const accountFr: AccountCatalog = {
  "acct.trialEnding.subject": "Votre essai de Card Pro se termine le {date}",
  "acct.trialEnding.subjectTeam": "L’essai de Card Pro de {team} se termine le {date}",
  "acct.nonprofitEnding.subject": "Votre offre Card Pro pour les associations se termine le {date}",
  "acct.nonprofitEnding.subjectTeam": "L’offre Card Pro pour les associations de {team} se termine le {date}",
  "acct.ending.body":
    "Bonjour {name},\n\n{lead}. Pour conserver les plans stratégiques, les bilans après événement, la priorisation des contacts, la synchronisation CRM et vos autres fonctionnalités Card Pro, abonnez-vous dans Settings → Plan and billing (7,99 USD par mois ou 79 USD par an).\n\nSans action de votre part, votre compte passera à l’offre gratuite Basic. Rien de ce que vous avez créé n’est supprimé : vos cartes, contacts, événements et plans restent les vôtres.",
  "acct.ending.bodyTeam":
    "Bonjour {name},\n\n{lead}. En tant que propriétaire ou administrateur·rice de l’équipe, vous pouvez conserver Card Pro pour elle : passez à {team} et abonnez-vous dans Settings → Plan and billing (7,99 USD par mois ou 79 USD par an et par membre).\n\nSi personne ne le fait, l’équipe passera à l’offre gratuite Basic. Rien n’est supprimé : ses cartes, contacts, événements et campagnes restent à l’équipe.",
  "acct.ended.subject": "Votre essai de Card Pro est terminé",
  "acct.ended.subjectTeam": "L’essai de Card Pro de {team} est terminé",
  "acct.ended.body":
    "Bonjour {name},\n\nVotre essai de Card Pro est terminé et votre compte est désormais sur l’offre gratuite Basic. Tout ce que vous avez créé est conservé ; les fonctionnalités de Card Pro restent en lecture seule jusqu’à votre abonnement dans Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "Bonjour {name},\n\nL’essai de Card Pro de {team} est terminé et l’équipe est désormais sur l’offre gratuite Basic. Tout ce que l’équipe a créé est conservé ; les fonctionnalités de Card Pro restent en lecture seule jusqu’à ce qu’un propriétaire ou un administrateur s’abonne dans Settings → Plan and billing.",
  "acct.paymentFailed.subject": "Le paiement de votre abonnement Card Pro a échoué",
  "acct.paymentFailed.body":
    "Bonjour {name},\n\nNous n’avons pas pu encaisser votre paiement Card Pro. Card Pro reste actif jusqu’au {date}, le temps de mettre à jour votre moyen de paiement dans Settings → Plan and billing. Ensuite, votre compte passera à Basic ; rien de ce que vous avez créé n’est supprimé.",
  "acct.nonprofitApproved.subject": "Votre offre pour les associations est approuvée : Card Pro est activé",
  "acct.nonprofitApproved.body":
    "Bonjour {name},\n\nNous avons approuvé {organisation} pour l’offre de lancement destinée aux associations : {months, plural, one {# mois} other {# mois}} de Card Pro offerts, jusqu’au {date}. Nous vous le rappellerons deux semaines avant la fin. Aucune carte bancaire n’est nécessaire et rien ne vous sera facturé sans abonnement de votre part.",
  "acct.nonprofitDeclined.subject": "À propos de votre demande d’offre pour les associations",
  "acct.nonprofitDeclined.body":
    "Bonjour {name},\n\nNous n’avons pas pu confirmer que {organisation} est une organisation à but non lucratif. Répondez à notre e-mail en indiquant ses informations d’enregistrement et nous examinerons à nouveau votre demande.",
  "acct.invite.subject": "{inviter} vous invite à rejoindre {team} sur KnowWho",
  "acct.invite.body":
    "Bonjour,\n\n{inviter} vous invite à rejoindre l’équipe {team} sur KnowWho {role, select, admin {avec les droits d’administration} other {en tant que membre}}.\n\nOuvrez ce lien pour la rejoindre :\n\n{link}\n\nLe lien fonctionne une seule fois, pendant {days, plural, one {# jour} other {# jours}}, et uniquement pour un compte à l’adresse {email}, une fois cette adresse confirmée. Si vous n’attendiez pas cette invitation, ignorez cet e-mail.",
  "acct.emailChange.subject": "Confirmez votre nouvelle adresse e-mail KnowWho",
  "acct.emailChange.body":
    "Bonjour {name},\n\nOuvrez ce lien pour faire de {email} l’adresse e-mail de votre compte KnowWho :\n\n{url}\n\nLe lien fonctionne pendant une heure. Tant que vous ne l’avez pas ouvert, votre compte garde son adresse actuelle. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.",
  "acct.emailChangeNotice.subject": "L’adresse e-mail de votre compte KnowWho est en cours de modification",
  "acct.emailChangeNotice.body":
    "Bonjour {name},\n\nUne personne connectée à votre compte KnowWho a demandé à remplacer son adresse e-mail par {email}. La modification n’a lieu que lorsque le lien envoyé à cette adresse est ouvert.\n\nSi ce n’était pas vous, changez dès maintenant votre mot de passe dans Settings > Account et déconnectez vos autres appareils.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {Votre carte {team} sur KnowWho} other {Votre carte d’équipe sur KnowWho}}",
  "acct.cardHandOver.body":
    "Bonjour,\n\n{named, select, yes {{team}} other {Votre équipe}} a créé une carte de visite pour vous sur KnowWho.\n\nOuvrez ce lien pour la récupérer :\n\n{link}\n\nLe lien fonctionne une seule fois, pendant {days, plural, one {# jour} other {# jours}}, et uniquement pour le compte à l’adresse {email}, une fois cette adresse confirmée.",
};
