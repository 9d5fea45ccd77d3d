import { and, eq, type SQL, sql } from "drizzle-orm";
import { readVCardFile } from "~/lib/formats/vcard-read";
import type { PersonDraft } from "~/lib/people/draft";
import { MAX_POINTS_PER_KIND, normalisePerson } from "~/lib/people/normalise";
import { escapeXml } from "~/lib/text/escape";
import { connection, davCard } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement } from "../db/write.server";
import { addPerson, ownerCountry } from "../people/add.server";
import type { PeopleEvents } from "../people/events.server";
import { checkedDraftPhoto, deletePhotos, photoBytes, putPhoto, sameBytes } from "../people/photo.server";
import { replacePerson } from "../people/replace.server";
import { type DavUser, davViewer } from "./app-passwords.server";
import { bumpBook, currentSeq, extraLines, isInlinePhoto, MAX_EXTRA_BYTES, readCard } from "./book.server";
import { href } from "./propfind.server";
import { decode, etagList, matches, paths, readBody, text } from "./request.server";
import { davError } from "./xml.server";

/** A PUT of one vCard: the person added or replaced through the people core, with its photo and preconditions. */

const VCARD_TYPES = ["text/vcard", "text/x-vcard", "text/directory"];

/** What a PUT says about the person's photo: nothing, a PHOTO by URL, a checked image, or a refusal. */
type PutPhoto =
  | { kind: "none" }
  | { kind: "by-url" }
  | { kind: "image"; type: string; bytes: Uint8Array }
  | { kind: "refused"; status: 400 | 413 };

function putPhotoOf(body: string, draft: PersonDraft): PutPhoto {
  const first = body
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n")
    .find((line) => /^(?:[A-Za-z0-9-]+\.)?PHOTO[;:]/i.test(line));
  if (!first) return { kind: "none" };
  if (!isInlinePhoto(first)) return { kind: "by-url" };
  // Bad base64 or something that is not an image: the client is told, nothing is half-stored.
  if (!draft.photo) return { kind: "refused", status: 400 };
  const checked = checkedDraftPhoto(draft.photo);
  if ("error" in checked) return { kind: "refused", status: checked.error === "That image is too large" ? 413 : 400 };
  return { kind: "image", ...checked };
}

const NOUNS: Record<string, string> = {
  email: "emails",
  phone: "phone numbers",
  website: "websites",
  social: "profiles",
  address: "addresses",
  sip: "SIP addresses",
  role: "further organisations",
};

/**
 * RFC 6352's valid-address-data precondition (403), with the reason in the message element that sabre/dav
 * servers send and clients such as DAVx⁵ show: which kind is past its cap, and that nothing was saved.
 */
function refuseCaps(kinds: string[]): Response {
  const over = [...new Set(kinds)].map((k) => {
    const n = kinds.filter((x) => x === k).length;
    return `${NOUNS[k] ?? k}: at most ${MAX_POINTS_PER_KIND}, this card has ${MAX_POINTS_PER_KIND + n}`;
  });
  const message = `KnowWho keeps at most ${MAX_POINTS_PER_KIND} of each kind of contact detail (${over.join("; ")}). Nothing was saved: remove some and save again.`;
  return davError(
    403,
    `<card:valid-address-data/><s:message xmlns:s="http://sabredav.org/ns">${escapeXml(message)}</s:message>`,
  );
}

const refusePhoto = (status: 400 | 413) =>
  davError(status, status === 413 ? "<card:max-resource-size/>" : "<card:valid-address-data/>");

export async function put(
  db: Database,
  user: DavUser,
  name: string,
  request: Request,
  store: KVNamespace,
  events: PeopleEvents,
): Promise<Response> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type && !VCARD_TYPES.includes(type)) return davError(415, "<card:supported-address-data/>");
  const bytes = await readBody(request);
  // Contacts on Apple devices can make groups as cards; a group is not a person (tags are our groups).
  if (/^(?:[A-Za-z0-9-]+\.)?(?:X-ADDRESSBOOKSERVER-KIND|KIND):\s*group\s*$/im.test(decode(bytes)))
    return text(403, "Groups are not kept in KnowWho; use tags (CATEGORIES) instead");
  const read = readVCardFile(bytes);
  const draft = read.people[0]?.draft;
  if (read.people.length !== 1 || !draft || read.problems.some((p) => p.skipped))
    return davError(400, "<card:valid-address-data/>");
  const extra = extraLines(decode(bytes));
  if (new TextEncoder().encode(extra.join("\n")).byteLength > MAX_EXTRA_BYTES)
    return davError(413, "<card:max-resource-size/>");
  const photo = putPhotoOf(decode(bytes), draft);
  if (photo.kind === "refused") return refusePhoto(photo.status);
  // Past the per-kind caps nothing is dropped behind a 2xx: the whole PUT is refused, with a reason to show.
  const { pastCap } = normalisePerson(draft, await ownerCountry(db, user.id));
  if (pastCap.length) return refuseCaps(pastCap.map((p) => p.kind));

  const found = await readCard(db, davViewer(user), name);
  // A card of a team person this member may not see (decision 0234) is not theirs to write.
  if (found.row?.connectionId && !found.live) return text(404, "Not found");
  const ifMatch = etagList(request.headers.get("if-match"));
  const ifNoneMatch = etagList(request.headers.get("if-none-match"));
  const etag = found.live?.etag ?? null;
  // Preconditions: a client editing a card it read never overwrites a newer edit (a lost update).
  if (ifMatch && !matches(ifMatch, etag)) return text(412, "The card changed since you read it");
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return text(412, "A card with this name already exists");
  const uid = draft.externalId;

  if (found.live) {
    const person = found.live.person;
    const current = person.photoKey ?? null;
    // The photo's next key: a new image (the same bytes sent back keep theirs), or none when a client
    // that held this very card (If-Match on its ETag, so it received the photo) sends it without one.
    // Without that proof (no If-Match, or *) a card without PHOTO leaves the photo alone (0018).
    let next: string | null | undefined;
    if (photo.kind === "image" && !sameBytes(await photoBytes(store, current), photo.bytes))
      next = await putPhoto(store, user.id, photo.type, photo.bytes);
    else if (photo.kind === "none" && current && ifMatch && !ifMatch.includes("*")) next = null;
    const stamp: Statement[] = [
      ...bumpBook(db, user.id),
      rawSql(sql`update ${davCard} set extra = ${JSON.stringify(extra)}, etag = '', deleted = 0,
        seq = ${currentSeq(user.id)} where ${davCard.id} = ${found.live.row.id}`),
    ];
    const result = await replacePerson(db, user.id, person.id, draft, {
      detail: "Edited in your address book (CardDAV)",
      photo: next,
      also: stamp,
      events,
    }).catch(async (error) => {
      await deletePhotos(store, [next]);
      throw error;
    });
    if (!result?.ok) await deletePhotos(store, [next]);
    else if (next !== undefined) await deletePhotos(store, [current]);
    if (!result) return text(404, "Not found");
    if (!result.ok) return text(409, result.message);
    return new Response(null, { status: 204 });
  }

  // A new card whose UID another card of this book already has: RFC 6352 §6.3.2.1 no-uid-conflict.
  if (uid) {
    const holder = await db
      .select({ name: davCard.name })
      .from(davCard)
      .innerJoin(connection, eq(connection.id, davCard.connectionId))
      .where(and(eq(davCard.userId, user.id), eq(connection.userId, user.id), eq(connection.uid, uid)))
      .get();
    if (holder)
      return davError(409, `<card:no-uid-conflict>${href(paths(user.id).card(holder.name))}</card:no-uid-conflict>`);
  }
  // A new card's photo: stored first, then given to the people core, which keeps it only for someone
  // without a photo (a person already held keeps theirs: the people core never overwrites).
  const stored = photo.kind === "image" ? await putPhoto(store, user.id, photo.type, photo.bytes) : null;
  const also = (personId: SQL): Statement[] => [
    ...bumpBook(db, user.id),
    // Someone already in the network (same email or phone) moves to the client's name; the old name is gone.
    rawSql(sql`update ${davCard} set connection_id = null, deleted = 1, seq = ${currentSeq(user.id)}
      where ${davCard.userId} = ${user.id} and ${davCard.connectionId} = ${personId} and ${davCard.name} <> ${name}`),
    rawSql(sql`insert into ${davCard} (user_id, connection_id, name, etag, seq, deleted, extra)
      values (${user.id}, ${personId}, ${name}, '', ${currentSeq(user.id)}, 0, ${JSON.stringify(extra)})
      on conflict (user_id, name) do update set connection_id = excluded.connection_id, etag = '',
        seq = excluded.seq, deleted = 0, extra = excluded.extra`),
  ];
  const added = await addPerson(db, user.id, draft, {
    source: "manual",
    detail: "Added from your address book (CardDAV)",
    eventName: null,
    metBy: user.memberId,
    photo: stored,
    also,
    events,
  }).catch(async (error) => {
    await deletePhotos(store, [stored]);
    throw error;
  });
  if (stored) {
    const kept = await db
      .select({ image: connection.image })
      .from(connection)
      .where(and(eq(connection.id, added.id), eq(connection.userId, user.id)))
      .get();
    if (kept?.image !== stored) await deletePhotos(store, [stored]);
  }
  // The ETag of our rendering: a client that deletes or edits right after needs one to send If-Match.
  const now = await readCard(db, davViewer(user), name);
  return new Response(null, { status: 201, headers: now.live ? { ETag: now.live.etag } : {} });
}
