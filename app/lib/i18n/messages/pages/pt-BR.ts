import type { PagesCatalog } from "./types";

export const pagesPtBR: PagesCatalog = {
  "pricing.title": "Preços",
  "pricing.description":
    "O {plan} custa {monthly} por mês ou {yearly} por ano, com {days} dias de teste grátis e sem cartão de crédito.",
  "pricing.heading": "Preços simples para quem leva o networking a sério",
  "pricing.intro":
    "Comece grátis. Mude para o {plan} quando quiser: {days} dias de teste grátis, sem cartão de crédito.",
  "pricing.period": "Período de cobrança",
  "pricing.monthly": "Mensal",
  "pricing.yearly": "Anual (economize {saving, number, percent})",
  "pricing.perMonth": "/ mês",
  "pricing.perYear": "/ ano",
  "pricing.billedMonthly": "Cobrança mensal. Cancele quando quiser.",
  "pricing.billedYearly": "Isso dá {price} por mês, com cobrança anual.",
  "pricing.trial": "Começar o teste grátis",
  "pricing.trialNote": "{days} dias com todos os recursos abaixo, sem cartão de crédito.",
  "pricing.nonprofit": "Organizações sem fins lucrativos pioneiras ganham {months} meses de Pro grátis.",
  "pricing.nonprofitApply": "Solicitar a oferta para organizações sem fins lucrativos",
  "pricing.faq": "Perguntas frequentes",
  "pricing.faq.trial.q": "Existe um teste grátis?",
  "pricing.faq.trial.a":
    "Sim. Todo plano pago começa com {days} dias de teste grátis, e não é preciso cartão de crédito para começar.",
  "pricing.faq.upgrade.q": "O que acontece se eu fizer upgrade do meu plano?",
  "pricing.faq.upgrade.a":
    "Você recebe os novos recursos na hora e paga a diferença proporcional pelo restante do ciclo de cobrança.",
  "pricing.faq.downgrade.q": "O que acontece se eu fizer downgrade?",
  "pricing.faq.downgrade.a": "A mudança vale na hora e você recebe um crédito proporcional para as próximas faturas.",
  "pricing.faq.cancel.q": "Posso cancelar a qualquer momento?",
  "pricing.faq.cancel.a": "Sim. Ao cancelar, você mantém os recursos pagos até o fim do ciclo de cobrança atual.",
  "pricing.faq.payment.q": "Quais formas de pagamento vocês aceitam?",
  "pricing.faq.payment.a": "Os principais cartões de crédito (Visa, Mastercard, American Express) e PayPal.",
  "pricing.faq.nonprofit.q": "Organizações sem fins lucrativos têm desconto?",
  "pricing.faq.nonprofit.a":
    "Organizações sem fins lucrativos pioneiras ganham três meses de {plan} grátis. Solicite em Configurações → Plano e cobrança com o nome, o país e o número de registro da sua organização (um EIN, por exemplo); respondemos em poucos dias.",
  "pricing.custom.title": "Precisa de uma solução personalizada?",
  "pricing.custom.text":
    "Equipes, núcleos e organizadores de eventos: configuramos cartões, hubs de eventos e sincronização com o CRM para toda a sua organização.",
  "pricing.custom.button": "Falar com vendas",

  "about.title": "Sobre",
  "about.description":
    "Por que criamos o {site}: um cartão de visita digital e um assistente de networking para pessoas com uma missão.",
  "about.eyebrow": "Sobre nós",
  "about.heading": "Todo aperto de mão deveria levar a algum lugar",
  "about.intro":
    "O {site} transforma as pessoas que você conhece em eventos em relacionamentos que você acompanha, para profissionais, líderes de organizações sem fins lucrativos e captadores de recursos.",
  "about.mission.title": "Nossa missão",
  "about.mission.text":
    "A maioria das conversas em congressos termina com um cartão de papel no bolso e uma boa intenção. Criamos as ferramentas que fazem o retorno acontecer: um cartão que se salva com um toque, uma rede organizada pelos eventos onde vocês se conheceram e um assistente que diz para quem ligar primeiro.",
  "about.different.title": "O que nos diferencia",
  "about.different.events.title": "Feito para eventos",
  "about.different.events.text":
    "Funciona no celular em um salão lotado com Wi-Fi fraco, e para visitantes sem nenhum aplicativo.",
  "about.different.missions.title": "Feito para causas",
  "about.different.missions.text":
    "Campanhas e o acompanhamento de doadores ficam ao lado dos seus contatos, não em outra ferramenta.",
  "about.different.keep.title": "Seus dados são seus",
  "about.different.keep.text": "Exporte para vCard, CSV ou o seu CRM quando quiser. Sua rede nunca fica presa.",
  "about.how.title": "Como funciona",
  "about.step.connections.title": "Gerencie seus contatos",
  "about.step.connections.text":
    "Todas as pessoas que você conhece, com tags, prioridade, anotações e o evento onde se conheceram, em uma rede só, com busca.",
  "about.step.events.title": "Acompanhe eventos",
  "about.step.events.text": "Um hub de evento por congresso ou gala, com um hub ativo que marca os novos contatos.",
  "about.step.cards.title": "Cartões de visita digitais",
  "about.step.cards.text":
    "Um cartão que abre por QR code, etiqueta NFC ou link, é salvo como vCard e permite que os visitantes compartilhem os dados deles com você.",
  "about.step.ai.title": "Insights com IA",
  "about.step.ai.text":
    "Planos de estratégia antes do evento, relatórios depois e lembretes de retorno dentro da janela de 48 horas.",
  "about.nonprofits.title": "Para organizações sem fins lucrativos e captadores de recursos",
  "about.nonprofits.campaigns.title": "Campanhas de arrecadação",
  "about.nonprofits.campaigns.text":
    "Publique campanhas com metas e progresso, e veja quais eventos trouxeram doadores.",
  "about.nonprofits.ai.title": "Integração com IA",
  "about.nonprofits.ai.text":
    "Envie as pessoas da sua rede para o seu espaço no Krystal AI a cada hora, todo dia ou quando você tocar em Sincronizar agora, com assinatura para que o Krystal AI possa verificá-las.",
  "about.nonprofits.ai.link": "Como funciona a sincronização com o Krystal AI",
  "about.nonprofits.marketing.title": "Campanhas de marketing",
  "about.nonprofits.marketing.text":
    "Transforme os contatos dos eventos em públicos de newsletter, com o consentimento registrado no momento do compartilhamento.",
  "about.nonprofits.offer": "Organizações sem fins lucrativos pioneiras ganham três meses de {plan} grátis.",
  "about.nonprofits.browse": "Ver campanhas",
  "about.nonprofits.sync": "Sincronizar com o Krystal AI",
  "about.cta.title": "Comece grátis",
  "about.cta.text": "Crie seu cartão em dois minutos. Sem cartão de crédito.",
  "about.demo": "Ver a demonstração",
  "about.home": "Voltar para a página inicial",
  "about.newTab": " (abre em uma nova aba)",

  "legal.privacy.title": "Política de Privacidade",
  "legal.privacy.description": "O que o {site} guarda, por quê, quem pode ver e como pedir a exclusão.",
  "legal.terms.title": "Termos de Serviço",
  "legal.terms.description": "As regras para usar o {site}, seu plano gratuito e o {plan}.",
  "legal.updated": "Última atualização: {date}",
  "legal.binding": "O texto em inglês abaixo é a versão que vale juridicamente.",
  "legal.questions": "Dúvidas?",

  "updates.title": "Novidades do produto",
  "updates.description": "Novos recursos, melhorias e anúncios da equipe do {site}.",
  "updates.eyebrow": "Novidades",
  "updates.intro": "O que lançamos, o que melhoramos e o que vem por aí.",
  "updates.english": "Cada novidade está escrita em inglês.",
  "updates.notify.text": "Saiba dos novos recursos assim que forem lançados.",
  "updates.notify.link": "Ativar notificações",
  "updates.category.feature": "Novo recurso",
  "updates.category.improvement": "Melhoria",
  "updates.category.bug-fix": "Correção",
  "updates.category.announcement": "Anúncio",
  "updates.new": "Novo",
  "updates.readMore": "Ler mais",
  "updates.readMoreLabel": "Ler mais: {title}",
  "updates.feedback": "Comentários",
  "updates.feedbackLabel": "Comentários sobre {title}",
  "updates.all": "← Todas as novidades",
};
