import type { SitePagesCatalog } from "./types";

export const sitePagesIt: SitePagesCatalog = {
  "sample.back": "← Tutti gli eventi",
  "sample.when": "Quando",
  "sample.whenValue": "{date}, {hours}",
  "sample.where": "Dove",
  "sample.attendees": "Partecipanti previsti",
  "sample.tip": "Il consiglio dell’assistente",
  "sample.hub.title": "Fai networking a questo evento con uno spazio evento",
  "sample.hub.text":
    "Crea un account gratuito, aggiungi questo evento come spazio e attivalo: chiunque scansioni il tuo codice QR o ti invii i propri dati riceve l’etichetta «{title}».",
  "sample.prepare": "Come prepararti a un evento",
  "sample.notFound": "Evento",
  "sample.nonprofit-tech-summit.title": "Summit tecnologico per il non profit",
  "sample.nonprofit-tech-summit.description":
    "Due giorni di interventi e workshop sulla tecnologia per le organizzazioni con una missione.",
  "sample.nonprofit-tech-summit.tip":
    "Punta sul percorso dati e CRM: la maggior parte dei responsabili della raccolta fondi segue le sessioni del pomeriggio.",
  "sample.impact-fundraising-live.title": "Raccolta fondi d’impatto in diretta",
  "sample.impact-fundraising-live.description":
    "Una sessione online in diretta sul percorso del donatore, le donazioni ricorrenti e le campagne di fine anno.",
  "sample.impact-fundraising-live.tip":
    "Condividi il link del tuo biglietto nella chat durante le domande: è lì che i partecipanti salvano più contatti.",
  "sample.community-partners-mixer.title": "Incontro dei partner del territorio",
  "sample.community-partners-mixer.description":
    "Una serata in cui imprese locali e organizzazioni non profit incontrano partner e sponsor.",
  "sample.community-partners-mixer.tip":
    "Tieni attivo questo spazio e scansiona i badge man mano: gli sponsor vanno via presto.",
  "sample.social-impact-forum-2026.title": "Forum sull’impatto sociale",
  "sample.social-impact-forum-2026.description":
    "Leader di fondazioni, non profit e aziende parlano di partnership che durano.",
  "sample.social-impact-forum-2026.tip": "Undici contatti ad alta priorità aspettano ancora un messaggio di follow-up.",

  "contact.title": "Contatti",
  "contact.description":
    "Parla con il team di {site} di team, offerte per il non profit, eventi e soluzioni su misura.",
  "contact.heading": "Parla con il nostro team",
  "contact.intro":
    "Piani su misura per le organizzazioni, l’offerta per i primi enti non profit o biglietti per un intero evento: dicci di cosa hai bisogno.",
  "contact.write": "Scrivici",
  "contact.email": "Email",
  "contact.hours": "Orari",
  "contact.hours.text": "Dal lunedì al venerdì, {hours}.",
  "contact.nonprofits": "Non profit",
  "contact.nonprofits.text":
    "I primi enti non profit ricevono tre mesi di {plan} gratis. Indica la tua organizzazione nel messaggio.",
  "contact.form.name": "Nome",
  "contact.form.email": "Email",
  "contact.form.subject": "Oggetto",
  "contact.form.message": "Messaggio",
  "contact.form.send": "Invia il messaggio",
  "contact.form.sending": "Invio in corso...",
  "contact.form.thanks": "Grazie, il tuo messaggio è stato inviato. Rispondiamo entro un giorno lavorativo.",
  "contact.error.name": "Il nome deve avere almeno 2 caratteri",
  "contact.error.nameLength": "Il nome può avere al massimo 100 caratteri",
  "contact.error.email": "Inserisci un indirizzo email valido",
  "contact.error.subject": "Inserisci un oggetto",
  "contact.error.subjectShort": "L’oggetto deve avere almeno 3 caratteri",
  "contact.error.subjectLong": "L’oggetto può avere al massimo 150 caratteri",
  "contact.error.message": "Il messaggio deve avere almeno 10 caratteri",
  "contact.error.messageLong": "Il messaggio può avere al massimo 5000 caratteri",
  "contact.error.tooMany": "Troppi messaggi. Aspetta un minuto e riprova.",

  "demo.title": "Tour del prodotto",
  "demo.description": "Un tour di due minuti di {site}: biglietto, raccolta contatti e follow-up.",
  "demo.lead": "Come funziona {site}, in quattro passi.",
  "demo.step.card.title": "1. Crea il tuo biglietto",
  "demo.step.card.text":
    "Registrati, inserisci nome, ruolo e link, scegli un colore e pubblica. Il tuo biglietto riceve un link breve e un codice QR.",
  "demo.step.share.title": "2. Condividilo all’evento",
  "demo.step.share.text":
    "Mostra il codice QR, avvicina un tag NFC o invia il link. L’altra persona vede subito il tuo biglietto, senza installare nessuna app.",
  "demo.step.back.title": "3. Ti rispondono con i loro dati",
  "demo.step.back.text":
    "Con «{share}» l’altra persona ti invia nome, email e telefono. Entra nella tua rete, etichettata con il tuo evento attivo.",
  "demo.step.follow.title": "4. Fai follow-up entro 48 ore",
  "demo.step.follow.text": "La tua dashboard ti dice chi ricontattare oggi, con promemoria e messaggi suggeriti.",
  "demo.open": "Apri il biglietto dimostrativo",
  "demo.create": "Crea il tuo",

  "reviews.title": "Recensioni dei clienti",
  "reviews.description":
    "Cosa dicono di {site} professionisti e fundraiser, e uno spazio per lasciare la tua recensione.",
  "reviews.eyebrow": "Recensioni",
  "reviews.heading": "Cosa si dice di {site}",
  "reviews.intro": "Recensioni sincere di chi fa networking con {site}. Aggiungi la tua.",
  "reviews.write": "Scrivi una recensione",
  "reviews.success.title": "Grazie per la tua recensione!",
  "reviews.success.text": "Il tuo parere è stato inviato.",
  "reviews.name": "Nome",
  "reviews.email": "Email",
  "reviews.emailHint": "Non viene mai mostrata con la tua recensione.",
  "reviews.rating": "Valutazione",
  "reviews.star": "{count, plural, one {# stella} other {# stelle}}",
  "reviews.stars": "{count} stelle su 5",
  "reviews.review": "Recensione",
  "reviews.submit": "Invia la recensione",
  "reviews.submitting": "Invio in corso...",
  "reviews.count": "{count, plural, one {# recensione} other {# recensioni}}",
  "reviews.verified": "Verificata",
  "reviews.helpful": "Utile ({count})",
  "reviews.refused": "Non salvato: aspetta un minuto e riprova.",
  "reviews.error.name": "Il nome deve avere almeno 2 caratteri",
  "reviews.error.nameLength": "Il nome può avere al massimo 100 caratteri",
  "reviews.error.email": "Inserisci un indirizzo email valido",
  "reviews.error.rating": "Scegli una valutazione",
  "reviews.error.short": "La recensione deve avere almeno 10 caratteri",
  "reviews.error.long": "La recensione può avere al massimo 2000 caratteri",
  "reviews.error.tooMany": "Troppe recensioni da qui. Aspetta un minuto e riprova.",

  "newsletter.title": "Newsletter",
  "newsletter.hint": "Iscriviti dal modulo in fondo a qualsiasi pagina.",
  "newsletter.back": "Torna dov’eri",
  "newsletter.success": "Fatto! Ora controlla la tua email per confermare l’iscrizione.",
  "newsletter.error.email": "Inserisci un indirizzo email valido",
  "newsletter.tooMany": "Troppi tentativi. Riprova tra poco.",
  "newsletter.confirm.title": "Conferma l’iscrizione",
  "newsletter.confirm.text": "Un clic e riceverai novità sul prodotto e consigli di networking.",
  "newsletter.confirm.button": "Conferma l’iscrizione",
  "newsletter.confirm.done": "Iscrizione completata. Grazie!",
  "newsletter.confirm.invalid": "Questo link di conferma non è valido o è già stato usato.",
  "newsletter.confirm.home": "Vai alla home page",

  "notFound.title": "Pagina non trovata",
  "notFound.notice": "Non abbiamo trovato {path}. Ecco la nostra home page.",

  "offer.title": "Consigli di networking, una volta al mese",
  "offer.text":
    "Checklist per gli eventi, modelli di follow-up e novità sul prodotto. Puoi annullare l’iscrizione quando vuoi.",
  "offer.close": "Chiudi l’offerta della newsletter",
};
