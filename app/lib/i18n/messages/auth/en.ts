/**
 * The sign-in and sign-up page's messages, in English: the source the other languages translate. The
 * field messages keep the specification's wording.
 */
export const authEn = {
  "auth.signIn.title": "Sign in",
  "auth.signUp.title": "Create your account",
  "auth.signUp.intro":
    "Card Pro free for {days, plural, one {# day} other {# days}}, no credit card required. Then Basic stays free, or subscribe.",
  "auth.signIn.intro": "Welcome back. Your network is waiting.",
  "auth.passkey.busy": "Waiting for your device...",
  "auth.passkey.continue": "Continue with a passkey",
  "auth.passkey.or": "or with your email and password",
  "auth.name": "Name",
  "auth.email": "Email",
  "auth.password": "Password",
  "auth.password.hint": "At least {min} characters.",
  "auth.passkey.offer": "Add a passkey next, to sign in with this device's fingerprint, face or screen lock",
  "auth.forgot": "Forgot your password?",
  "auth.signUp.busy": "Creating account...",
  "auth.signIn.busy": "Signing in...",
  "auth.signUp.submit": "Create account",
  "auth.signIn.submit": "Sign in",
  "auth.signUp.have": "Already have an account?",
  "auth.signIn.new": "New here?",
  "auth.signUp.switch": "Create an account",
  "auth.error.credentials": "Incorrect email or password",
  "auth.error.passwordMissing": "Please enter your password",
  "auth.error.passwordMin": "Password must be at least {min} characters",
  "auth.error.passwordMax": "Password must be at most {max} characters",
  "auth.error.exists": "An account with this email already exists. Sign in instead.",
  "auth.error.tooMany": "Too many attempts. Please wait a minute and try again.",
  "auth.error.ssoOnly":
    "Your team signs in through its organisation's provider: enter your work email and press Sign in.",
  "auth.error.generic": "We couldn't do that just now. Please try again.",
  "auth.error.email": "Please enter a valid email address",
  "auth.error.nameMin": "Name must be at least 2 characters",
  "auth.error.nameMax": "Name must be at most 100 characters",
} as const;
