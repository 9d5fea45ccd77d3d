/** The guided start after sign-up, in order. Each step's state lives on the server, so it resumes anywhere. */
export const ONBOARDING_STEPS = ["card", "publish", "share", "next", "done"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP_TITLES: Record<Exclude<OnboardingStep, "done">, string> = {
  card: "Your card",
  publish: "Publish it",
  share: "Share it",
  next: "Bring your people",
};

/** 1-based position for "Step 2 of 4"; done is past the end. */
export const stepNumber = (step: OnboardingStep) => ONBOARDING_STEPS.indexOf(step) + 1;
export const STEP_COUNT = ONBOARDING_STEPS.length - 1;
