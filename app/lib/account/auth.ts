import { personNameField } from "../forms/fields";

/** Password bounds shared by the sign-up form and the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A person's name as every path that creates or renames an account checks it (form, API, hooks). */
export const userNameSchema = personNameField;
