import { z } from "zod";
import { personNameField, requiredEmailField } from "./fields";

/** A support request: the form checks it in the browser and the action again on the server. */
export const supportSchema = z.object({
  name: personNameField,
  email: requiredEmailField,
  subject: z
    .string({ error: "Please enter a subject" })
    .trim()
    .min(3, "Subject must be at least 3 characters")
    .max(150, "Subject must be at most 150 characters"),
  message: z
    .string({ error: "Message must be at least 10 characters" })
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be at most 5000 characters"),
});
