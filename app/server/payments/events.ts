import { z } from "zod";

/** The part of a Stripe event every handler reads; `data.object` is parsed by the handler that takes it. */
export const paymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("event"),
  type: z.string().min(1).max(100),
  account: z.string().max(255).nullish(),
  created: z.number().int().nonnegative(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type PaymentEvent = z.infer<typeof paymentEventSchema>;
