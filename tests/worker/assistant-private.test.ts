import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { FollowUpInput } from "~/lib/assistant/rules";
import { type AiBinding, createAssistant } from "~/server/assistant/assistant.server";
import { createDb } from "~/server/db/db.server";
import { writeDraft } from "~/server/follow/drafts.server";
import { dueToReconnect } from "~/server/follow/rhythm.server";
import { mergePeople } from "~/server/people/merge.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, form, importFile, json, signUp } from "./helpers";

const db = () => createDb(parseEnv(env).DB);

async function owner(name: string) {
  const session = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  return { ...session, userId: row?.id ?? "", id: row?.id ?? "", name };
}

const post = (path: string, cookie: string, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie } });

const lastContactDay = async (id: number) => {
  const row = await env.DB.prepare("select last_contact_at as at from connection where id = ?")
    .bind(id)
    .first<{ at: number | null }>();
  return row?.at ? new Date(row.at).toISOString().slice(0, 10) : null;
};

const NOTES = "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)\nHer ED is leaving in March, keep quiet";

describe("Workers AI is held to the same rules", () => {
  const input: FollowUpInput = {
    ownerName: "Dana Reyes",
    person: { name: "Lee Chen", company: "Lumen" },
    relationship: "first",
    eventTitle: "Impact Summit",
    nextSteps: ["I'll get the letter of inquiry over to you by December 10."],
    private: { notes: NOTES, goals: ["Meet 3 foundation program officers"], tags: ["Major gift prospect", "Imported"] },
  };
  const standIn = (response: unknown) => {
    const prompts: string[] = [];
    const ai: AiBinding = {
      async run(_model, inputs) {
        prompts.push(((inputs.messages as { content: string }[])[1] as { content: string }).content);
        return { response };
      },
    };
    return { ai, prompts };
  };

  it("separates shareable from private context in the prompt and keeps a clean answer", async () => {
    const good = standIn(
      '{"subject": "Good to meet you, Lee", "body": "Hi Lee, I\'ll get the letter of inquiry over to you by December 10."}',
    );
    const out = await createAssistant(good.ai).followUp(input);
    expect(out).toMatchObject({ engine: "workers-ai", result: { subject: "Good to meet you, Lee" } });
    const prompt = good.prompts[0] ?? "";
    const payload = JSON.parse(prompt.slice(prompt.indexOf("Input:\n") + 7)) as {
      SHAREABLE: Record<string, unknown>;
      PRIVATE: Record<string, unknown>;
    };
    expect(JSON.stringify(payload.SHAREABLE)).not.toContain("hunger grant");
    expect(JSON.stringify(payload.SHAREABLE)).not.toContain("Major gift prospect");
    expect(payload.PRIVATE.notes).toBe(NOTES);
    expect(prompt).toMatch(/Never quote, paraphrase or hint at it/);
  });

  it("refuses leaky and malformed answers and falls back to the built-in draft", async () => {
    const answers = [
      // Quotes the note.
      '{"subject": "LOI", "body": "As we agreed: Send LOI by Dec 10 for the 2027 hunger grant."}',
      // Names a system tag as a shared interest.
      '{"subject": "Hello", "body": "Since we both care about Imported, let us talk."}',
      // Repeats the owner's own tag and event goal.
      '{"subject": "Hello", "body": "You are a major gift prospect and I hope to meet 3 foundation program officers."}',
      // Malformed: not the schema, not JSON.
      '{"subject": 3}',
      "Sure! Here is an email.",
    ];
    for (const answer of answers) {
      const out = await createAssistant(standIn(answer).ai).followUp(input);
      expect(out.engine, answer).toBe("built-in");
      expect(out.fallbackReason).toBeTruthy();
      expect(out.result.body).toContain("I'll get the letter of inquiry over to you by December 10.");
      expect(out.result.body).not.toMatch(/hunger grant|LOI|Imported|major gift prospect/i);
    }
  });

  it("stores the fallback draft, never the leaky one, when writing a person's draft", async () => {
    const a = await owner("Ai Privacy Owner");
    const res = await call("/api/capture", json({ name: "Mo Diaz", email: "mo@example.org", notes: NOTES }, a.cookie));
    const { id } = (await res.json()) as { id: number };
    const leaky = standIn(
      `{"subject": "Re: grant", "body": "Hi Mo, as we agreed: Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)."}`,
    );
    const draft = await writeDraft(db(), leaky.ai, a, id, "UTC");
    expect(draft?.engine).toBe("built-in");
    const stored = await env.DB.prepare("select subject, body, engine from follow_up_draft where connection_id = ?")
      .bind(id)
      .first<{ subject: string; body: string; engine: string }>();
    expect(stored?.engine).toBe("built-in");
    expect(`${stored?.subject} ${stored?.body}`).not.toMatch(/\$15k|hunger grant|LOI|ED is leaving/);
    expect(leaky.prompts[0]).toContain("PRIVATE");
  });
});

describe("reconnect counts real contact", () => {
  it("moves last contacted for a logged call and an imported Connected On, never for an import, merge or edit", async () => {
    const a = await owner("Real Contact Owner");
    const tag = crypto.randomUUID().slice(0, 8);
    const csv = [
      "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
      `Ines,Duarte,https://www.linkedin.com/in/ines-${tag},ines-${tag}@example.org,Harbor Trust,Head of Giving,14 Mar 2024`,
      `Kai,Berg,https://www.linkedin.com/in/kai-${tag},kai-${tag}@example.org,Acme,Engineer,`,
      "",
    ].join("\n");
    await importFile(a.cookie, csv, "Connections.csv");
    const person = async (email: string) =>
      (await env.DB.prepare("select id from connection where email = ?").bind(email).first<{ id: number }>())?.id ?? 0;
    const ines = await person(`ines-${tag}@example.org`);
    const kai = await person(`kai-${tag}@example.org`);
    // The file's Connected On is contact; being imported is not.
    expect(await lastContactDay(ines)).toBe("2024-03-14");
    expect(await lastContactDay(kai)).toBeNull();

    // A call logged for 1 August, then a monthly rhythm: overdue since 1 September.
    const logged = await post(`/connections/${ines}`, a.cookie, { intent: "log", kind: "call", date: "2026-08-01" });
    expect(logged.status).toBe(302);
    expect(await lastContactDay(ines)).toBe("2026-08-01");
    await post(`/connections/${ines}`, a.cookie, { intent: "rhythm", every: "monthly" });
    const now = new Date("2026-11-26T12:00:00Z");
    const due = async () => (await dueToReconnect(db(), a.userId, "UTC", { now })).find((p) => p.id === ines);
    expect((await due())?.due).toMatchObject({ dueDay: "2026-09-01", state: "overdue" });

    // Importing the same person again, a note to self, an edit and a merge: none of them is contact.
    await importFile(a.cookie, csv, "Connections-again.csv");
    await post(`/connections/${ines}`, a.cookie, { intent: "log", kind: "note", text: "Think about the board" });
    const twin = await call(
      "/api/capture",
      json({ name: "Ines Duarte", email: `ines.other-${tag}@example.org` }, a.cookie),
    );
    const twinId = ((await twin.json()) as { id: number }).id;
    await env.DB.prepare("delete from interaction where connection_id = ?").bind(twinId).run();
    await mergePeople(db(), a.userId, ines, [twinId], {}, null);
    expect(await lastContactDay(ines)).toBe("2026-08-01");
    expect((await due())?.due).toMatchObject({ dueDay: "2026-09-01", state: "overdue" });
    expect((await due())?.reasons.join(" ")).toMatch(/Last contact \d+ days ago/);
  });
});

describe("what we discussed and the notes' to-dos", () => {
  it("saves a shareable note that drafts quote, turns a commitment into one reminder, and refuses another account", async () => {
    const a = await owner("Discussed Owner");
    const res = await call(
      "/api/capture",
      json({ name: "Lee Park", email: "lee.park@example.org", notes: NOTES }, a.cookie),
    );
    const { id } = (await res.json()) as { id: number };
    const long = await post(`/connections/${id}`, a.cookie, { intent: "discussed", discussed: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("At most 1000 characters");
    const saved = await post(`/connections/${id}`, a.cookie, {
      intent: "discussed",
      discussed: "A pilot with two schools in spring",
    });
    expect(saved.status).toBe(302);
    await post(`/connections/${id}`, a.cookie, { intent: "draft-write" });
    const draft = await env.DB.prepare("select body from follow_up_draft where connection_id = ?")
      .bind(id)
      .first<{ body: string }>();
    expect(draft?.body).toContain("As we discussed: A pilot with two schools in spring");
    expect(draft?.body).toContain("I'll get the letter of inquiry over to you by December 10.");
    expect(draft?.body).not.toMatch(/LOI|hunger grant|\$15k|ED is leaving/);

    const page = await (await call(`/connections/${id}`, { headers: { cookie: a.cookie } })).text();
    expect(page).toContain("Your to-dos from the notes");
    // A double tap sets the reminder once.
    await post(`/connections/${id}`, a.cookie, { intent: "todo-remind", todo: "0" });
    await post(`/connections/${id}`, a.cookie, { intent: "todo-remind", todo: "0" });
    const reminders = await env.DB.prepare("select notes, due_at from reminder where connection_id = ?")
      .bind(id)
      .all<{ notes: string; due_at: number }>();
    expect(reminders.results.map((r) => r.notes)).toEqual(["Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)"]);
    expect(new Date(reminders.results[0]?.due_at ?? 0).toISOString().slice(5, 10)).toBe("12-10");

    const b = await owner("Other Owner");
    const theirs = await post(`/connections/${id}`, b.cookie, { intent: "discussed", discussed: "Hijacked" });
    expect(theirs.status).toBe(404);
    const remind = await post(`/connections/${id}`, b.cookie, { intent: "todo-remind", todo: "0" });
    expect([400, 404]).toContain(remind.status);
    const row = await env.DB.prepare("select discussed from connection where id = ?").bind(id).first();
    expect(row).toEqual({ discussed: "A pilot with two schools in spring" });
    expect(
      (await env.DB.prepare("select count(*) as n from reminder where connection_id = ?").bind(id).first())?.n,
    ).toBe(1);
  });
});
