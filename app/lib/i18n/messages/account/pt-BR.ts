import type { AccountCatalog } from "./types";

export const accountPtBR: AccountCatalog = {
  "acct.trialEnding.subject": "Seu período de teste do Card Pro termina em {date}",
  "acct.trialEnding.subjectTeam": "O período de teste do Card Pro de {team} termina em {date}",
  "acct.nonprofitEnding.subject": "Sua oferta do Card Pro para organizações sem fins lucrativos termina em {date}",
  "acct.nonprofitEnding.subjectTeam":
    "A oferta do Card Pro para organizações sem fins lucrativos de {team} termina em {date}",
  "acct.ending.body":
    "Olá, {name},\n\n{lead}. Para manter os planos de estratégia, os relatórios pós-evento, a priorização de contatos, a sincronização com o CRM e os demais recursos do Card Pro, assine em Settings → Plan and billing (7,99 USD por mês ou 79 USD por ano).\n\nSe você não fizer nada, sua conta passará para o plano gratuito Basic. Nada do que você criou é excluído: seus cartões, contatos, eventos e planos continuam sendo seus.",
  "acct.ending.bodyTeam":
    "Olá, {name},\n\n{lead}. Com sua permissão de proprietário ou administrador da equipe, você pode manter o Card Pro para a equipe: mude para {team} e assine em Settings → Plan and billing (7,99 USD por mês ou 79 USD por ano por membro).\n\nSe ninguém fizer isso, a equipe passará para o plano gratuito Basic. Nada é excluído: os cartões, pessoas, eventos e campanhas continuam sendo da equipe.",
  "acct.ended.subject": "Seu período de teste do Card Pro terminou",
  "acct.ended.subjectTeam": "O período de teste do Card Pro de {team} terminou",
  "acct.ended.body":
    "Olá, {name},\n\nSeu período de teste do Card Pro terminou e sua conta agora está no plano gratuito Basic. Tudo o que você criou foi mantido; os recursos do Card Pro ficam somente para leitura até você assinar em Settings → Plan and billing.",
  "acct.ended.bodyTeam":
    "Olá, {name},\n\nO período de teste do Card Pro de {team} terminou e a equipe agora está no plano gratuito Basic. Tudo o que a equipe criou foi mantido; os recursos do Card Pro ficam somente para leitura até que alguém com permissão de proprietário ou administrador assine em Settings → Plan and billing.",
  "acct.paymentFailed.subject": "O pagamento do seu Card Pro não foi aprovado",
  "acct.paymentFailed.body":
    "Olá, {name},\n\nNão conseguimos processar o pagamento do seu Card Pro. O Card Pro continua ativo até {date} enquanto você atualiza a forma de pagamento em Settings → Plan and billing. Depois disso, sua conta passará para o Basic; nada do que você criou é excluído.",
  "acct.nonprofitApproved.subject":
    "Sua oferta para organizações sem fins lucrativos foi aprovada: o Card Pro está ativo",
  "acct.nonprofitApproved.body":
    "Olá, {name},\n\nAprovamos {organisation} para a oferta de lançamento para organizações sem fins lucrativos: {months, plural, one {# mês} other {# meses}} de Card Pro grátis, até {date}. Vamos lembrar você duas semanas antes do fim. Não é preciso cartão, e nada é cobrado a menos que você assine.",
  "acct.nonprofitDeclined.subject": "Sobre sua solicitação da oferta para organizações sem fins lucrativos",
  "acct.nonprofitDeclined.body":
    "Olá, {name},\n\nNão conseguimos confirmar {organisation} como organização sem fins lucrativos. Responda ao nosso e-mail com os dados de registro da organização e analisaremos novamente.",
  "acct.invite.subject": "{inviter} convidou você para {team} no KnowWho",
  "acct.invite.body":
    "Olá,\n\n{inviter} convidou você para entrar na equipe {team} no KnowWho {role, select, admin {com permissão de administrador} other {como membro}}.\n\nAbra este link para entrar:\n\n{link}\n\nO link funciona uma vez, por {days, plural, one {# dia} other {# dias}}, e somente para uma conta com o endereço {email}, depois que esse endereço for confirmado. Se você não esperava este convite, ignore este e-mail.",
  "acct.emailChange.subject": "Confirme seu novo endereço de e-mail no KnowWho",
  "acct.emailChange.body":
    "Olá, {name},\n\nAbra este link para tornar {email} o endereço de e-mail da sua conta no KnowWho:\n\n{url}\n\nO link funciona por uma hora. Até você abri-lo, sua conta mantém o endereço atual. Se você não fez este pedido, ignore este e-mail.",
  "acct.emailChangeNotice.subject": "O endereço de e-mail da sua conta no KnowWho está sendo alterado",
  "acct.emailChangeNotice.body":
    "Olá, {name},\n\nAlguém conectado à sua conta no KnowWho pediu para alterar o endereço de e-mail para {email}. A alteração só acontece quando o link enviado para esse endereço for aberto.\n\nSe não foi você, altere agora sua senha em Settings > Account e saia da conta nos seus outros dispositivos.",
  // The card hand-over mail to a team member (decision 0283).
  "acct.cardHandOver.subject":
    "{named, select, yes {Seu cartão de {team} no KnowWho} other {Seu cartão da equipe no KnowWho}}",
  "acct.cardHandOver.body":
    "Olá,\n\n{named, select, yes {{team}} other {Sua equipe}} criou um cartão de visita para você no KnowWho.\n\nAbra este link para recebê-lo:\n\n{link}\n\nO link funciona uma vez, por {days, plural, one {# dia} other {# dias}}, e somente para a conta com o endereço {email}, depois que esse endereço for confirmado.",
};
