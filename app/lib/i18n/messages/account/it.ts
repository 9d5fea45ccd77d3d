import type { AccountCatalog } from "./types";

export const accountIt: AccountCatalog = {
  "acct.trialEnding.subject": "La tua prova di Card Pro termina il {date}",
  "acct.trialEnding.subjectTeam": "La prova di Card Pro di {team} termina il {date}",
  "acct.nonprofitEnding.subject": "La tua offerta Card Pro per le organizzazioni non profit termina il {date}",
  "acct.nonprofitEnding.subjectTeam": "L’offerta Card Pro per le organizzazioni non profit di {team} termina il {date}",
  "acct.ending.body":
    "Ciao {name},\n\n{lead}. Per mantenere i piani strategici, i resoconti dopo gli eventi, la priorità dei contatti, la sincronizzazione con il CRM e le altre funzioni di Card Pro, abbonati in Settings → Plan and billing (7,99 USD al mese o 79 USD all’anno).\n\nSe non fai nulla, il tuo account passerà al piano gratuito Basic. Nulla di ciò che hai creato viene eliminato: biglietti, contatti, eventi e piani restano tuoi.",
  "acct.ending.bodyTeam":
    "Ciao {name},\n\n{lead}. Con i tuoi permessi di proprietario o amministratore del team, puoi mantenere Card Pro per il team: passa a {team} e abbonati in Settings → Plan and billing (7,99 USD al mese o 79 USD all’anno per membro).\n\nSe nessuno lo fa, il team passerà al piano gratuito Basic. Nulla viene eliminato: biglietti, persone, eventi e campagne restano del team.",
  "acct.ended.subject": "La tua prova di Card Pro è terminata",
  "acct.ended.subjectTeam": "La prova di Card Pro di {team} è terminata",
  "acct.ended.body":
    "Ciao {name},\n\nla tua prova di Card Pro è terminata e il tuo account ora usa il piano gratuito Basic. Tutto ciò che hai creato è conservato; le funzioni di Card Pro restano in sola lettura finché non ti abboni in Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "Ciao {name},\n\nla prova di Card Pro di {team} è terminata e il team ora usa il piano gratuito Basic. Tutto ciò che il team ha creato è conservato; le funzioni di Card Pro restano in sola lettura finché una persona con permessi di proprietario o amministratore non si abbona in Settings → Plan and billing.",
  "acct.paymentFailed.subject": "Il pagamento di Card Pro non è andato a buon fine",
  "acct.paymentFailed.body":
    "Ciao {name},\n\nnon siamo riusciti a incassare il pagamento di Card Pro. Card Pro resta attivo fino al {date}, così puoi aggiornare il metodo di pagamento in Settings → Plan and billing. Dopo quella data il tuo account passerà a Basic; nulla di ciò che hai creato viene eliminato.",
  "acct.nonprofitApproved.subject": "La tua offerta per le organizzazioni non profit è approvata: Card Pro è attivo",
  "acct.nonprofitApproved.body":
    "Ciao {name},\n\nabbiamo approvato {organisation} per l’offerta di lancio dedicata alle organizzazioni non profit: {months, plural, one {# mese} other {# mesi}} di Card Pro gratis, fino al {date}. Te lo ricorderemo due settimane prima della scadenza. Non serve una carta e non viene addebitato nulla se non ti abboni.",
  "acct.nonprofitDeclined.subject": "Sulla tua richiesta dell’offerta per le organizzazioni non profit",
  "acct.nonprofitDeclined.body":
    "Ciao {name},\n\nnon siamo riusciti a confermare {organisation} come organizzazione non profit. Rispondi alla nostra email con i dati di registrazione dell’organizzazione e riesamineremo la richiesta.",
  "acct.invite.subject": "{inviter} ti invita a entrare in {team} su KnowWho",
  "acct.invite.body":
    "Ciao,\n\n{inviter} ti invita a entrare nel team {team} su KnowWho {role, select, admin {con i permessi di amministratore} other {come membro}}.\n\nApri questo link per entrare:\n\n{link}\n\nIl link funziona una sola volta, per {days, plural, one {# giorno} other {# giorni}}, e solo per un account con l’indirizzo {email}, una volta confermato. Se non ti aspettavi questo invito, ignora questa email.",
  "acct.emailChange.subject": "Conferma il tuo nuovo indirizzo email su KnowWho",
  "acct.emailChange.body":
    "Ciao {name},\n\napri questo link per rendere {email} l’indirizzo email del tuo account KnowWho:\n\n{url}\n\nIl link funziona per un’ora. Finché non lo apri, il tuo account mantiene l’indirizzo attuale. Se non l’hai chiesto tu, ignora questa email.",
  "acct.emailChangeNotice.subject": "L’indirizzo email del tuo account KnowWho sta per cambiare",
  "acct.emailChangeNotice.body":
    "Ciao {name},\n\nqualcuno che ha effettuato l’accesso al tuo account KnowWho ha chiesto di cambiarne l’indirizzo email in {email}. La modifica avviene solo quando viene aperto il link inviato a quell’indirizzo.\n\nSe la richiesta non è partita da te, cambia subito la password in Settings > Account ed esci dagli altri dispositivi.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {Il tuo biglietto di {team} su KnowWho} other {Il tuo biglietto del team su KnowWho}}",
  "acct.cardHandOver.body":
    "Ciao,\n\n{named, select, yes {{team}} other {Il tuo team}} ha creato per te un biglietto da visita su KnowWho.\n\nApri questo link per riceverlo:\n\n{link}\n\nIl link funziona una sola volta, per {days, plural, one {# giorno} other {# giorni}}, e solo per l’account con l’indirizzo {email}, una volta confermato.",
};
