import type { SitePagesCatalog } from "./types";

export const sitePagesEs: SitePagesCatalog = {
  "sample.back": "← Todos los eventos",
  "sample.when": "Cuándo",
  "sample.whenValue": "{date}, {hours}",
  "sample.where": "Dónde",
  "sample.attendees": "Asistentes previstos",
  "sample.tip": "Consejo del asistente",
  "sample.hub.title": "Haga networking en este evento con un espacio de evento",
  "sample.hub.text":
    "Cree una cuenta gratuita, añada este evento como espacio y actívelo: cada persona que escanee su código QR o le comparta sus datos quedará etiquetada con {title}.",
  "sample.prepare": "Cómo prepararse para un evento",
  "sample.notFound": "Evento",
  "sample.nonprofit-tech-summit.title": "Cumbre de Tecnología para ONG",
  "sample.nonprofit-tech-summit.description":
    "Dos días de charlas y talleres sobre tecnología para organizaciones con propósito social.",
  "sample.nonprofit-tech-summit.tip":
    "Céntrese en el bloque de datos y CRM: la mayoría de los directores de captación de fondos asisten a las sesiones de la tarde.",
  "sample.impact-fundraising-live.title": "Recaudación con Impacto en Directo",
  "sample.impact-fundraising-live.description":
    "Una sesión en línea y en directo sobre el recorrido del donante, las donaciones periódicas y las campañas de fin de año.",
  "sample.impact-fundraising-live.tip":
    "Comparta el enlace de su tarjeta en el chat durante la ronda de preguntas: es cuando más contactos guardan los asistentes.",
  "sample.community-partners-mixer.title": "Encuentro de Socios Comunitarios",
  "sample.community-partners-mixer.description":
    "Una velada para que empresas locales y organizaciones sin ánimo de lucro conozcan a socios y patrocinadores.",
  "sample.community-partners-mixer.tip":
    "Mantenga activo este espacio y escanee acreditaciones sobre la marcha: los patrocinadores se van pronto.",
  "sample.social-impact-forum-2026.title": "Foro de Impacto Social",
  "sample.social-impact-forum-2026.description": "Líderes de fundaciones, ONG y empresas hablan de alianzas duraderas.",
  "sample.social-impact-forum-2026.tip": "Once contactos de alta prioridad aún esperan un mensaje de seguimiento.",

  "contact.title": "Contacto",
  "contact.description":
    "Hable con el equipo de {site} sobre equipos, ofertas para ONG, eventos y soluciones a medida.",
  "contact.heading": "Hable con nuestro equipo",
  "contact.intro":
    "Planes a medida para organizaciones, la oferta para ONG pioneras o tarjetas para todo un evento: cuéntenos qué necesita.",
  "contact.write": "Envíenos un mensaje",
  "contact.email": "Correo electrónico",
  "contact.hours": "Horario",
  "contact.hours.text": "De lunes a viernes, {hours}.",
  "contact.nonprofits": "Organizaciones sin ánimo de lucro",
  "contact.nonprofits.text":
    "Las ONG pioneras disfrutan de tres meses de {plan} gratis. Mencione su organización en el mensaje.",
  "contact.form.name": "Nombre",
  "contact.form.email": "Correo electrónico",
  "contact.form.subject": "Asunto",
  "contact.form.message": "Mensaje",
  "contact.form.send": "Enviar mensaje",
  "contact.form.sending": "Enviando...",
  "contact.form.thanks": "Gracias, su mensaje se ha enviado. Respondemos en un día hábil.",
  "contact.error.name": "El nombre debe tener al menos 2 caracteres",
  "contact.error.nameLength": "El nombre debe tener como máximo 100 caracteres",
  "contact.error.email": "Introduzca una dirección de correo electrónico válida",
  "contact.error.subject": "Introduzca un asunto",
  "contact.error.subjectShort": "El asunto debe tener al menos 3 caracteres",
  "contact.error.subjectLong": "El asunto debe tener como máximo 150 caracteres",
  "contact.error.message": "El mensaje debe tener al menos 10 caracteres",
  "contact.error.messageLong": "El mensaje debe tener como máximo 5000 caracteres",
  "contact.error.tooMany": "Demasiados mensajes. Espere un minuto y vuelva a intentarlo.",

  "demo.title": "Recorrido por el producto",
  "demo.description": "Un recorrido de dos minutos por {site}: tarjeta, captación y seguimiento.",
  "demo.lead": "Cómo funciona {site}, en cuatro pasos.",
  "demo.step.card.title": "1. Cree su tarjeta",
  "demo.step.card.text":
    "Regístrese, escriba su nombre, cargo y enlaces, elija un color y publíquela. Su tarjeta obtiene un enlace corto y un código QR.",
  "demo.step.share.title": "2. Compártala en el evento",
  "demo.step.share.text":
    "Muestre el código QR, acerque una etiqueta NFC o envíe el enlace. La otra persona ve su tarjeta al instante, sin instalar ninguna aplicación.",
  "demo.step.back.title": "3. Le comparten sus datos",
  "demo.step.back.text":
    "Con «{share}», la otra persona le envía su nombre, correo y teléfono. Entra en su red, etiquetada con su evento activo.",
  "demo.step.follow.title": "4. Haga el seguimiento en 48 horas",
  "demo.step.follow.text":
    "Su panel muestra con quién hacer el seguimiento hoy, con recordatorios y mensajes sugeridos.",
  "demo.open": "Abrir la tarjeta de demostración",
  "demo.create": "Crear la suya",

  "reviews.title": "Opiniones de clientes",
  "reviews.description":
    "Lo que dicen profesionales y recaudadores de fondos sobre {site}, y un lugar para dejar su opinión.",
  "reviews.eyebrow": "Opiniones",
  "reviews.heading": "Lo que se dice de {site}",
  "reviews.intro": "Opiniones sinceras de personas que hacen networking con {site}. Añada la suya.",
  "reviews.write": "Escribir una opinión",
  "reviews.success.title": "¡Gracias por su opinión!",
  "reviews.success.text": "Sus comentarios se han enviado correctamente.",
  "reviews.name": "Nombre",
  "reviews.email": "Correo electrónico",
  "reviews.emailHint": "Nunca se muestra junto a su opinión.",
  "reviews.rating": "Valoración",
  "reviews.star": "{count, plural, one {# estrella} other {# estrellas}}",
  "reviews.stars": "{count} de 5 estrellas",
  "reviews.review": "Opinión",
  "reviews.submit": "Enviar opinión",
  "reviews.submitting": "Enviando...",
  "reviews.count": "{count, plural, one {# opinión} other {# opiniones}}",
  "reviews.verified": "Verificada",
  "reviews.helpful": "Útil ({count})",
  "reviews.refused": "No se ha guardado: espere un minuto y vuelva a intentarlo.",
  "reviews.error.name": "El nombre debe tener al menos 2 caracteres",
  "reviews.error.nameLength": "El nombre debe tener como máximo 100 caracteres",
  "reviews.error.email": "Introduzca una dirección de correo electrónico válida",
  "reviews.error.rating": "Elija una valoración",
  "reviews.error.short": "La opinión debe tener al menos 10 caracteres",
  "reviews.error.long": "La opinión debe tener como máximo 2000 caracteres",
  "reviews.error.tooMany": "Demasiadas opiniones desde aquí. Espere un minuto y vuelva a intentarlo.",

  "newsletter.title": "Boletín",
  "newsletter.hint": "Suscríbase desde el formulario al pie de cualquier página.",
  "newsletter.back": "Volver a donde estaba",
  "newsletter.success": "¡Listo! Revise su correo para confirmar la suscripción.",
  "newsletter.error.email": "Introduzca una dirección de correo electrónico válida",
  "newsletter.tooMany": "Demasiados intentos. Vuelva a intentarlo en unos momentos.",
  "newsletter.confirm.title": "Confirme su suscripción",
  "newsletter.confirm.text": "Con un clic recibirá novedades del producto y consejos de networking.",
  "newsletter.confirm.button": "Confirmar la suscripción",
  "newsletter.confirm.done": "Suscripción confirmada. ¡Gracias!",
  "newsletter.confirm.invalid": "Este enlace de confirmación no es válido o ya se ha utilizado.",
  "newsletter.confirm.home": "Ir a la página de inicio",

  "notFound.title": "Página no encontrada",
  "notFound.notice": "No hemos encontrado {path}. Le mostramos nuestra página de inicio.",

  "offer.title": "Consejos de networking, una vez al mes",
  "offer.text":
    "Listas de comprobación para eventos, plantillas de seguimiento y novedades del producto. Puede darse de baja cuando quiera.",
  "offer.close": "Cerrar la oferta del boletín",
};
