import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, href, useNavigation } from "react-router";
import { appContext } from "~/context";
import { templateFieldErrors } from "~/lib/card/brand";
import {
  type CardForm,
  cardFormSchema,
  missingForPublish,
  PUBLISH_NEEDS_CONTACT,
  slugSchema,
  suggestSlug,
} from "~/lib/card/card";
import { isConfirmed } from "~/lib/forms/confirm";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { signedCardPath } from "~/server/cards/card-link.server";
import {
  availableSlug,
  cardRef,
  deleteCard,
  getOwnedCard,
  publishCard,
  toPublicCard,
  unpublishCard,
  updateCard,
} from "~/server/cards/cards.server";
import { lockedCardValues, mayEditCard, templateOfCard } from "~/server/cards/templates.server";
import { walletsOffered } from "~/server/cards/wallet/config.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/card-edit";
import { CardEditor, type View } from "./card-edit/+shared/editor";

export const meta = () => [...pageMeta("Edit card"), { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const row = await getOwnedCard(app.db, user.workspace.id, parseId(params.id));
  // Another account's card answers exactly like a missing one; so does a team card another member holds.
  if (!row || !mayEditCard(user, row)) notFound();
  const origin = new URL(request.url).origin;
  const brand = await templateOfCard(app.db, row);
  return {
    brand: brand ? { name: brand.name, locked: Object.keys(lockedCardValues(brand)) } : null,
    card: row,
    suggestedSlug: row.slug ? null : await availableSlug(app.db, suggestSlug(row.name), row.id),
    origin,
    signedLink:
      origin +
      (await signedCardPath(toPublicCard(row, user.name), await cardRef(app.db, row), app.env.CARD_SIGNING_SECRET)),
    wallet: walletsOffered(app.env),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const here = href("/card/:id", { id: String(id) });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const toast = (to: string, title: string, description?: string) =>
    redirectWithToast(to, { type: "success", title, description });
  const owned = await getOwnedCard(app.db, user.workspace.id, id);
  if (!owned || !mayEditCard(user, owned)) notFound();
  const brand = await templateOfCard(app.db, owned);
  /** A locked template field posted with another value, or a required one left empty: refused beside the field. */
  const brandErrors = (value: CardForm) => (brand ? templateFieldErrors(brand, value) : {});

  if (intent === "publish") {
    const existing = await getOwnedCard(app.db, user.workspace.id, id);
    if (!existing) notFound();
    const slugValue = String(formData.get("slug") ?? "").slice(0, 60);
    // Publishing from the editor sends the whole form: it is saved first, so no edit is silently left behind.
    let reply: SubmissionResult<string[]> | undefined;
    let content: Parameters<typeof missingForPublish>[0] = toPublicCard(existing, null);
    if (formData.has("name")) {
      const submission = parseWithZod(formData, { schema: cardFormSchema });
      if (submission.status !== "success")
        return data(
          {
            reply: submission.reply(),
            slug: slugValue,
            publishError: "Nothing was saved or published: fix the fields marked above first.",
          },
          { status: 400 },
        );
      const fieldErrors = brandErrors(submission.value);
      if (Object.keys(fieldErrors).length)
        return data(
          {
            reply: submission.reply({ fieldErrors }),
            slug: slugValue,
            publishError: "Nothing was saved or published: fix the fields marked above first.",
          },
          { status: 400 },
        );
      await updateCard(app.env, app.db, user.workspace.id, id, submission.value);
      reply = submission.reply();
      content = submission.value;
    }
    if (missingForPublish(content, Boolean(existing.avatarKey)).blocking)
      return data(
        {
          reply,
          slug: slugValue,
          publishError: `${formData.has("name") ? "Your changes were saved. " : ""}${PUBLISH_NEEDS_CONTACT}`,
        },
        { status: 400 },
      );
    const slug = slugSchema.safeParse(slugValue);
    if (!slug.success)
      return data({ reply, slugError: slug.error.issues[0]?.message, slug: slugValue }, { status: 400 });
    const result = await publishCard(app.env, app.db, user.workspace.id, id, slug.data);
    if (!result.ok) return data({ reply, slugError: result.error, slug: slug.data }, { status: 400 });
    return toast(
      here,
      existing.published ? "Card saved and link updated" : "Card published",
      `Your card is live at /c/${result.slug}.`,
    );
  }
  if (intent === "unpublish") {
    if (!(await unpublishCard(app.env, app.db, user.workspace.id, id))) notFound();
    return toast(here, "Card unpublished", "The link no longer shows your card.");
  }
  if (intent === "delete") {
    // Its link stops working at once: asked once more first, on the page (no script needed).
    if (!isConfirmed(formData)) return data({ confirm: "delete" as const });
    if (!(await deleteCard(app.env, app.db, user.workspace.id, id))) notFound();
    return toast(href("/card"), "Card deleted");
  }
  // Without JavaScript, conform's add and remove buttons send their own `__intent__` for the form to redraw.
  if (intent !== "save" && !formData.has("__intent__")) unknownIntent();

  const submission = parseWithZod(formData, { schema: cardFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const fieldErrors = brandErrors(submission.value);
  if (Object.keys(fieldErrors).length) return data({ reply: submission.reply({ fieldErrors }) }, { status: 400 });
  if (!(await updateCard(app.env, app.db, user.workspace.id, id, submission.value))) notFound();
  return toast(here, "Card saved");
}

/**
 * After a save or publish succeeds the editor starts again from what was stored (a bare domain now
 * shows its https://); a photo upload or a failed save keeps what the owner is typing.
 */
export default function CardEditorPage(props: Route.ComponentProps) {
  const navigation = useNavigation();
  const [generation, setGeneration] = useState(0);
  const [view, setView] = useState<View>("edit");
  const saving = useRef(false);
  const intent = navigation.formData?.get("intent");
  useEffect(() => {
    if (navigation.state !== "idle" && (intent === "save" || intent === "publish")) saving.current = true;
    if (navigation.state === "idle" && saving.current) {
      saving.current = false;
      if (!props.actionData) setGeneration((g) => g + 1);
    }
  }, [navigation.state, intent, props.actionData]);
  return <CardEditor key={`${props.loaderData.card.id}-${generation}`} {...props} view={view} setView={setView} />;
}
