import { formatPhone } from "~/lib/forms/phone";

/**
 * A history line as the owner reads it: the phones it names (stored in E.164, "added +15035550177")
 * formatted for the owner's country like everywhere else on the page.
 */
export function historyText(detail: string, country: string): string {
  return detail.replace(/\+\d{7,15}\b/g, (phone) => formatPhone(phone, country));
}
