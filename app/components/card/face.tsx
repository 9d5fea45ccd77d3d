import type { CSSProperties, ReactNode } from "react";
import { safeHref, textOn } from "~/lib/card/card";
import { telHref } from "~/lib/forms/phone";
import { en } from "~/lib/i18n/messages/en";
import { initials } from "~/lib/text/graphemes";
import { own } from "~/lib/text/own";

/**
 * The one drawing of a card: the visitor page renders it to HTML on the server and the editor's
 * preview renders it live, both styled by `card-face-css.ts`. It holds the owner's own words only;
 * KnowWho's name and tagline never appear on it.
 */
export type FaceCard = {
  name?: string;
  title?: string | null;
  company?: string | null;
  headline?: string | null;
  bio?: string | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  linkedin?: string | null;
  location?: string | null;
  notes?: string | null;
  avatarUrl?: string | null;
  /** The team template's logo (decision 0254). */
  logoUrl?: string | null;
  template?: string;
  colour?: string;
  socialAccounts?: ({ platform?: string; url?: string } | undefined)[];
  additionalContacts?: ({ type?: string; value?: string } | undefined)[];
};

export const PLATFORM_LABEL: Record<string, string> = {
  facebook: "Facebook",
  twitter: "X",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  github: "GitHub",
  youtube: "YouTube",
  generic: "Link",
};

export const cardColour = (value: string | undefined) =>
  /^#[0-9a-f]{6}$/i.test(value ?? "") ? (value as string) : "#4f46e5";

/** The owner's colour as the custom properties every coloured part of the page reads. */
export const colourVars = (colour: string | undefined) => {
  const c = cardColour(colour);
  return { ["--c" as string]: c, ["--fg" as string]: textOn(c) } as CSSProperties;
};

const displayUrl = (href: string) => href.replace(/^https:\/\/(www\.)?/, "").replace(/\/$/, "");

/** An email may break after the @ when it must, never inside a word. */
function EmailText({ value }: { value: string }) {
  const at = value.lastIndexOf("@");
  if (at < 1) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

function Row({
  label,
  text,
  href,
  live,
  dir = "ltr",
}: {
  label: string;
  text: ReactNode;
  href: string | null;
  live: boolean;
  /** Addresses and numbers read left to right on any page; the owner's own words take their own direction. */
  dir?: "ltr" | "auto";
}) {
  const body = (
    <>
      <span className="k">{label}</span>
      <span className="v" dir={dir}>
        {text}
      </span>
    </>
  );
  return (
    <li>
      {href && live ? (
        <a
          href={href}
          rel={href.startsWith("https:") ? "noopener noreferrer" : undefined}
          target={href.startsWith("https:") ? "_blank" : undefined}
        >
          {body}
        </a>
      ) : (
        <span>{body}</span>
      )}
    </li>
  );
}

/** The words the face draws around the owner's: the visitor page passes its language's, the editor English. */
export type FaceLabels = {
  save: string;
  share: string;
  email: string;
  phone: string;
  website: string;
  location: string;
  contact: string;
  link: string;
};

export const FACE_LABELS_EN: FaceLabels = {
  save: en["card.save"],
  share: en["card.share"],
  email: en["card.row.email"],
  phone: en["card.row.phone"],
  website: en["card.row.website"],
  location: en["card.row.location"],
  contact: en["card.row.contact"],
  link: en["card.row.link"],
};

export type FaceActions = {
  /** Save Contact's vCard link; null draws the button without a link (the editor's preview). */
  saveHref: string | null;
  /** Share Your Info's target; null draws it switched off (unverified links, or the preview). */
  shareHref: string | null;
  shareOffReason?: string;
};

export function CardFace({
  card,
  actions,
  heading = "h1",
  live = true,
  labels = FACE_LABELS_EN,
}: {
  card: FaceCard;
  actions: FaceActions;
  labels?: FaceLabels;
  heading?: "h1" | "p";
  /** False in the preview: contact rows are drawn, not linked. */
  live?: boolean;
}) {
  const name = card.name?.trim() || "Your name";
  const Name = heading;
  const template = ["classic", "bold", "minimal"].includes(card.template ?? "") ? card.template : "classic";
  const email = card.email && safeHref(`mailto:${card.email}`);
  const phone = card.phone && safeHref(telHref(card.phone));
  const website = safeHref(card.website);
  const linkedin = safeHref(card.linkedin);
  return (
    <article className={`card t-${template}`} style={colourVars(card.colour)} aria-labelledby="card-name">
      {card.logoUrl ? (
        <div className="card-brand">
          {/* The organisation's name is on the card itself: the logo repeats it, so it is not read twice. */}
          <img src={card.logoUrl} alt="" height={40} />
        </div>
      ) : null}
      <div className="card-head">
        <div className="avatar" aria-hidden="true">
          {initials(name)}
          {/* Drawn over the initials; a missing image with empty alt shows nothing, so the initials remain. */}
          {card.avatarUrl ? <img src={card.avatarUrl} alt="" width={144} height={144} /> : null}
        </div>
        <div>
          <Name id="card-name" className="name" dir="auto">
            {name}
          </Name>
          {card.title ? (
            <p className="role" dir="auto">
              {card.title}
            </p>
          ) : null}
          {card.company ? (
            <p className="org" dir="auto">
              {card.company}
            </p>
          ) : null}
        </div>
      </div>
      <div className="card-body">
        {card.headline ? (
          <p className="headline" dir="auto">
            {card.headline}
          </p>
        ) : null}
        {card.bio ? (
          <p className="bio" dir="auto">
            {card.bio}
          </p>
        ) : null}
        <ul className="links">
          {email && card.email ? (
            <Row label={labels.email} text={<EmailText value={card.email} />} href={email} live={live} />
          ) : null}
          {phone ? <Row label={labels.phone} text={card.phone} href={phone} live={live} /> : null}
          {website ? <Row label={labels.website} text={displayUrl(website)} href={website} live={live} /> : null}
          {linkedin ? <Row label="LinkedIn" text={displayUrl(linkedin)} href={linkedin} live={live} /> : null}
          {card.location ? (
            <Row label={labels.location} text={card.location} href={null} live={live} dir="auto" />
          ) : null}
          {card.socialAccounts?.map((s, i) => {
            const href = safeHref(s?.url);
            return href ? (
              <Row
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is the owner's, in their order
                key={`s${i}`}
                label={(s?.platform && s.platform !== "generic" && own(PLATFORM_LABEL, s.platform)) || labels.link}
                text={displayUrl(href)}
                href={href}
                live={live}
              />
            ) : null;
          })}
          {card.additionalContacts?.map((c, i) => {
            if (!c?.value) return null;
            const href =
              c.type === "email"
                ? safeHref(`mailto:${c.value}`)
                : c.type === "phone"
                  ? safeHref(telHref(c.value))
                  : c.type === "website"
                    ? safeHref(c.value)
                    : null;
            const label =
              c.type === "email"
                ? labels.email
                : c.type === "phone"
                  ? labels.phone
                  : c.type === "website"
                    ? labels.website
                    : labels.contact;
            const text = c.type === "email" ? <EmailText value={c.value} /> : c.value;
            return (
              <Row
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is the owner's, in their order
                key={`c${i}`}
                label={label}
                text={text}
                href={href}
                live={live}
                dir={href ? "ltr" : "auto"}
              />
            );
          })}
        </ul>
        {card.notes ? (
          <p className="notes" dir="auto">
            {card.notes}
          </p>
        ) : null}
        <div className="actions">
          {actions.saveHref ? (
            <a className="btn btn-primary" href={actions.saveHref} download="" data-action="save">
              {labels.save}
            </a>
          ) : (
            <span className="btn btn-primary">{labels.save}</span>
          )}
          {actions.shareHref ? (
            <a className="btn btn-secondary" href={actions.shareHref} data-action="share">
              {labels.share}
            </a>
          ) : (
            <span
              className="btn btn-secondary"
              aria-disabled={actions.shareOffReason ? "true" : undefined}
              title={actions.shareOffReason}
            >
              {labels.share}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
