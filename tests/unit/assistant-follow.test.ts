import { describe, expect, it } from "vitest";
import { builtInEngine, commitmentsIn, composeFollowUp, goalsFromDescription } from "~/lib/assistant";

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

describe("the built-in follow-up", () => {
  const input = {
    ownerName: "Dana Reyes",
    person: { name: "Lee Chen", company: "Lumen", notes: "Send LOI by Dec 10\nLikes trail running" },
    eventTitle: "Impact Summit",
    eventDescription: "Funders and nonprofit leaders on climate education. Two days.",
    lastInteraction: { kind: "call", on: "Tue, Nov 17", text: "Talked budgets." },
    sharedTags: ["Education"],
    mentions: ["Our spring campaign is at https://knowwho.app/fundraising/spring."],
  };

  it("keeps the notes' promise in their words and uses the event, last interaction, tags and mentions", () => {
    const draft = composeFollowUp(input);
    expect(commitmentsIn(input.person.notes)).toEqual(["Send LOI by Dec 10"]);
    expect(draft.subject).toBe("Impact Summit: Send LOI by Dec 10");
    expect(draft.body).toContain("As we agreed: Send LOI by Dec 10.");
    expect(draft.body).toContain("funders and nonprofit leaders on climate education");
    expect(draft.body).toContain("our call on Tue, Nov 17 (Talked budgets)");
    expect(draft.body).toContain("Education");
    expect(draft.body).toContain("Our spring campaign is at https://knowwho.app/fundraising/spring.");
    expect(draft.body.endsWith("Best,\nDana Reyes")).toBe(true);
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
