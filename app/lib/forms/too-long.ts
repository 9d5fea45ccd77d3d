/** The message every form shows for text over its limit, in one place so each field says it the same way. */
export const tooLong = (max: number) => `Must be at most ${max} characters`;
