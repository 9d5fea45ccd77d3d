import type { PagesCatalog } from "./types";

// Informal address (tu), the register the Italian catalogues are moving to.
export const pagesIt: PagesCatalog = {
  "pricing.title": "Prezzi",
  "pricing.description":
    "{plan} costa {monthly} al mese o {yearly} all’anno, con {days} giorni di prova gratuita e senza carta di credito.",
  "pricing.heading": "Prezzi semplici per chi fa networking sul serio",
  "pricing.intro":
    "Inizia gratis. Passa a {plan} quando sei pronto: {days} giorni di prova gratuita, senza carta di credito.",
  "pricing.period": "Periodo di fatturazione",
  "pricing.monthly": "Mensile",
  "pricing.yearly": "Annuale (risparmi il {saving, number, percent})",
  "pricing.perMonth": "/ mese",
  "pricing.perYear": "/ anno",
  "pricing.billedMonthly": "Fatturazione mensile. Disdici quando vuoi.",
  "pricing.billedYearly": "Sono {price} al mese, con fatturazione annuale.",
  "pricing.trial": "Inizia la prova gratuita",
  "pricing.trialNote": "{days} giorni con tutte le funzioni qui sotto, senza carta di credito.",
  "pricing.nonprofit": "Le organizzazioni non profit che arrivano per prime hanno {months} mesi di Pro gratis.",
  "pricing.nonprofitApply": "Richiedi l’offerta per le non profit",
  "pricing.faq": "Domande frequenti",
  "pricing.faq.trial.q": "C’è una prova gratuita?",
  "pricing.faq.trial.a":
    "Sì. Ogni piano a pagamento inizia con {days} giorni di prova gratuita, e per iniziarla non serve la carta di credito.",
  "pricing.faq.upgrade.q": "Cosa succede se passo a un piano superiore?",
  "pricing.faq.upgrade.a":
    "Hai subito le nuove funzioni e paghi la differenza in proporzione per il resto del periodo di fatturazione.",
  "pricing.faq.downgrade.q": "Cosa succede se passo a un piano inferiore?",
  "pricing.faq.downgrade.a": "La modifica vale subito e ricevi un credito proporzionale sulle prossime fatture.",
  "pricing.faq.cancel.q": "Posso disdire in qualsiasi momento?",
  "pricing.faq.cancel.a":
    "Sì. Dopo la disdetta mantieni le funzioni a pagamento fino alla fine del periodo di fatturazione in corso.",
  "pricing.faq.payment.q": "Quali metodi di pagamento accettate?",
  "pricing.faq.payment.a": "Tutte le principali carte di credito (Visa, Mastercard, American Express) e PayPal.",
  "pricing.faq.nonprofit.q": "Le non profit hanno uno sconto?",
  "pricing.faq.nonprofit.a":
    "Le organizzazioni non profit che arrivano per prime hanno tre mesi di {plan} gratis. Fai richiesta da Impostazioni → Piano e fatturazione con il nome, il paese e il numero di registrazione della tua organizzazione (per esempio un EIN); rispondiamo entro pochi giorni.",
  "pricing.custom.title": "Ti serve una soluzione su misura?",
  "pricing.custom.text":
    "Team, sezioni locali e organizzatori di eventi: configuriamo biglietti, spazi evento e sincronizzazione con il CRM per tutta la tua organizzazione.",
  "pricing.custom.button": "Contatta il commerciale",

  "about.title": "Chi siamo",
  "about.description":
    "Perché abbiamo creato {site}: un biglietto da visita digitale e un assistente per il networking per chi ha una missione.",
  "about.eyebrow": "Chi siamo",
  "about.heading": "Ogni stretta di mano dovrebbe portare da qualche parte",
  "about.intro":
    "{site} trasforma le persone che incontri agli eventi in relazioni che porti avanti, per professionisti, responsabili di non profit e fundraiser.",
  "about.mission.title": "La nostra missione",
  "about.mission.text":
    "Quasi tutte le conversazioni ai convegni finiscono con un biglietto di carta in tasca e una buona intenzione. Noi creiamo gli strumenti che fanno succedere il seguito: un biglietto che si salva con un tocco, una rete ordinata per gli eventi in cui vi siete conosciuti e un assistente che ti dice chi chiamare per primo.",
  "about.different.title": "Cosa ci rende diversi",
  "about.different.events.title": "Pensato per gli eventi",
  "about.different.events.text":
    "Funziona sul telefono in una sala affollata con un Wi-Fi debole, e per visitatori senza alcuna app.",
  "about.different.missions.title": "Fatto per le cause",
  "about.different.missions.text":
    "Le campagne e il seguito con i donatori stanno accanto ai tuoi contatti, non in un altro strumento.",
  "about.different.keep.title": "I tuoi dati restano tuoi",
  "about.different.keep.text": "Esporta in vCard, CSV o nel tuo CRM quando vuoi. La tua rete non resta mai bloccata.",
  "about.how.title": "Come funziona",
  "about.step.connections.title": "Gestisci i contatti",
  "about.step.connections.text":
    "Tutte le persone che incontri, con tag, priorità, note e l’evento in cui vi siete conosciuti, in un’unica rete in cui cercare.",
  "about.step.events.title": "Segui gli eventi",
  "about.step.events.text":
    "Uno spazio evento per ogni convegno o gala, con uno spazio attivo che assegna il tag ai nuovi contatti.",
  "about.step.cards.title": "Biglietti da visita digitali",
  "about.step.cards.text":
    "Un biglietto che si apre da un codice QR, un tag NFC o un link, si salva come vCard e permette ai visitatori di condividere i loro dati con te.",
  "about.step.ai.title": "Analisi con l’IA",
  "about.step.ai.text":
    "Piani strategici prima dell’evento, report dopo e promemoria per ricontattare entro le 48 ore.",
  "about.nonprofits.title": "Per non profit e fundraiser",
  "about.nonprofits.campaigns.title": "Campagne di raccolta fondi",
  "about.nonprofits.campaigns.text":
    "Pubblica campagne con obiettivi e avanzamento, e scopri quali eventi ti hanno portato donatori.",
  "about.nonprofits.ai.title": "Integrazione con l’IA",
  "about.nonprofits.ai.text":
    "Invia le persone della tua rete al tuo spazio di lavoro Krystal AI ogni ora, ogni giorno o quando premi Sincronizza ora, firmate perché Krystal AI possa verificarle.",
  "about.nonprofits.ai.link": "Come funziona la sincronizzazione con Krystal AI",
  "about.nonprofits.marketing.title": "Campagne di marketing",
  "about.nonprofits.marketing.text":
    "Trasforma i contatti degli eventi in destinatari della newsletter, con il consenso registrato al momento della condivisione.",
  "about.nonprofits.offer": "Le organizzazioni non profit che arrivano per prime hanno tre mesi di {plan} gratis.",
  "about.nonprofits.browse": "Sfoglia le campagne",
  "about.nonprofits.sync": "Sincronizza con Krystal AI",
  "about.cta.title": "Inizia gratis",
  "about.cta.text": "Crea il tuo biglietto in due minuti. Senza carta di credito.",
  "about.demo": "Guarda la demo",
  "about.home": "Torna alla home page",
  "about.newTab": " (si apre in una nuova scheda)",

  "legal.privacy.title": "Informativa sulla privacy",
  "legal.privacy.description": "Cosa conserva {site}, perché, chi può vederlo e come farlo cancellare.",
  "legal.terms.title": "Termini di servizio",
  "legal.terms.description": "Le regole per usare {site}: il piano gratuito e {plan}.",
  "legal.updated": "Ultimo aggiornamento: {date}",
  "legal.binding": "Fa fede il testo inglese qui sotto.",
  "legal.questions": "Domande?",

  "updates.title": "Novità del prodotto",
  "updates.description": "Nuove funzioni, miglioramenti e annunci dal team di {site}.",
  "updates.eyebrow": "Novità",
  "updates.intro": "Cosa abbiamo rilasciato, cosa abbiamo migliorato e cosa arriverà.",
  "updates.english": "Ogni novità è scritta in inglese.",
  "updates.notify.text": "Scopri le nuove funzioni appena escono.",
  "updates.notify.link": "Attiva le notifiche",
  "updates.category.feature": "Nuova funzione",
  "updates.category.improvement": "Miglioramento",
  "updates.category.bug-fix": "Correzione",
  "updates.category.announcement": "Annuncio",
  "updates.new": "Nuovo",
  "updates.readMore": "Leggi tutto",
  "updates.readMoreLabel": "Leggi tutto: {title}",
  "updates.feedback": "Commenti",
  "updates.feedbackLabel": "Commenti su {title}",
  "updates.all": "← Tutte le novità",
};
