import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { refundSchema } from "~/lib/fundraising/refund";
import { amountInput, formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { refundableGift, requestRefund } from "~/server/fundraising/gifts.server";
import { PaymentsError } from "~/server/payments/types";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/refund";

export const meta = () => [...pageMeta("Refund a gift"), { name: "robots", content: "noindex" }];

async function ownedGift(context: Route.LoaderArgs["context"], id: string) {
  const app = context.get(appContext);
  const user = getUser(context);
  const giftId = /^\d{1,12}$/.test(id) ? Number(id) : 0;
  const g = giftId ? await refundableGift(app.db, user.workspace.id, giftId) : undefined;
  if (!g) notFound();
  return { app, user, g, left: g.amount - g.refunded };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { g, left } = await ownedGift(context, params.gift);
  return { g: { ...g, online: Boolean(g.online) }, left };
}

type ActionData =
  | { step: "review"; reply: SubmissionResult<string[]> }
  | { step: "confirm"; amount: number; typed: string; key: string };

/** Review shows the amount to confirm; refund asks Stripe for it, once per confirmation. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, user, g, left } = await ownedGift(context, params.gift);
  const formData = await request.formData().catch(() => null);
  if (!formData) return new Response("Bad Request", { status: 400 });
  const submission = parseWithZod(formData, { schema: refundSchema(g.currency, left) });
  if (submission.status !== "success")
    return data<ActionData>({ step: "review", reply: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (v.intent === "review")
    return data<ActionData>({
      step: "confirm",
      amount: v.amount,
      typed: amountInput(v.amount, g.currency),
      key: crypto.randomUUID(),
    });
  const back = g.campaignId ? href("/campaigns/:id", { id: String(g.campaignId) }) : href("/campaigns");
  try {
    const done = await requestRefund(app, user.workspace.id, g.id, {
      amount: v.amount,
      ...(v.key ? { key: v.key } : {}),
    });
    if (!done) notFound();
    if (!done.ok)
      return data<ActionData>(
        { step: "review", reply: submission.reply({ fieldErrors: { amount: [done.message] } }) },
        { status: 400 },
      );
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return data<ActionData>(
      { step: "review", reply: submission.reply({ formErrors: [`Stripe refused the refund: ${error.message}`] }) },
      { status: 400 },
    );
  }
  return redirectWithToast(back, {
    type: "success",
    title: `Refund of ${formatMoney(v.amount, g.currency)} requested`,
  });
}

const button = "rounded-md px-4 py-2.5 font-semibold text-sm";

export default function RefundGift({ loaderData, actionData }: Route.ComponentProps) {
  const { g, left } = loaderData;
  const review = actionData?.step === "review" ? actionData.reply : null;
  const [form, fields] = useForm({
    id: `refund-${g.id}`,
    lastResult: review,
    defaultValue: { amount: amountInput(left, g.currency) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundSchema(g.currency, left) }),
    shouldValidate: "onBlur",
  });
  const donor = g.donorName || g.donorEmail || "an anonymous donor";
  const back = g.campaignId ? href("/campaigns/:id", { id: String(g.campaignId) }) : href("/campaigns");
  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <Link to={back} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Back to the campaign
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Refund a gift</h1>
      <p className="mt-2 break-words" data-testid="refund-gift">
        {formatMoney(g.amount, g.currency)} from {donor} on {g.date}
        {g.refunded ? `; ${formatMoney(g.refunded, g.currency)} already refunded` : ""}.
      </p>
      {!g.online ? (
        <p className="mt-4">Only online gifts can be refunded here; give the money back the way it came.</p>
      ) : left <= 0 ? (
        <p className="mt-4">This gift has already been refunded.</p>
      ) : actionData?.step === "confirm" ? (
        <Form method="post" className="mt-6 space-y-3 rounded-xl border border-red-300 p-5 dark:border-red-800">
          <p className="font-semibold text-lg" data-testid="refund-confirm">
            Refund {formatMoney(actionData.amount, g.currency)} to {donor}?
          </p>
          <p className="text-slate-600 text-sm dark:text-slate-300">
            The money goes back to the card they paid with; a refund cannot be undone.
          </p>
          <input type="hidden" name="amount" value={actionData.typed} />
          <input type="hidden" name="key" value={actionData.key} />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="refund"
              className={`${button} bg-red-700 text-white hover:bg-red-800`}
            >
              Refund {formatMoney(actionData.amount, g.currency)}
            </button>
            <Link to="." className={`${button} border border-slate-300 dark:border-slate-600`}>
              Change the amount
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-3">
          <Field
            id={fields.amount.id}
            label={`Amount to refund (${g.currency})`}
            errors={fields.amount.errors}
            hint={`Up to ${formatMoney(left, g.currency)}`}
          >
            <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" className={inputClass} />
          </Field>
          <FormError id={form.errorId} errors={form.errors} />
          <button type="submit" name="intent" value="review" className={`${button} bg-brand-600 text-white`}>
            Review the refund
          </button>
        </Form>
      )}
    </section>
  );
}
