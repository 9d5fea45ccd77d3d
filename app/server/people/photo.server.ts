import { and, eq, isNotNull } from "drizzle-orm";
import type { PhotoDraft } from "~/lib/people/draft";
import { connection } from "~db/schema";
import { imageProblem, imageTypeOf } from "../cards/cards.server";
import type { Database, Owners } from "../db/db.server";
import { peopleOf, viewerOf } from "./access.server";
import type { PeopleEvents } from "./events.server";
import { emitPeopleEvents } from "./events.server";
import { jpegOfWebp } from "./webp-jpeg.server";

/**
 * People's photos live in the same KV namespace as card avatars, with the same checks, but never at a
 * public URL: they are served only to their owner (GET /api/people/:id/photo). The key names the owner,
 * so deleting an account finds every photo by prefix; `connection.image` holds the key.
 */
const PREFIX = "person-photo:";
const KEY = /^[A-Za-z0-9_-]{1,64}:[0-9a-f-]{36}$/;

export const newPhotoKey = (userId: string) => `${userId}:${crypto.randomUUID()}`;
const isPhotoKey = (key: string | null | undefined): key is string => typeof key === "string" && KEY.test(key);
/** A WebP photo's JPEG rendition lives beside it, under its key: whatever moves the key carries it (0248). */
const RENDITION = (key: string) => `${PREFIX}${key}.jpeg`;

/** The URL a page shows a person's photo at (changes with the photo, so it can be cached). */
export function photoUrl(id: number, key: string | null | undefined) {
  return isPhotoKey(key) ? `/api/people/${id}/photo?v=${key.slice(-12)}` : null;
}

export function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(binary);
}

/** Why a photo read from a file cannot be kept (the avatar checks), or null when it can. */
export function draftPhotoProblem(photo: PhotoDraft): string | null {
  const checked = checkedDraftPhoto(photo);
  return "error" in checked ? checked.error : null;
}

/**
 * A photo read from a vCard (a file or a CardDAV PUT), checked as an upload is: its bytes decode, they
 * are a JPEG, PNG or WebP image by their magic bytes (whatever TYPE the card claimed), at most 600 KB.
 */
export function checkedDraftPhoto(photo: PhotoDraft): { type: string; bytes: Uint8Array } | { error: string } {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(photo.base64);
  } catch {
    return { error: "The photo's base64 cannot be read" };
  }
  const problem = imageProblem(photo.mediaType, bytes);
  return problem ? { error: problem } : { type: imageTypeOf(bytes) as string, bytes };
}

/** The stored bytes of a person's photo by its key (for comparing what a client sends back). */
async function photoBytes(store: KVNamespace, key: string | null | undefined): Promise<Uint8Array | null> {
  if (!isPhotoKey(key)) return null;
  const value = await store.get(PREFIX + key, "arrayBuffer");
  return value ? new Uint8Array(value) : null;
}

/** Whether these bytes are the stored photo, or its JPEG rendition a vCard 3.0 client was served and sends back. */
export async function isStoredPhoto(store: KVNamespace, key: string | null | undefined, bytes: Uint8Array) {
  if (sameBytes(await photoBytes(store, key), bytes)) return true;
  if (!isPhotoKey(key)) return false;
  const rendition = await store.get(RENDITION(key), "arrayBuffer");
  return rendition !== null && sameBytes(new Uint8Array(rendition), bytes);
}

/** A checked photo ready to store: a WebP gets its JPEG rendition here, once, never per export. */
export type ReadyPhoto = { type: string; bytes: Uint8Array; jpeg: Uint8Array | null };

export async function readyPhoto(type: string, bytes: Uint8Array): Promise<ReadyPhoto | { error: string }> {
  if (type !== "image/webp") return { type, bytes, jpeg: null };
  const made = await jpegOfWebp(bytes);
  return "error" in made ? made : { type, bytes, jpeg: made.jpeg };
}

const sameBytes = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && a.every((x, i) => x === b[i]);

/** Stores photo bytes (and a WebP's rendition) under a new key of this owner; the caller points the person at it. */
export async function putPhoto(store: KVNamespace, userId: string, photo: ReadyPhoto) {
  const key = newPhotoKey(userId);
  await Promise.all([
    store.put(PREFIX + key, photo.bytes, { metadata: { type: photo.type } }),
    photo.jpeg ? store.put(RENDITION(key), photo.jpeg, { metadata: { type: "image/jpeg" } }) : null,
  ]);
  return key;
}

export async function deletePhotos(store: KVNamespace, keys: (string | null | undefined)[]) {
  await Promise.all(keys.filter(isPhotoKey).flatMap((k) => [store.delete(PREFIX + k), store.delete(RENDITION(k))]));
}

type PhotoEnv = { CACHE: KVNamespace };

/**
 * Sets a person's photo from an upload; the old one is removed. Null when the viewer does not see the person
 * (another account's, or a team person the member may not see: decision 0234).
 */
export async function setPersonPhoto(
  env: PhotoEnv,
  db: Database,
  owner: string | Owners,
  id: number,
  claimed: string,
  bytes: Uint8Array,
  events: PeopleEvents,
): Promise<{ error: string } | { url: string } | null> {
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const problem = imageProblem(claimed, bytes);
  if (problem) return { error: problem };
  const [row] = await db
    .select({ image: connection.image })
    .from(connection)
    .where(and(eq(connection.id, id), peopleOf(viewer)));
  if (!row) return null;
  // A WebP that cannot be decoded is refused here, with its reason, rather than served to no reader.
  const ready = await readyPhoto(imageTypeOf(bytes) ?? claimed, bytes);
  if ("error" in ready) return ready;
  const key = await putPhoto(env.CACHE, userId, ready);
  const updated = await db
    .update(connection)
    .set({ image: key })
    .where(and(eq(connection.id, id), eq(connection.userId, userId)))
    .returning({ id: connection.id });
  if (!updated.length) {
    await deletePhotos(env.CACHE, [key]);
    return null;
  }
  await deletePhotos(env.CACHE, [row.image]);
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id }]);
  return { url: photoUrl(id, key) as string };
}

export async function removePersonPhoto(
  env: PhotoEnv,
  db: Database,
  owner: string | Owners,
  id: number,
  events: PeopleEvents,
) {
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const [row] = await db
    .select({ image: connection.image })
    .from(connection)
    .where(and(eq(connection.id, id), peopleOf(viewer)));
  if (!row) return false;
  if (!row.image) return true;
  await db
    .update(connection)
    .set({ image: null })
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  await deletePhotos(env.CACHE, [row.image]);
  await emitPeopleEvents(events, userId, [{ type: "person.updated", id }]);
  return true;
}

/** The photo of a person the viewer sees: bytes and type, or null (another account's person gets null too). */
export async function personPhoto(env: PhotoEnv, db: Database, owner: string | Owners, id: number) {
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const [row] = await db
    .select({ image: connection.image })
    .from(connection)
    .where(and(eq(connection.id, id), peopleOf(viewer), isNotNull(connection.image)));
  if (!isPhotoKey(row?.image) || !row.image.startsWith(`${userId}:`)) return null;
  const stored = await env.CACHE.getWithMetadata<{ type?: string }>(PREFIX + row.image, "arrayBuffer");
  if (!stored.value) return null;
  return { bytes: stored.value, type: stored.metadata?.type ?? "image/jpeg" };
}

/**
 * Photos for a vCard export, inline; read a few at a time. vCard 3.0 gets a WebP's JPEG rendition; a photo
 * stored before renditions existed gets one here, stored once; one that cannot be decoded travels as WebP.
 */
async function forVersion3(store: KVNamespace, key: string, webp: ArrayBuffer): Promise<PhotoDraft> {
  const stored = await store.get(RENDITION(key), "arrayBuffer");
  if (stored) return { mediaType: "image/jpeg", base64: encodeBase64(new Uint8Array(stored)) };
  const made = await jpegOfWebp(new Uint8Array(webp));
  if ("error" in made) return { mediaType: "image/webp", base64: encodeBase64(new Uint8Array(webp)) };
  await store.put(RENDITION(key), made.jpeg, { metadata: { type: "image/jpeg" } });
  return { mediaType: "image/jpeg", base64: encodeBase64(made.jpeg) };
}

export async function photosOf(
  env: PhotoEnv,
  people: { id: number; photoKey?: string | null }[],
  version: "3.0" | "4.0",
) {
  const out = new Map<number, PhotoDraft>();
  const withPhoto = people.filter((p) => isPhotoKey(p.photoKey));
  for (let i = 0; i < withPhoto.length; i += 20)
    await Promise.all(
      withPhoto.slice(i, i + 20).map(async (p) => {
        const stored = await env.CACHE.getWithMetadata<{ type?: string }>(
          PREFIX + (p.photoKey as string),
          "arrayBuffer",
        );
        if (!stored.value) return;
        const mediaType = stored.metadata?.type ?? "image/jpeg";
        out.set(
          p.id,
          version === "3.0" && mediaType === "image/webp"
            ? await forVersion3(env.CACHE, p.photoKey as string, stored.value)
            : { mediaType, base64: encodeBase64(new Uint8Array(stored.value)) },
        );
      }),
    );
  return out;
}

/** Every photo of an account, by its key prefix (for deleting the account). */
export async function deleteAccountPhotos(store: KVNamespace, userId: string) {
  let cursor: string | undefined;
  do {
    const page = await store.list({ prefix: `${PREFIX}${userId}:`, cursor });
    await Promise.all(page.keys.map((k) => store.delete(k.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}
