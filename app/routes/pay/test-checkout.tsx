import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { Field, FormError } from "~/components/ui/field";
import { optionalText, requiredEmailField } from "~/lib/forms/fields";
import { formatMoney } from "~/lib/money";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import type { LocalSession } from "~/server/payments/local.server";
import { cancelLocalCheckout, payLocalCheckout } from "~/server/payments/local-checkout.server";
import { openLocal } from "./+shared/open-local.server";
import type { Route } from "./+types/test-checkout";

export const meta = () => [...pageMeta("Test checkout"), { name: "robots", content: "noindex" }];

/** Plain HTML: it stands in for Stripe Checkout, which needs none of ours either. */
export const handle = staticPage;

const payer = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), email: requiredEmailField, name: optionalText(120) }),
  z.object({ intent: z.literal("cancel") }),
]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { found: session } = await openLocal<LocalSession>(context, params.id, "checkout_session");
  return { session: publicView(session) };
}

const publicView = (s: LocalSession) => ({
  id: s.id,
  status: s.status,
  mode: s.mode,
  amount: s.amount_total,
  currency: s.currency.toUpperCase(),
  name: s.line_name,
  interval: s.interval,
  email: s.customer_email ?? "",
  donate: s.submit_type === "donate",
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const { app, found: session } = await openLocal<LocalSession>(context, params.id, "checkout_session");
  const submission = parseWithZod(await request.formData(), { schema: payer });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  if (submission.value.intent === "cancel") {
    await cancelLocalCheckout(app, session.id);
    return redirect(session.cancel_url);
  }
  const email = submission.value.email.toLowerCase();
  const paid = await payLocalCheckout(app, session.id, { email, name: submission.value.name || email });
  if (!paid)
    return data(
      { reply: submission.reply({ formErrors: ["This checkout has already been completed or cancelled"] }) },
      { status: 409 },
    );
  // Stripe replaces {CHECKOUT_SESSION_ID} in the success address; so do we.
  return redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
}

const input =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900";

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.session;
  const price = `${formatMoney(s.amount, s.currency)}${s.interval ? ` / ${s.interval}` : ""}`;
  // A page without framework JavaScript: the server checks, and the answer keeps what was typed.
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.reply,
    defaultValue: { email: s.email, name: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payer }),
  });
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <p className="rounded-md bg-amber-100 px-3 py-2 text-amber-950 text-sm">
        Test checkout: no card is charged. This page stands in for Stripe Checkout while no Stripe key is configured,
        and tells the app what happened with the same signed events Stripe sends.
      </p>
      <h1 className="mt-6 font-bold text-2xl tracking-tight">{s.name}</h1>
      <p className="mt-1 font-semibold text-3xl" data-testid="checkout-amount">
        {price}
      </p>
      {s.status !== "open" ? (
        <p role="status" className="mt-6">
          This checkout is {s.status === "complete" ? "complete" : "no longer open"}.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <FormError id={form.errorId} errors={form.errors} />
          <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={input} />
          </Field>
          <Field id={fields.name.id} label="Name" errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={input} />
          </Field>
          <p className="text-slate-600 text-sm dark:text-slate-300">Card: test mode, nothing to enter.</p>
          <div className="flex gap-3">
            <button
              type="submit"
              name="intent"
              value="pay"
              className="flex-1 rounded-md bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
            >
              {s.donate ? "Donate" : s.mode === "subscription" ? "Subscribe" : "Pay"} {price}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              formNoValidate
              className="rounded-md border border-slate-300 px-4 py-3 font-semibold dark:border-slate-600"
            >
              Cancel
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
