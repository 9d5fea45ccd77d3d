import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WEBP_TOO_LARGE, WEBP_UNREADABLE } from "~/server/people/webp-jpeg.server";
import { CORRUPT_WEBP, FACE_WEBP, HUGE_WEBP, isJpeg } from "../fixtures/webp";
import { call, form, importFile, json, signUp } from "./helpers";

/** A JPEG as far as every check goes (magic bytes and end marker), with bytes unique to this test. */
function jpeg(seed: number): Uint8Array<ArrayBuffer> {
  const body = Array.from({ length: 300 }, (_, i) => (i * 31 + seed) % 251);
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...body, 0xff, 0xd9]);
}
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function capture(cookie: string, person: Record<string, string>) {
  const res = await call("/api/capture", json({ source: "quick", ...person }, cookie));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const putPhoto = (cookie: string, id: number, bytes: Uint8Array<ArrayBuffer>, type = "image/jpeg") =>
  call(`/api/people/${id}/photo`, { method: "PUT", body: bytes, headers: { cookie, "content-type": type } });
const getPhoto = (cookie: string, id: number) => call(`/api/people/${id}/photo`, { headers: { cookie } });
const imageKey = async (id: number) =>
  (await env.DB.prepare("select image from connection where id = ?").bind(id).first<{ image: string | null }>())
    ?.image ?? null;

describe("people's photos", () => {
  it("are stored and served as the type their bytes show, whatever the upload claimed (issue 29)", async () => {
    const a = await signUp("Mislabelled Photo");
    const id = await capture(a.cookie, { name: "Ines Roy", email: `ines-${crypto.randomUUID()}@example.org` });
    expect((await putPhoto(a.cookie, id, jpeg(7), "image/png")).status).toBe(200);
    const served = await getPhoto(a.cookie, id);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpeg(7));
  });

  it("are set by upload, served to their owner only, exported inline and removed with the person", async () => {
    const a = await signUp("Photo Owner");
    const b = await signUp("Someone Else");
    const id = await capture(a.cookie, { name: "Rosa Diaz", email: `rosa-${crypto.randomUUID()}@example.org` });
    const photo = jpeg(1);

    // Another account can neither set, read nor remove it.
    expect((await putPhoto(b.cookie, id, photo)).status).toBe(404);
    // Refused by what the bytes are, not what the request claims; an SVG is refused before that.
    expect((await putPhoto(a.cookie, id, new TextEncoder().encode("<svg/>"), "image/svg+xml")).status).toBe(415);
    const bad = await putPhoto(a.cookie, id, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Choose a JPEG, PNG or WebP image" });
    expect((await putPhoto(a.cookie, id, new Uint8Array(700_000).fill(0xff))).status).toBe(413);

    const set = await putPhoto(a.cookie, id, photo);
    expect(set.status).toBe(200);
    const { url } = (await set.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/api/people/${id}/photo\\?v=`));
    const key = await imageKey(id);
    expect(key).toBeTruthy();

    const mine = await getPhoto(a.cookie, id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(photo);
    expect((await getPhoto(b.cookie, id)).status).toBe(404);
    expect((await call(`/api/people/${id}/photo`)).status).toBe(401);
    expect((await call(`/api/people/${id}/photo`, { method: "DELETE", headers: { cookie: b.cookie } })).status).toBe(
      404,
    );

    // The person page and the list show it.
    expect(await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text()).toContain(
      url.replace(/&/g, "&amp;"),
    );
    expect(await (await call("/connections", { headers: { cookie: a.cookie } })).text()).toContain(
      `/api/people/${id}/photo`,
    );

    // Exported inline in the vCard, as phones import it.
    const vcf = await (await call("/api/connections/export?format=vcf", { headers: { cookie: a.cookie } })).text();
    expect(vcf.replace(/\r\n /g, "")).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${base64(photo)}`);

    // A new photo replaces the old one in storage.
    await putPhoto(a.cookie, id, jpeg(2));
    expect(await env.CACHE.get(`person-photo:${key}`)).toBeNull();
    const second = await imageKey(id);

    // Deleting the person deletes the photo.
    await call(`/connections/${id}`, {
      ...form({ intent: "delete", confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(await env.CACHE.get(`person-photo:${second}`)).toBeNull();
  });

  it("are kept from a vCard import, carried through a merge and its undo, and gone with the account", async () => {
    const a = await signUp("Import Owner");
    const tag = crypto.randomUUID().slice(0, 8);
    const photo = jpeg(3);
    const gif = btoa("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    const vcf = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Kim Photo",
      `EMAIL:kim-${tag}@example.org`,
      `PHOTO;ENCODING=b;TYPE=JPEG:${base64(photo)}`,
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Gif Person",
      `EMAIL:gif-${tag}@example.org`,
      `PHOTO;ENCODING=b;TYPE=GIF:${gif}`,
      "END:VCARD",
      "",
    ].join("\r\n");
    const preview = (await importFile(a.cookie, vcf, "contacts.vcf")).previewText;
    // A photo we cannot keep is said, not dropped silently.
    expect(preview).toContain("Photo is not a JPEG, PNG or WebP image; left out");
    const kim = await env.DB.prepare("select id, image from connection where email = ?")
      .bind(`kim-${tag}@example.org`)
      .first<{ id: number; image: string | null }>();
    expect(kim?.image).toBeTruthy();
    expect(new Uint8Array(await (await getPhoto(a.cookie, kim?.id ?? 0)).arrayBuffer())).toEqual(photo);

    // Merged into someone without a photo, the photo comes along; the undo gives it back.
    const other = await capture(a.cookie, { name: "Kim Photo", phone: "+1 503 555 0142" });
    const body = new URLSearchParams([
      ["id", String(other)],
      ["id", String(kim?.id)],
      ["primary", String(other)],
    ]);
    await call("/connections/merge", { method: "POST", body, headers: { cookie: a.cookie } });
    expect(await imageKey(other)).toBe(kim?.image);
    expect((await getPhoto(a.cookie, other)).status).toBe(200);
    const mergeId = (
      await env.DB.prepare("select id from person_merge where primary_id = ?").bind(other).first<{ id: number }>()
    )?.id;
    await call(`/connections/${other}`, {
      ...form({ intent: "undo-merge", mergeId: String(mergeId) }),
      headers: { cookie: a.cookie },
    });
    expect(await imageKey(other)).toBeNull();
    expect(await imageKey(kim?.id ?? 0)).toBe(kim?.image);
    expect((await getPhoto(a.cookie, kim?.id ?? 0)).status).toBe(200);

    const userId = (await env.DB.prepare("select id from user where email = ?").bind(a.email).first<{ id: string }>())
      ?.id;
    expect((await env.CACHE.list({ prefix: `person-photo:${userId}:` })).keys.length).toBe(1);
    await call("/settings", { ...form({ intent: "delete-account", confirm: a.email }), headers: { cookie: a.cookie } });
    expect((await env.CACHE.list({ prefix: `person-photo:${userId}:` })).keys).toEqual([]);
  });

  it("in WebP travel as a JPEG made once in vCard 3.0 and as WebP in vCard 4.0; a corrupt one is refused (issue 42)", async () => {
    const a = await signUp("WebP Owner");
    const email = `wren-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const vcf = ["BEGIN:VCARD", "VERSION:4.0", "FN:Wren Webp", `EMAIL:${email}`];
    vcf.push(`PHOTO:data:image/webp;base64,${base64(FACE_WEBP)}`, "END:VCARD", "");
    await importFile(a.cookie, vcf.join("\r\n"), "contacts.vcf");
    const row = await env.DB.prepare("select id, image from connection where email = ?")
      .bind(email)
      .first<{ id: number; image: string }>();
    const id = row?.id ?? 0;
    // The rendition was made as the import stored the photo, beside it.
    const rendition = `person-photo:${row?.image}.jpeg`;
    expect(isJpeg(new Uint8Array((await env.CACHE.get(rendition, "arrayBuffer")) ?? new ArrayBuffer(0)))).toBe(true);

    const photoOf = async (format: string) => {
      const res = await call(`/api/connections/export?format=${format}`, { headers: { cookie: a.cookie } });
      return (await res.text())
        .replace(/\r\n /g, "")
        .split("\r\n")
        .filter((l) => l.startsWith("PHOTO"));
    };
    const jpegLine = async () => {
      const [line, ...more] = await photoOf("vcf");
      expect(more).toEqual([]);
      expect(line).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:/);
      return Uint8Array.from(atob((line as string).split(":")[1] as string), (c) => c.charCodeAt(0));
    };
    expect(isJpeg(await jpegLine())).toBe(true);
    expect(await photoOf("vcf4")).toEqual([`PHOTO:data:image/webp;base64,${base64(FACE_WEBP)}`]);
    // The person's own photo is still the WebP.
    expect((await getPhoto(a.cookie, id)).headers.get("content-type")).toBe("image/webp");

    // A WebP stored before renditions existed gets one at its first 3.0 export, kept for the next.
    await env.CACHE.delete(rendition);
    expect(isJpeg(await jpegLine())).toBe(true);
    expect(await env.CACHE.get(rendition)).not.toBeNull();

    // Uploads: one that cannot be decoded, one claiming 100 megapixels: 400 with the reason, photo unchanged.
    const corrupt = await putPhoto(a.cookie, id, CORRUPT_WEBP, "image/webp");
    expect(corrupt.status).toBe(400);
    expect(await corrupt.json()).toEqual({ error: WEBP_UNREADABLE });
    const huge = await putPhoto(a.cookie, id, HUGE_WEBP, "image/webp");
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ error: WEBP_TOO_LARGE });
    expect(await imageKey(id)).toBe(row?.image);

    // An uploaded WebP gets its rendition too; the old photo and its rendition are gone.
    expect((await putPhoto(a.cookie, id, FACE_WEBP, "image/webp")).status).toBe(200);
    const next = await imageKey(id);
    expect(await env.CACHE.get(rendition)).toBeNull();
    expect(await env.CACHE.get(`person-photo:${next}.jpeg`)).not.toBeNull();

    // Deleting the person deletes both.
    await call(`/connections/${id}`, {
      ...form({ intent: "delete", confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(await env.CACHE.get(`person-photo:${next}`)).toBeNull();
    expect(await env.CACHE.get(`person-photo:${next}.jpeg`)).toBeNull();
  });
});
