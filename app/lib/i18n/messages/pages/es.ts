import type { PagesCatalog } from "./types";

export const pagesEs: PagesCatalog = {
  "pricing.title": "Precios",
  "pricing.description":
    "{plan} cuesta {monthly} al mes o {yearly} al año, con {days} días de prueba gratis y sin tarjeta de crédito.",
  "pricing.heading": "Precios sencillos para quienes se toman en serio sus contactos",
  "pricing.intro": "Empiece gratis. Pase a {plan} cuando quiera: {days} días de prueba gratis, sin tarjeta de crédito.",
  "pricing.period": "Periodo de facturación",
  "pricing.monthly": "Mensual",
  "pricing.yearly": "Anual (ahorre un {saving, number, percent})",
  "pricing.perMonth": "/ mes",
  "pricing.perYear": "/ año",
  "pricing.billedMonthly": "Facturación mensual. Cancele cuando quiera.",
  "pricing.billedYearly": "Equivale a {price} al mes, con facturación anual.",
  "pricing.trial": "Empezar la prueba gratis",
  "pricing.trialNote": "{days} días con todas las funciones de abajo, sin tarjeta de crédito.",
  "pricing.nonprofit": "Las organizaciones sin ánimo de lucro pioneras disfrutan de {months} meses de Pro gratis.",
  "pricing.nonprofitApply": "Solicitar la oferta para organizaciones sin ánimo de lucro",
  "pricing.faq": "Preguntas frecuentes",
  "pricing.faq.trial.q": "¿Hay una prueba gratis?",
  "pricing.faq.trial.a":
    "Sí. Todos los planes de pago empiezan con {days} días de prueba gratis, y no hace falta tarjeta de crédito para empezarla.",
  "pricing.faq.upgrade.q": "¿Qué pasa si mejoro mi plan?",
  "pricing.faq.upgrade.a":
    "Tendrá las nuevas funciones al momento y se le cobrará la diferencia proporcional por lo que queda del ciclo de facturación.",
  "pricing.faq.downgrade.q": "¿Qué pasa si bajo de plan?",
  "pricing.faq.downgrade.a":
    "El cambio se aplica al momento y recibe un crédito proporcional para sus próximas facturas.",
  "pricing.faq.cancel.q": "¿Puedo cancelar cuando quiera?",
  "pricing.faq.cancel.a":
    "Sí. Al cancelar, conserva las funciones de pago hasta el final de su ciclo de facturación actual.",
  "pricing.faq.payment.q": "¿Qué métodos de pago aceptan?",
  "pricing.faq.payment.a": "Las principales tarjetas de crédito (Visa, Mastercard, American Express) y PayPal.",
  "pricing.faq.nonprofit.q": "¿Las organizaciones sin ánimo de lucro tienen descuento?",
  "pricing.faq.nonprofit.a":
    "Las organizaciones sin ánimo de lucro pioneras disfrutan de tres meses de {plan} gratis. Solicítelo en Ajustes → Plan y facturación con el nombre, el país y el número de registro de su organización (por ejemplo, un EIN); respondemos en pocos días.",
  "pricing.custom.title": "¿Necesita una solución a medida?",
  "pricing.custom.text":
    "Equipos, delegaciones y organizadores de eventos: preparamos tarjetas, espacios de evento y sincronización con su CRM para toda su organización.",
  "pricing.custom.button": "Contactar con ventas",

  "about.title": "Quiénes somos",
  "about.description":
    "Por qué creamos {site}: una tarjeta de visita digital y un asistente de networking para personas con una misión.",
  "about.eyebrow": "Quiénes somos",
  "about.heading": "Cada apretón de manos debería llevar a algo",
  "about.intro":
    "{site} convierte a las personas que conoce en eventos en relaciones a las que da seguimiento, para profesionales, responsables de organizaciones sin ánimo de lucro y captadores de fondos.",
  "about.mission.title": "Nuestra misión",
  "about.mission.text":
    "La mayoría de las conversaciones en un congreso terminan con una tarjeta de papel en el bolsillo y una buena intención. Creamos las herramientas que hacen que el seguimiento ocurra: una tarjeta que se guarda con un toque, una red organizada por los eventos donde se conocieron y un asistente que le dice a quién llamar primero.",
  "about.different.title": "Qué nos diferencia",
  "about.different.events.title": "Pensado para eventos",
  "about.different.events.text":
    "Funciona en el móvil en una sala llena con un Wi-Fi débil, y para visitantes sin ninguna aplicación.",
  "about.different.missions.title": "Hecho para causas",
  "about.different.missions.text":
    "Las campañas y el seguimiento de donantes están junto a sus contactos, no en otra herramienta.",
  "about.different.keep.title": "Sus datos son suyos",
  "about.different.keep.text": "Exporte a vCard, CSV o su CRM cuando quiera. Su red nunca queda atrapada.",
  "about.how.title": "Cómo funciona",
  "about.step.connections.title": "Gestione sus contactos",
  "about.step.connections.text":
    "Todas las personas que conoce, con etiquetas, prioridad, notas y el evento donde se conocieron, en una sola red en la que puede buscar.",
  "about.step.events.title": "Siga sus eventos",
  "about.step.events.text":
    "Un espacio de evento por congreso o gala, con un espacio activo que etiqueta los contactos nuevos.",
  "about.step.cards.title": "Tarjetas de visita digitales",
  "about.step.cards.text":
    "Una tarjeta que se abre desde un código QR, una etiqueta NFC o un enlace, se guarda como vCard y permite a los visitantes compartir sus datos.",
  "about.step.ai.title": "Análisis con IA",
  "about.step.ai.text":
    "Planes de estrategia antes del evento, informes después y recordatorios de seguimiento dentro del plazo de 48 horas.",
  "about.nonprofits.title": "Para organizaciones sin ánimo de lucro y captadores de fondos",
  "about.nonprofits.campaigns.title": "Campañas de recaudación",
  "about.nonprofits.campaigns.text":
    "Publique campañas con objetivos y progreso, y vea qué eventos le trajeron donantes.",
  "about.nonprofits.ai.title": "Integración con IA",
  "about.nonprofits.ai.text":
    "Envíe las personas de su red a su espacio de Krystal AI cada hora, cada día o al pulsar Sincronizar ahora, firmadas para que Krystal AI pueda verificarlas.",
  "about.nonprofits.ai.link": "Cómo funciona la sincronización con Krystal AI",
  "about.nonprofits.marketing.title": "Campañas de marketing",
  "about.nonprofits.marketing.text":
    "Convierta los contactos de sus eventos en audiencias de boletín, con el consentimiento registrado al compartir.",
  "about.nonprofits.offer": "Las organizaciones sin ánimo de lucro pioneras disfrutan de tres meses de {plan} gratis.",
  "about.nonprofits.browse": "Ver campañas",
  "about.nonprofits.sync": "Sincronizar con Krystal AI",
  "about.cta.title": "Empiece gratis",
  "about.cta.text": "Cree su tarjeta en dos minutos. Sin tarjeta de crédito.",
  "about.demo": "Ver la demostración",
  "about.home": "Volver a la página de inicio",
  "about.newTab": " (se abre en una pestaña nueva)",

  "legal.privacy.title": "Política de privacidad",
  "legal.privacy.description": "Qué guarda {site}, por qué, quién puede verlo y cómo pedir que se borre.",
  "legal.terms.title": "Términos del servicio",
  "legal.terms.description": "Las reglas para usar {site}, su plan gratuito y {plan}.",
  "legal.updated": "Última actualización: {date}",
  "legal.binding": "El texto en inglés que sigue es la versión vinculante.",
  "legal.questions": "¿Preguntas?",

  "updates.title": "Novedades del producto",
  "updates.description": "Nuevas funciones, mejoras y anuncios del equipo de {site}.",
  "updates.eyebrow": "Novedades",
  "updates.intro": "Lo que hemos lanzado, lo que hemos mejorado y lo que viene.",
  "updates.english": "Cada novedad está escrita en inglés.",
  "updates.notify.text": "Entérese de las nuevas funciones en cuanto salgan.",
  "updates.notify.link": "Activar notificaciones",
  "updates.category.feature": "Nueva función",
  "updates.category.improvement": "Mejora",
  "updates.category.bug-fix": "Corrección",
  "updates.category.announcement": "Anuncio",
  "updates.new": "Nuevo",
  "updates.readMore": "Leer más",
  "updates.readMoreLabel": "Leer más: {title}",
  "updates.feedback": "Comentarios",
  "updates.feedbackLabel": "Comentarios sobre {title}",
  "updates.all": "← Todas las novedades",
};
