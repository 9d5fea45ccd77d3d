import type { FollowUpInput } from "~/lib/assistant/rules";
import {
  type AssistantEngine,
  builtInEngine,
  draftLeaks,
  type EngineName,
  type FollowUp,
  followUpSchema,
  type Plan,
  type PlanInput,
  planSchema,
} from "~/lib/assistant/rules";

export const WORKERS_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";
export const AI_TIMEOUT_MS = 8000;

/** The part of the Workers AI binding we use; the real `Ai` binding satisfies it. */
export type AiBinding = { run(model: string, inputs: Record<string, unknown>): Promise<unknown> };

const SYSTEM =
  "You are a networking assistant for professionals and nonprofit fundraisers. Answer with JSON only, matching the schema you are given. Never invent facts about people beyond the input.";

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Workers AI timed out")), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Workers AI output is text or JSON inside `response`; anything else is a failure. */
function extractJson(output: unknown): unknown {
  const response = (output as { response?: unknown } | null)?.response;
  if (typeof response === "object" && response !== null) return response;
  if (typeof response !== "string") throw new Error("Workers AI gave no response");
  const start = response.indexOf("{");
  const end = response.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("Workers AI gave no JSON");
  return JSON.parse(response.slice(start, end + 1));
}

export function workersAiEngine(ai: AiBinding, timeoutMs = AI_TIMEOUT_MS): AssistantEngine {
  const ask = async (task: string, input: unknown) =>
    extractJson(
      await withTimeout(
        ai.run(WORKERS_AI_MODEL, {
          messages: [
            { role: "system", content: SYSTEM },
            { role: "user", content: `${task}\n\nInput:\n${JSON.stringify(input)}` },
          ],
          max_tokens: 1200,
        }),
        timeoutMs,
      ),
    );
  return {
    name: "workers-ai",
    async plan(input) {
      return planSchema.parse(
        await ask(
          'Write an event networking plan as {"goals": string[], "targets": {"name","reason","source":"network"|"attendees"}[], "talkingPoints": string[], "checklist": string[]}. Targets must be people from the input.',
          input,
        ),
      );
    },
    async followUp(input) {
      const { private: owner, ...shareable } = input;
      const draft = followUpSchema.parse(
        await ask(
          [
            'Write a short, warm follow-up email as {"subject": string, "body": string}, signed by the owner.',
            `The relationship is "${input.relationship ?? "first"}" (first: they just met; again: met again; ongoing: in regular touch; donor: thank them for their support; lapsed: no contact for months): open, refer to the last interaction and ask accordingly.`,
            "SHAREABLE is everything you may say: the event, what the person wrote, what the owner marked as discussed, the owner's next steps (keep them in the owner's voice), interests and mentions (include each mention as given).",
            "PRIVATE is the owner's own context: use it only to judge tone. Never quote, paraphrase or hint at it: no amounts, goals, tags, gossip or reminders from it.",
          ].join(" "),
          { SHAREABLE: shareable, PRIVATE: owner ?? {} },
        ),
      );
      // The privacy rule holds for the model too: a draft repeating a private span is refused.
      const leaks = draftLeaks(draft, input);
      if (leaks.length) throw new Error(`Workers AI quoted private context (${leaks.length} spans)`);
      return draft;
    },
  };
}

export type Assisted<T> = { result: T; engine: EngineName; fallbackReason?: string };

/**
 * Runs the configured engine and falls back to the built-in one on any failure, so a page never
 * depends on a model. The caller shows `engine` to the person.
 */
export function createAssistant(ai: AiBinding | undefined, timeoutMs = AI_TIMEOUT_MS) {
  const primary = ai ? workersAiEngine(ai, timeoutMs) : null;
  async function run<T>(task: (engine: AssistantEngine) => Promise<T>): Promise<Assisted<T>> {
    if (primary) {
      try {
        return { result: await task(primary), engine: primary.name };
      } catch (error) {
        const fallbackReason = error instanceof Error ? error.message : "Workers AI failed";
        return { result: await task(builtInEngine), engine: builtInEngine.name, fallbackReason };
      }
    }
    return { result: await task(builtInEngine), engine: builtInEngine.name };
  }
  return {
    plan: (input: PlanInput): Promise<Assisted<Plan>> => run((e) => e.plan(input)),
    followUp: (input: FollowUpInput): Promise<Assisted<FollowUp>> => run((e) => e.followUp(input)),
  };
}
