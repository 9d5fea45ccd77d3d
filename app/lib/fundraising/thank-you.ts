import { z } from "zod";

/** The owner's thank-you message; the receipt's wording is the organisation profile's. */
export const templateSchema = z.object({
  organization: z
    .string()
    .trim()
    .min(1, "Organisation is required")
    .max(120, "Organisation must be at most 120 characters"),
  subject: z.string().trim().min(1, "Subject is required").max(200, "Subject must be at most 200 characters"),
  body: z.string().trim().min(1, "Message is required").max(5000, "Message must be at most 5000 characters"),
});
