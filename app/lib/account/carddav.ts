import { z } from "zod";
import { tooLong } from "../forms/too-long";

/** The settings form that names a new CardDAV app password. */
export const appPasswordFormSchema = z.object({
  intent: z.literal("create-app-password"),
  name: z.string({ error: "Name the device" }).trim().min(1, "Name the device").max(60, tooLong(60)),
});

/** The address book's URL for clients that ask for one (DAVx5, Thunderbird, vdirsyncer). */
export const addressBookUrl = (origin: string, userId: string) =>
  `${origin}/dav/books/${encodeURIComponent(userId)}/people/`;
