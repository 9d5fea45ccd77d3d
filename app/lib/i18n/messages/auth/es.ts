import type { AuthCatalog } from "./types";

export const authEs: AuthCatalog = {
  "auth.signIn.title": "Iniciar sesión",
  "auth.signUp.title": "Cree su cuenta",
  "auth.signUp.intro":
    "Card Pro gratis durante {days, plural, one {# día} other {# días}}, sin tarjeta de crédito. Después, Basic sigue siendo gratuito, o puede suscribirse.",
  "auth.signIn.intro": "Le damos la bienvenida de nuevo. Su red le espera.",
  "auth.passkey.busy": "Esperando a su dispositivo...",
  "auth.passkey.continue": "Continuar con una llave de acceso",
  "auth.passkey.or": "o con su correo electrónico y contraseña",
  "auth.name": "Nombre",
  "auth.email": "Correo electrónico",
  "auth.password": "Contraseña",
  "auth.password.hint": "Al menos {min} caracteres.",
  "auth.passkey.offer":
    "Añadir después una llave de acceso para iniciar sesión con la huella, el rostro o el bloqueo de pantalla de este dispositivo",
  "auth.forgot": "¿Olvidó su contraseña?",
  "auth.signUp.busy": "Creando la cuenta...",
  "auth.signIn.busy": "Iniciando sesión...",
  "auth.signUp.submit": "Crear cuenta",
  "auth.signIn.submit": "Iniciar sesión",
  "auth.signUp.have": "¿Ya tiene una cuenta?",
  "auth.signIn.new": "¿Aún no tiene cuenta?",
  "auth.signUp.switch": "Crear una cuenta",
  "auth.error.credentials": "Correo electrónico o contraseña incorrectos",
  "auth.error.passwordMissing": "Introduzca su contraseña",
  "auth.error.passwordMin": "La contraseña debe tener al menos {min} caracteres",
  "auth.error.passwordMax": "La contraseña debe tener como máximo {max} caracteres",
  "auth.error.exists": "Ya existe una cuenta con este correo electrónico. Inicie sesión con ella.",
  "auth.error.tooMany": "Demasiados intentos. Espere un minuto y vuelva a intentarlo.",
  "auth.error.ssoOnly":
    "Su equipo inicia sesión a través del proveedor de su organización: introduzca su correo electrónico de trabajo y pulse Iniciar sesión.",
  "auth.error.generic": "No hemos podido hacerlo en este momento. Vuelva a intentarlo.",
  "auth.error.email": "Introduzca una dirección de correo electrónico válida",
  "auth.error.nameMin": "El nombre debe tener al menos 2 caracteres",
  "auth.error.nameMax": "El nombre debe tener como máximo 100 caracteres",
};
