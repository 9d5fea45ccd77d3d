import type { AuthCatalog } from "./types";

export const authPtBR: AuthCatalog = {
  "auth.signIn.title": "Entrar",
  "auth.signUp.title": "Crie sua conta",
  "auth.signUp.intro":
    "Card Pro grátis por {days, plural, one {# dia} other {# dias}}, sem cartão de crédito. Depois, o Basic continua gratuito, ou você pode assinar.",
  "auth.signIn.intro": "Que bom ter você de volta. Sua rede está esperando.",
  "auth.passkey.busy": "Aguardando seu dispositivo...",
  "auth.passkey.continue": "Continuar com uma chave de acesso",
  "auth.passkey.or": "ou com seu e-mail e senha",
  "auth.name": "Nome",
  "auth.email": "E-mail",
  "auth.password": "Senha",
  "auth.password.hint": "No mínimo {min} caracteres.",
  "auth.passkey.offer":
    "Adicionar em seguida uma chave de acesso, para entrar com a impressão digital, o rosto ou o bloqueio de tela deste dispositivo",
  "auth.forgot": "Esqueceu sua senha?",
  "auth.signUp.busy": "Criando a conta...",
  "auth.signIn.busy": "Entrando...",
  "auth.signUp.submit": "Criar conta",
  "auth.signIn.submit": "Entrar",
  "auth.signUp.have": "Já tem uma conta?",
  "auth.signIn.new": "Ainda não tem conta?",
  "auth.signUp.switch": "Criar uma conta",
  "auth.error.credentials": "E-mail ou senha incorretos",
  "auth.error.passwordMissing": "Digite sua senha",
  "auth.error.passwordMin": "A senha deve ter pelo menos {min} caracteres",
  "auth.error.passwordMax": "A senha deve ter no máximo {max} caracteres",
  "auth.error.exists": "Já existe uma conta com este e-mail. Entre com ela.",
  "auth.error.tooMany": "Muitas tentativas. Aguarde um minuto e tente novamente.",
  "auth.error.ssoOnly":
    "Sua equipe entra pelo provedor da organização: digite seu e-mail de trabalho e toque em Entrar.",
  "auth.error.generic": "Não foi possível fazer isso agora. Tente novamente.",
  "auth.error.email": "Digite um endereço de e-mail válido",
  "auth.error.nameMin": "O nome deve ter pelo menos 2 caracteres",
  "auth.error.nameMax": "O nome deve ter no máximo 100 caracteres",
};
