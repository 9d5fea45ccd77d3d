import type { PagesCatalog } from "./types";

// Typography as in the other French catalogues: a no-break space before « : », a narrow one before ; ! ? and inside « ».
export const pagesFr: PagesCatalog = {
  "pricing.title": "Tarifs",
  "pricing.description":
    "{plan} coûte {monthly} par mois ou {yearly} par an, avec un essai gratuit de {days} jours et sans carte bancaire.",
  "pricing.heading": "Des tarifs simples pour qui prend son réseau au sérieux",
  "pricing.intro":
    "Commencez gratuitement. Passez à {plan} quand vous le souhaitez : essai gratuit de {days} jours, sans carte bancaire.",
  "pricing.period": "Période de facturation",
  "pricing.monthly": "Mensuel",
  "pricing.yearly": "Annuel (économisez {saving, number, percent})",
  "pricing.perMonth": "/ mois",
  "pricing.perYear": "/ an",
  "pricing.billedMonthly": "Facturé chaque mois. Résiliable à tout moment.",
  "pricing.billedYearly": "Soit {price} par mois, facturé une fois par an.",
  "pricing.trial": "Commencer l’essai gratuit",
  "pricing.trialNote": "{days} jours avec toutes les fonctionnalités ci-dessous, sans carte bancaire.",
  "pricing.nonprofit": "Les associations qui nous rejoignent tôt profitent de {months} mois de Pro offerts.",
  "pricing.nonprofitApply": "Demander l’offre associations",
  "pricing.faq": "Questions fréquentes",
  "pricing.faq.trial.q": "Y a-t-il un essai gratuit ?",
  "pricing.faq.trial.a":
    "Oui. Chaque formule payante commence par un essai gratuit de {days} jours, sans carte bancaire pour le démarrer.",
  "pricing.faq.upgrade.q": "Que se passe-t-il si je passe à une formule supérieure ?",
  "pricing.faq.upgrade.a":
    "Les nouvelles fonctionnalités sont disponibles tout de suite et la différence vous est facturée au prorata pour le reste de la période.",
  "pricing.faq.downgrade.q": "Que se passe-t-il si je passe à une formule inférieure ?",
  "pricing.faq.downgrade.a":
    "Le changement s’applique immédiatement et vous recevez un avoir au prorata sur vos prochaines factures.",
  "pricing.faq.cancel.q": "Puis-je résilier à tout moment ?",
  "pricing.faq.cancel.a":
    "Oui. Après la résiliation, vous gardez les fonctionnalités payantes jusqu’à la fin de la période de facturation en cours.",
  "pricing.faq.payment.q": "Quels moyens de paiement acceptez-vous ?",
  "pricing.faq.payment.a": "Les principales cartes bancaires (Visa, Mastercard, American Express) et PayPal.",
  "pricing.faq.nonprofit.q": "Les associations bénéficient-elles d’une remise ?",
  "pricing.faq.nonprofit.a":
    "Les associations qui nous rejoignent tôt profitent de trois mois de {plan} offerts. Faites la demande dans Paramètres → Formule et facturation avec le nom, le pays et le numéro d’enregistrement de votre organisation (un EIN, par exemple) ; nous répondons sous quelques jours.",
  "pricing.custom.title": "Besoin d’une solution sur mesure ?",
  "pricing.custom.text":
    "Équipes, antennes et organisateurs d’événements : nous mettons en place les cartes, les espaces événement et la synchronisation CRM pour toute votre organisation.",
  "pricing.custom.button": "Contacter l’équipe commerciale",

  "about.title": "À propos",
  "about.description":
    "Pourquoi nous avons créé {site} : une carte de visite numérique et un assistant de networking pour celles et ceux qui ont une mission.",
  "about.eyebrow": "À propos",
  "about.heading": "Chaque poignée de main devrait mener quelque part",
  "about.intro":
    "{site} transforme les personnes rencontrées lors d’événements en relations suivies, pour les professionnels, les responsables associatifs et les collecteurs de fonds.",
  "about.mission.title": "Notre mission",
  "about.mission.text":
    "La plupart des conversations en conférence finissent par une carte en papier dans une poche et une bonne intention. Nous créons les outils qui font que le suivi a lieu : une carte qu’on enregistre d’un geste, un réseau organisé selon les événements où vous vous êtes rencontrés, et un assistant qui vous dit qui appeler en premier.",
  "about.different.title": "Ce qui nous distingue",
  "about.different.events.title": "Conçu pour les événements",
  "about.different.events.text":
    "Fonctionne sur un téléphone dans une salle bondée au Wi-Fi faible, et pour des visiteurs sans application.",
  "about.different.missions.title": "Pensé pour les causes",
  "about.different.missions.text":
    "Les campagnes et le suivi des donateurs sont à côté de vos contacts, pas dans un autre outil.",
  "about.different.keep.title": "Vos données restent à vous",
  "about.different.keep.text":
    "Exportez en vCard, en CSV ou vers votre CRM à tout moment. Votre réseau n’est jamais captif.",
  "about.how.title": "Comment ça marche",
  "about.step.connections.title": "Gérez vos relations",
  "about.step.connections.text":
    "Chaque personne rencontrée, avec ses étiquettes, sa priorité, vos notes et l’événement de la rencontre, dans un seul réseau où chercher.",
  "about.step.events.title": "Suivez vos événements",
  "about.step.events.text":
    "Un espace événement par conférence ou gala, avec un espace actif qui étiquette les nouveaux contacts.",
  "about.step.cards.title": "Cartes de visite numériques",
  "about.step.cards.text":
    "Une carte qui s’ouvre depuis un QR code, une puce NFC ou un lien, s’enregistre en vCard et permet aux visiteurs de partager leurs coordonnées en retour.",
  "about.step.ai.title": "Analyses par l’IA",
  "about.step.ai.text":
    "Des plans de stratégie avant l’événement, des rapports après, et des rappels de suivi dans la fenêtre de 48 heures.",
  "about.nonprofits.title": "Pour les associations et les collecteurs de fonds",
  "about.nonprofits.campaigns.title": "Campagnes de collecte",
  "about.nonprofits.campaigns.text":
    "Publiez des campagnes avec objectif et progression, et voyez quels événements vous ont amené des donateurs.",
  "about.nonprofits.ai.title": "Intégration IA",
  "about.nonprofits.ai.text":
    "Envoyez les personnes de votre réseau vers votre espace Krystal AI toutes les heures, chaque jour ou quand vous appuyez sur Synchroniser maintenant, avec une signature que Krystal AI peut vérifier.",
  "about.nonprofits.ai.link": "Comment fonctionne la synchronisation avec Krystal AI",
  "about.nonprofits.marketing.title": "Campagnes marketing",
  "about.nonprofits.marketing.text":
    "Faites de vos contacts d’événements des destinataires de votre newsletter, avec un consentement enregistré au moment du partage.",
  "about.nonprofits.offer": "Les associations qui nous rejoignent tôt profitent de trois mois de {plan} offerts.",
  "about.nonprofits.browse": "Voir les campagnes",
  "about.nonprofits.sync": "Synchroniser avec Krystal AI",
  "about.cta.title": "Commencer gratuitement",
  "about.cta.text": "Créez votre carte en deux minutes. Sans carte bancaire.",
  "about.demo": "Voir la démo",
  "about.home": "Retour à l’accueil",
  "about.newTab": " (s’ouvre dans un nouvel onglet)",

  "legal.privacy.title": "Politique de confidentialité",
  "legal.privacy.description": "Ce que {site} conserve, pourquoi, qui peut le voir et comment le faire supprimer.",
  "legal.terms.title": "Conditions d’utilisation",
  "legal.terms.description": "Les règles d’utilisation de {site}, de sa formule gratuite et de {plan}.",
  "legal.updated": "Dernière mise à jour : {date}",
  "legal.binding": "Le texte anglais ci-dessous est la version qui fait foi.",
  "legal.questions": "Des questions ?",

  "updates.title": "Nouveautés du produit",
  "updates.description": "Nouvelles fonctionnalités, améliorations et annonces de l’équipe {site}.",
  "updates.eyebrow": "Quoi de neuf",
  "updates.intro": "Ce que nous avons livré, ce que nous avons amélioré et ce qui arrive.",
  "updates.english": "Chaque nouveauté est rédigée en anglais.",
  "updates.notify.text": "Soyez averti des nouvelles fonctionnalités dès leur sortie.",
  "updates.notify.link": "Activer les notifications",
  "updates.category.feature": "Nouvelle fonctionnalité",
  "updates.category.improvement": "Amélioration",
  "updates.category.bug-fix": "Correctif",
  "updates.category.announcement": "Annonce",
  "updates.new": "Nouveau",
  "updates.readMore": "Lire la suite",
  "updates.readMoreLabel": "Lire la suite : {title}",
  "updates.feedback": "Votre avis",
  "updates.feedbackLabel": "Votre avis sur {title}",
  "updates.all": "← Toutes les nouveautés",

  "guides.title": "Guides",
  "guides.description":
    "Des guides pas à pas sur les cartes de visite numériques, le networking en événement, la collecte de fonds et les espaces événement.",
  "guides.heading": "Apprenez {site}, un événement à la fois",
  "guides.intro": "Des guides pratiques écrits par celles et ceux qui le construisent.",
  "guides.english": "Chaque guide est rédigé en anglais.",
  "guides.featured.label": "Guide à la une",
  "guides.featured.title": "Connecter {site} à Krystal AI",
  "guides.featured.text":
    "Envoyez les personnes de votre réseau vers votre espace Krystal AI par envois signés, toutes les heures, chaque jour ou à la demande.",
  "guides.featured.link": "Lire le guide d’intégration",
  "guides.topics": "Sujets des guides",
  "guides.tab.getting-started": "Premiers pas",
  "guides.tab.networking": "Networking",
  "guides.tab.fundraising": "Collecte de fonds",
  "guides.tab.advanced": "Avancé",
  "guides.level.Beginner": "Débutant",
  "guides.level.Intermediate": "Intermédiaire",
  "guides.level.Advanced": "Avancé",
  "guides.readTime": "{minutes} min de lecture",
  "guides.reference": "Référence",
  "guides.doc.fundraising.title": "Analyse des collectes",
  "guides.doc.fundraising.text": "Suivez la progression, les donateurs et le don moyen de chaque campagne.",
  "guides.doc.krystal.title": "Intégration Krystal AI",
  "guides.doc.krystal.text":
    "Envoyez les personnes de votre réseau vers Krystal AI toutes les heures, chaque jour ou à la demande.",
  "guides.doc.campaigns.title": "Voir les campagnes",
  "guides.doc.campaigns.text": "Voyez comment d’autres organisations présentent leurs campagnes.",
  "guides.doc.connections.title": "Gestion des relations",
  "guides.doc.connections.text": "Étiquettes, priorités, import et export.",
  "guides.more.title": "Vous ne trouvez pas ce qu’il vous faut ?",
  "guides.more.text": "Dites-nous quel guide vous aiderait et nous l’écrirons.",
  "guides.more.request": "Demander un guide",
  "guides.more.help": "Aller au centre d’aide",

  "guides.page.back": "← Retour aux guides",
  "guides.page.by": "Par",
  "guides.page.published": "Publié le",
  "guides.page.readingTime": "Temps de lecture",
  "guides.page.helpful": "Ce guide vous a-t-il été utile ?",
  "guides.page.yes": "Oui",
  "guides.page.somewhat": "En partie",
  "guides.page.no": "Non",
  "guides.page.thanks": "Merci pour votre avis. Il nous aide à choisir quoi améliorer ensuite.",
  "guides.page.refused":
    "Votre vote n’a pas été enregistré : trop de votes depuis cette connexion. Patientez une minute, puis réessayez.",
  "guides.page.more": "D’autres guides",
};
