import { personNameField } from "../forms/fields";

/** Password bounds shared by the sign-up form and the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The session's lifetime and refresh age, as createAuth gives them to better-auth. */
export const SESSION_EXPIRES_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/** A person's name as every path that creates or renames an account checks it (form, API, hooks). */
export const userNameSchema = personNameField;
