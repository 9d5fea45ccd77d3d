import { describe, expect, it } from "vitest";
import type { PlanInput } from "~/lib/assistant/rules";
import { type AiBinding, createAssistant, WORKERS_AI_MODEL } from "~/server/assistant/assistant.server";

const input: PlanInput = {
  ownerName: "Amara Reyes",
  event: { title: "Impact Summit", location: "Chicago", description: "Funders and nonprofit leaders" },
  goals: ["Meet foundation program officers", "Find corporate sponsors"],
  network: [
    { name: "Ana Lima", title: "Program Officer", company: "Lumen Foundation", tags: ["funder"], priority: "high" },
    { name: "Zed Park", title: "Engineer", company: "Widgets", tags: [], priority: "low" },
  ],
  attendees: [{ name: "Bo Chen", title: "Head of Sponsorships", company: "Beta Corp" }],
};

/** A stand-in with the real binding's interface: run(model, inputs) resolving to { response }. */
function fakeAi(respond: (model: string, inputs: Record<string, unknown>) => unknown): AiBinding & { calls: number } {
  const binding = {
    calls: 0,
    async run(model: string, inputs: Record<string, unknown>) {
      binding.calls++;
      return respond(model, inputs);
    },
  };
  return binding;
}

describe("assistant engines", () => {
  it("uses the built-in engine when no Workers AI binding is configured, deterministically", async () => {
    const assistant = createAssistant(undefined);
    const a = await assistant.plan(input);
    const b = await assistant.plan(input);
    expect(a.engine).toBe("built-in");
    expect(a.result).toEqual(b.result);
    expect(a.result.targets.map((t) => t.name)).toEqual(["Bo Chen", "Ana Lima"]);
    expect(a.result.targets.find((t) => t.name === "Zed Park")).toBeUndefined();
  });

  it("uses Workers AI when its answer passes the schema", async () => {
    const plan = {
      goals: ["Meet funders"],
      targets: [],
      talkingPoints: ["Ask about their priorities"],
      checklist: ["Publish card"],
    };
    const ai = fakeAi((model, inputs) => {
      expect(model).toBe(WORKERS_AI_MODEL);
      expect(Array.isArray(inputs.messages)).toBe(true);
      return { response: `Here you go:\n${JSON.stringify(plan)}` };
    });
    const out = await createAssistant(ai).plan(input);
    expect(out).toEqual({ result: plan, engine: "workers-ai" });
    expect(ai.calls).toBe(1);
  });

  it("falls back to the built-in engine on invalid output, errors and timeouts", async () => {
    const cases: AiBinding[] = [
      fakeAi(() => ({ response: '{"goals": "not a list"}' })),
      fakeAi(() => ({ response: "I cannot help with that." })),
      fakeAi(() => {
        throw new Error("3040: capacity exceeded");
      }),
      fakeAi(() => new Promise(() => {})),
    ];
    for (const ai of cases) {
      const out = await createAssistant(ai, 50).followUp({
        ownerName: "Amara",
        person: { name: "Bo Chen" },
        eventTitle: "Impact Summit",
      });
      expect(out.engine).toBe("built-in");
      expect(out.fallbackReason).toBeTruthy();
      expect(out.result.subject).toBe("Great meeting you at Impact Summit");
      expect(out.result.body).toMatch(/^Hi Bo,/);
    }
  });
});
