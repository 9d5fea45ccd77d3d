import { getCountries, isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { tooLong } from "../forms/too-long";
import { webLink } from "../forms/web-link";

/** The nonprofit offer's application: who the organisation is and where it is registered. */
export const nonprofitSchema = z.object({
  intent: z.literal("apply-nonprofit"),
  organisation: z
    .string({ error: "Enter your organisation's name" })
    .trim()
    .min(2, "Enter your organisation's name")
    .max(160, tooLong(160)),
  country: z
    .string({ error: "Choose the country where it is registered" })
    .trim()
    .toUpperCase()
    .refine((c) => /^[A-Z]{2}$/.test(c) && isSupportedCountry(c), "Choose the country where it is registered"),
  registrationNumber: z
    .string({ error: "Enter its registration number, for example an EIN" })
    .trim()
    .min(2, "Enter its registration number, for example an EIN")
    .max(60, tooLong(60))
    .regex(/^[\p{L}\p{N} ./-]+$/u, "Use letters, digits, spaces, dots, slashes and dashes only"),
  website: webLink(300),
});

const names = new Intl.DisplayNames(["en"], { type: "region" });

/** Countries for the select, by English name. */
export const COUNTRY_OPTIONS = getCountries()
  .map((code) => ({ code, name: names.of(code) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const countryName = (code: string) => names.of(code) ?? code;
