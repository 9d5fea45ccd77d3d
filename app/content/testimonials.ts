/** Testimonials for the landing carousel. */
export type Testimonial = { content: string; author: string; role: string };

export const TESTIMONIALS: Testimonial[] = [
  {
    content:
      "I used to come home from conferences with a pocket of paper cards and no idea who half of them were. With event hubs our follow-ups went out within two days and our team saw a 40% efficiency gain.",
    author: "Danielle Okafor",
    role: "Director of Development, Riverbend Literacy Project",
  },
  {
    content:
      "People scan my QR code, tap Share Your Info, and they are in my network with the event already tagged. It is the first networking tool my whole board actually uses.",
    author: "Marcus Lindqvist",
    role: "Executive Director, Northshore Food Alliance",
  },
  {
    content:
      "The reminders are what sold me. High-priority leads get a message inside 48 hours, and I can see which events produced real partnerships.",
    author: "Priya Raman",
    role: "Partnerships Lead, Brightpath Consulting",
  },
];
