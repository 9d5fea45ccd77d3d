/** Testimonials for the landing carousel: each quote and role is a message in the landing catalogues (decision 0283). */
export const TESTIMONIALS = [
  { key: "okafor", author: "Danielle Okafor" },
  { key: "lindqvist", author: "Marcus Lindqvist" },
  { key: "raman", author: "Priya Raman" },
] as const;
