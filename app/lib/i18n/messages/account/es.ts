import type { AccountCatalog } from "./types";

export const accountEs: AccountCatalog = {
  "acct.trialEnding.subject": "Su prueba de Card Pro termina el {date}",
  "acct.trialEnding.subjectTeam": "La prueba de Card Pro de {team} termina el {date}",
  "acct.nonprofitEnding.subject": "Su oferta de Card Pro para organizaciones sin ánimo de lucro termina el {date}",
  "acct.nonprofitEnding.subjectTeam":
    "La oferta de Card Pro para organizaciones sin ánimo de lucro de {team} termina el {date}",
  "acct.ending.body":
    "Hola, {name}:\n\n{lead}. Para conservar los planes de estrategia, los informes posteriores a los eventos, la priorización de contactos, la sincronización con el CRM y las demás funciones de Card Pro, suscríbase en Settings → Plan and billing (7,99 USD al mes o 79 USD al año).\n\nSi no hace nada, su cuenta pasará al plan gratuito Basic. No se elimina nada de lo que ha creado: sus tarjetas, contactos, eventos y planes siguen siendo suyos.",
  "acct.ending.bodyTeam":
    "Hola, {name}:\n\n{lead}. Con sus permisos de propiedad o de administración, puede mantener Card Pro para el equipo: cambie a {team} y suscríbase en Settings → Plan and billing (7,99 USD al mes o 79 USD al año por miembro).\n\nSi nadie lo hace, el equipo pasará al plan gratuito Basic. No se elimina nada: sus tarjetas, personas, eventos y campañas siguen siendo del equipo.",
  "acct.ended.subject": "Su prueba de Card Pro ha terminado",
  "acct.ended.subjectTeam": "La prueba de Card Pro de {team} ha terminado",
  "acct.ended.body":
    "Hola, {name}:\n\nSu prueba de Card Pro ha terminado y su cuenta está ahora en el plan gratuito Basic. Se conserva todo lo que ha creado; las funciones de Card Pro quedan en modo de solo lectura hasta que se suscriba en Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "Hola, {name}:\n\nLa prueba de Card Pro de {team} ha terminado y el equipo está ahora en el plan gratuito Basic. Se conserva todo lo que ha creado el equipo; las funciones de Card Pro quedan en modo de solo lectura hasta que una persona con permisos de propiedad o de administración se suscriba en Settings → Plan and billing.",
  "acct.paymentFailed.subject": "No se ha podido cobrar su pago de Card Pro",
  "acct.paymentFailed.body":
    "Hola, {name}:\n\nNo hemos podido cobrar su pago de Card Pro. Card Pro seguirá activo hasta el {date} mientras actualiza su método de pago en Settings → Plan and billing. Después, su cuenta pasará a Basic; no se elimina nada de lo que ha creado.",
  "acct.nonprofitApproved.subject":
    "Su oferta para organizaciones sin ánimo de lucro está aprobada: Card Pro está activo",
  "acct.nonprofitApproved.body":
    "Hola, {name}:\n\nHemos aprobado a {organisation} para la oferta de lanzamiento para organizaciones sin ánimo de lucro: {months, plural, one {# mes} other {# meses}} de Card Pro gratis, hasta el {date}. Le avisaremos dos semanas antes de que termine. No se necesita tarjeta y no se cobra nada a menos que se suscriba.",
  "acct.nonprofitDeclined.subject": "Sobre su solicitud de la oferta para organizaciones sin ánimo de lucro",
  "acct.nonprofitDeclined.body":
    "Hola, {name}:\n\nNo hemos podido confirmar que {organisation} sea una organización sin ánimo de lucro. Responda a nuestro correo con sus datos de registro y volveremos a revisarlo.",
  "acct.invite.subject": "{inviter} le ha invitado a {team} en KnowWho",
  "acct.invite.body":
    "Hola:\n\n{inviter} le ha invitado a unirse al equipo {team} en KnowWho {role, select, admin {con permisos de administración} other {como miembro}}.\n\nAbra este enlace para unirse:\n\n{link}\n\nEl enlace funciona una sola vez, durante {days, plural, one {# día} other {# días}}, y solo para una cuenta con la dirección {email}, una vez confirmada esa dirección. Si no esperaba esta invitación, ignore este correo.",
  "acct.emailChange.subject": "Confirme su nueva dirección de correo de KnowWho",
  "acct.emailChange.body":
    "Hola, {name}:\n\nAbra este enlace para que {email} pase a ser la dirección de correo de su cuenta de KnowWho:\n\n{url}\n\nEl enlace funciona durante una hora. Hasta que lo abra, su cuenta conserva la dirección actual. Si no lo ha solicitado, ignore este correo.",
  "acct.emailChangeNotice.subject": "Se está cambiando la dirección de correo de su cuenta de KnowWho",
  "acct.emailChangeNotice.body":
    "Hola, {name}:\n\nAlguien con la sesión iniciada en su cuenta de KnowWho ha pedido cambiar su dirección de correo a {email}. El cambio solo se produce cuando se abre el enlace enviado a esa dirección.\n\nSi no ha sido usted, cambie ahora su contraseña en Settings > Account y cierre la sesión en sus otros dispositivos.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {Su tarjeta de {team} en KnowWho} other {Su tarjeta de equipo en KnowWho}}",
  "acct.cardHandOver.body":
    "Hola:\n\n{named, select, yes {{team}} other {Su equipo}} ha creado una tarjeta de presentación para usted en KnowWho.\n\nAbra este enlace para recibirla:\n\n{link}\n\nEl enlace funciona una sola vez, durante {days, plural, one {# día} other {# días}}, y solo para la cuenta con la dirección {email}, una vez confirmada esa dirección.",
};
