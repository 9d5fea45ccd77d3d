/** Password bounds shared by the sign-up form and the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
