import { describe, expect, it } from "vitest";
import {
  builtInEngine,
  composeFollowUp,
  draftLeaks,
  type FollowUpInput,
  goalsFromDescription,
  splitGoals,
} from "~/lib/assistant/rules";
import {
  nextStepsIn,
  privateSpans,
  privateTagsIn,
  RELATIONSHIPS,
  relationshipOf,
  shareableTopic,
  sharedInterests,
  systemTagsIn,
} from "~/lib/follow/draft-privacy";

describe("the plan reads the event's description", () => {
  it("finds goals under a heading, after Goal:, in bullets and in 'we want to' sentences", () => {
    const description = [
      "The yearly gathering of Midwest funders.",
      "We want to find two corporate sponsors for the spring gala.",
      "",
      "Goals:",
      "- Meet program officers from family foundations",
      "- Recruit a board treasurer",
      "",
      "Goal: book a site visit",
    ].join("\n");
    expect(goalsFromDescription(description)).toEqual([
      "Find two corporate sponsors for the spring gala",
      "Meet program officers from family foundations",
      "Recruit a board treasurer",
      "Book a site visit",
    ]);
    expect(goalsFromDescription("Just a nice dinner.")).toEqual([]);
  });

  it("puts the owner's stated goals first, then the description's, and ranks people by both", async () => {
    const plan = await builtInEngine.plan({
      ownerName: "Amara",
      event: { title: "Gala", description: "Goals:\n- Recruit a board treasurer" },
      goals: ["Meet funders"],
      network: [
        { name: "Tom Treasurer", title: "Treasurer", company: "Acme", priority: "low" },
        { name: "Zed Park", title: "Engineer", company: "Widgets", priority: "low" },
      ],
      attendees: [],
    });
    expect(plan.goals).toEqual(["Meet funders", "Recruit a board treasurer"]);
    expect(plan.targets.map((t) => t.name)).toEqual(["Tom Treasurer"]);
    expect(plan.targets[0]?.reason).toContain("treasurer");
  });
});

describe("the plan lists goals and ranks only people who match them", () => {
  it("splits goals written on one line into a list", () => {
    expect(splitGoals("meet 3 foundation program officers, find a venue sponsor and recruit 5 volunteers")).toEqual([
      "meet 3 foundation program officers",
      "find a venue sponsor",
      "recruit 5 volunteers",
    ]);
    expect(splitGoals("1) meet officers 2) find a sponsor 3) recruit volunteers")).toEqual([
      "meet officers",
      "find a sponsor",
      "recruit volunteers",
    ]);
    expect(splitGoals("Meet funders, especially family foundations")).toEqual([
      "Meet funders, especially family foundations",
    ]);
    expect(goalsFromDescription("Goals: meet program officers; find a venue sponsor; recruit volunteers")).toEqual([
      "Meet program officers",
      "Find a venue sponsor",
      "Recruit volunteers",
    ]);
  });

  it("never lists the network at large: a high-priority person who matches no goal is not a target", async () => {
    const plan = await builtInEngine.plan({
      ownerName: "Amara",
      event: { title: "Gala" },
      goals: ["Meet 3 foundation program officers; find a venue sponsor"],
      network: [
        { name: "Vip Nomatch", title: "Engineer", company: "Widgets", priority: "high" },
        { name: "Medium Nomatch", title: "Teacher", company: "School", priority: "medium" },
        { name: "Ana Officer", title: "Program Officer", company: "Lumen Foundation", priority: "low" },
        { name: "Sam Venue", title: "Venue manager", company: "Hall", priority: "high" },
      ],
      attendees: [],
    });
    expect(plan.goals).toEqual(["Meet 3 foundation program officers", "find a venue sponsor"]);
    expect(plan.targets.map((t) => t.name)).toEqual(["Ana Officer", "Sam Venue"]);
    expect(plan.targets[0]?.reason).toMatch(/foundation|program|officer/);
  });

  it("gives a goal as a target's reason, never the words of the event's title", async () => {
    const plan = await builtInEngine.plan({
      ownerName: "Amara",
      event: { title: "Explore mixer mx1a33cs", description: "An evening of explore talks." },
      goals: ["Find a venue sponsor"],
      network: [
        { name: "Gus Ltd", title: null, company: "Gus Ltd", tags: ["Explore mixer mx1a33cs"], priority: "high" },
        {
          name: "Sam Venue",
          title: "Venue manager",
          company: "Hall",
          tags: ["Explore mixer mx1a33cs"],
          priority: "low",
        },
      ],
      attendees: [],
    });
    expect(plan.targets.map((t) => t.name)).toEqual(["Sam Venue"]);
    expect(plan.targets[0]?.reason).toBe("Venue manager at Hall (venue) fits your goal: Find a venue sponsor");
  });
});

describe("the built-in follow-up", () => {
  const input: FollowUpInput = {
    ownerName: "Dana Reyes",
    ownerCard: "Development Director, Harvest Table",
    person: { name: "Lee Chen", company: "Lumen" },
    relationship: "first",
    eventTitle: "Impact Summit",
    shared: { visitorNote: "Loved the panel on school meals", discussed: "a pilot with two schools in spring" },
    nextSteps: nextStepsIn(
      "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)",
      new Date("2026-11-26T12:00:00Z"),
    ).map((s) => s.step),
    interests: ["School meals"],
    mentions: ["Our spring campaign is at https://knowwho.app/fundraising/spring."],
    private: {
      notes: "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)\nHer ED is leaving in March, keep quiet",
      eventDescription: "Goals: meet 3 foundation program officers",
      goals: ["Meet 3 foundation program officers"],
      tags: ["Major gift prospect", "Shared", "New Contact"],
    },
  };

  it("offers the note's promise as the owner's next step without quoting the note", () => {
    const draft = composeFollowUp(input);
    expect(input.nextSteps).toEqual(["I'll get the letter of inquiry over to you by December 10."]);
    expect(draft.body).toContain("I'll get the letter of inquiry over to you by December 10.");
    expect(draft.subject).toBe("Great meeting you at Impact Summit");
    expect(`${draft.subject} ${draft.body}`).not.toMatch(/LOI|15k|hunger grant|ED is leaving|program officers/);
    expect(draftLeaks(draft, input)).toEqual([]);
    expect(draft.body).toContain("Thank you for your note: “Loved the panel on school meals”");
    expect(draft.body).toContain("As we discussed: a pilot with two schools in spring");
    expect(draft.body).toContain("Our spring campaign is at https://knowwho.app/fundraising/spring.");
    expect(draft.body.endsWith("Best,\nDana Reyes\nDevelopment Director, Harvest Table")).toBe(true);
  });

  it("greets, refers back and asks by relationship", () => {
    const last = { kind: "call", on: "Tue, Nov 17", text: "Talked about the spring pilot" };
    const body = (relationship: FollowUpInput["relationship"]) =>
      composeFollowUp({ ...input, relationship, lastInteraction: last, shared: {}, nextSteps: [], mentions: [] }).body;
    expect(body("first")).toMatch(/^Hi Lee,\n\nIt was good to meet you at Impact Summit\./);
    expect(body("again")).toMatch(/^Hi Lee,\n\nIt was great to see you again at Impact Summit\./);
    expect(body("ongoing")).toMatch(
      /^Hi Lee,\n\nThank you for our call on Tue, Nov 17 \(talked about the spring pilot\)\./,
    );
    expect(body("donor")).toMatch(
      /^Dear Lee,\n\nThank you again for your generous support, and for our call on Tue, Nov 17/,
    );
    expect(body("lapsed")).toMatch(/^Hi Lee,\n\nIt has been a while since our call on Tue, Nov 17/);
    expect(new Set(RELATIONSHIPS.map((r) => body(r).split("\n\n").at(-2))).size).toBe(RELATIONSHIPS.length);
  });

  it("is deterministic and fits the schema without any of the optional parts", async () => {
    expect(composeFollowUp(input)).toEqual(composeFollowUp(input));
    const bare = await builtInEngine.followUp({ ownerName: "Dana", person: { name: "Lee" } });
    expect(bare).toEqual({
      subject: "Great to meet you",
      body: "Hi Lee,\n\nIt was good to meet you. I enjoyed hearing about your role.\n\nWould you have 20 minutes next week to continue the conversation?\n\nBest,\nDana",
    });
  });
});

describe("what a draft may say", () => {
  const now = new Date("2026-11-26T12:00:00Z");

  it("finds a private span of four words, but not words both sides know", () => {
    const notes = "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask). Met at Food Summit 2026";
    expect(privateSpans("As we agreed: Send LOI by Dec 10.", [notes], [])).toContain("send loi by dec");
    expect(privateSpans("About the 2027 hunger grant, then", [notes], [])).toEqual(["the 2027 hunger grant"]);
    expect(privateSpans("Good to meet you at Food Summit 2026.", [notes], ["Food Summit 2026"])).toEqual([]);
    expect(privateSpans("Send LOI soon, the hunger grant", [notes], [])).toEqual([]);
  });

  it("names system tags and the owner's own multi-word tags a text repeats", () => {
    expect(systemTagsIn("Since we both care about Imported, New Contact")).toEqual(["New Contact", "Imported"]);
    expect(systemTagsIn("You shared your details and imported nothing")).toEqual([]);
    expect(privateTagsIn("A note to a major gift prospect", ["Major gift prospect", "Food"], [])).toEqual([
      "Major gift prospect",
    ]);
    expect(sharedInterests(["Donor", "Imported", "School meals", "Board"], ["I run school meals in Lyon"])).toEqual([
      "School meals",
    ]);
  });

  it("turns the owner's commitments into to-dos with a due day and a step in their voice, in several languages", () => {
    const steps = nextStepsIn(
      [
        "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)",
        "She'll send the budget next week",
        "TODO: intro to Sam Patel (board chair) before Friday",
        "Enviar propuesta antes del 15 de enero",
        "Gossip: her ED is leaving",
      ].join("\n"),
      now,
    );
    expect(steps).toEqual([
      {
        todo: "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)",
        due: "2026-12-10",
        step: "I'll get the letter of inquiry over to you by December 10.",
      },
      {
        todo: "TODO: intro to Sam Patel (board chair) before Friday",
        due: "2026-11-27",
        step: "I'll make the introduction I mentioned by Friday.",
      },
      {
        todo: "Enviar propuesta antes del 15 de enero",
        due: "2027-01-15",
        step: "I'll get the proposal over to you by January 15.",
      },
    ]);
  });

  it("says a logged line back only when it has no amounts or private markers", () => {
    expect(shareableTopic("Talked about the spring pilot. She may give $25k")).toBe("Talked about the spring pilot");
    expect(shareableTopic("Board is split on the $25k ask")).toBeNull();
    expect(shareableTopic("Confidential: restructuring")).toBeNull();
  });

  it("reads the relationship from real contact", () => {
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000);
    expect(relationshipOf([], { donor: false, now })).toBe("first");
    expect(relationshipOf([{ kind: "capture", at: day(1) }], { donor: false, now })).toBe("first");
    expect(
      relationshipOf(
        [
          { kind: "capture", at: day(1) },
          { kind: "call", at: day(60) },
        ],
        { donor: false, now },
      ),
    ).toBe("again");
    expect(
      relationshipOf(
        [
          { kind: "email", at: day(5) },
          { kind: "call", at: day(40) },
        ],
        { donor: false, now },
      ),
    ).toBe("ongoing");
    expect(relationshipOf([{ kind: "call", at: day(300) }], { donor: false, now })).toBe("lapsed");
    expect(relationshipOf([{ kind: "call", at: day(300) }], { donor: true, now })).toBe("donor");
  });
});
