/** The mapping step's fields, shared by the page (no reader code in the browser) and the reader. */

/**
 * The fields a person can give a column in the mapping step: each is a header the reader classifies, so a
 * mapped column is read exactly as a file naming it so would be. `single`: one column at most.
 */
export const MAPPING_CHOICES = [
  { value: "Name", label: "Full name", group: "Name", single: true },
  { value: "Name Prefix", label: "Title (Mr, Dr)", group: "Name", single: true },
  { value: "First Name", label: "First name", group: "Name", single: true },
  { value: "Middle Name", label: "Middle name", group: "Name", single: true },
  { value: "Last Name", label: "Last name", group: "Name", single: true },
  { value: "Name Suffix", label: "Name suffix", group: "Name", single: true },
  { value: "Email", label: "Email", group: "Email and phone", single: false },
  { value: "Work Email", label: "Work email", group: "Email and phone", single: false },
  { value: "Home Email", label: "Home email", group: "Email and phone", single: false },
  { value: "Mobile Phone", label: "Mobile phone", group: "Email and phone", single: false },
  { value: "Work Phone", label: "Work phone", group: "Email and phone", single: false },
  { value: "Home Phone", label: "Home phone", group: "Email and phone", single: false },
  { value: "Fax Number", label: "Fax", group: "Email and phone", single: false },
  { value: "Phone", label: "Other phone", group: "Email and phone", single: false },
  { value: "Email Opt-in", label: "Agreed to email (opt-in)", group: "Email and phone", single: true },
  { value: "Company", label: "Company", group: "Work", single: true },
  { value: "Job Title", label: "Job title", group: "Work", single: true },
  { value: "Department", label: "Department", group: "Work", single: true },
  { value: "Website", label: "Website", group: "Web", single: false },
  { value: "LinkedIn", label: "LinkedIn", group: "Web", single: false },
  { value: "Twitter", label: "X (Twitter)", group: "Web", single: false },
  { value: "Street", label: "Street", group: "Address", single: false },
  { value: "Street 2", label: "Street, line 2", group: "Address", single: false },
  { value: "City", label: "City", group: "Address", single: true },
  { value: "State", label: "State or region", group: "Address", single: true },
  { value: "Postal Code", label: "Postcode", group: "Address", single: true },
  { value: "Country", label: "Country", group: "Address", single: true },
  { value: "Business Street", label: "Street", group: "Work address", single: false },
  { value: "Business City", label: "City", group: "Work address", single: true },
  { value: "Business State", label: "State or region", group: "Work address", single: true },
  { value: "Business Postal Code", label: "Postcode", group: "Work address", single: true },
  { value: "Business Country/Region", label: "Country", group: "Work address", single: true },
  { value: "Home Street", label: "Street", group: "Home address", single: false },
  { value: "Home City", label: "City", group: "Home address", single: true },
  { value: "Home State", label: "State or region", group: "Home address", single: true },
  { value: "Home Postal Code", label: "Postcode", group: "Home address", single: true },
  { value: "Home Country/Region", label: "Country", group: "Home address", single: true },
  { value: "Birthday", label: "Birthday", group: "More", single: true },
  { value: "Notes", label: "Notes", group: "More", single: false },
  { value: "Tags", label: "Tags", group: "More", single: false },
  { value: "Met at", label: "Met at (event)", group: "More", single: true },
  { value: "Connected On", label: "Connected on", group: "More", single: true },
  { value: "Status", label: "Status", group: "More", single: true },
  { value: "Priority", label: "Priority", group: "More", single: true },
] as const;

/** Field names of a mapping's choices, for messages. */
export const choiceLabel = (value: string) => {
  const c = MAPPING_CHOICES.find((x) => x.value === value);
  return c ? (c.group.endsWith("address") ? `${c.group}: ${c.label}` : c.label) : value;
};
