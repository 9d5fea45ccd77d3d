import { z } from "zod";

/** The settings form that names a new CardDAV app password. */
export const appPasswordFormSchema = z.object({
  intent: z.literal("create-app-password"),
  name: z
    .string({ error: "Name the device" })
    .trim()
    .min(1, "Name the device")
    .max(60, "Must be at most 60 characters"),
});

/** The address book's URL for clients that ask for one (DAVx5, Thunderbird, vdirsyncer). */
export const addressBookUrl = (origin: string, userId: string) =>
  `${origin}/dav/books/${encodeURIComponent(userId)}/people/`;
