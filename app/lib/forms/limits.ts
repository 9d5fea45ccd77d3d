/**
 * Name lengths that a schema checks and an input's `maxLength` repeats: one number each, so a field never lets
 * a person type what its check then refuses. No zod here, so any page's script may import it.
 */
/** A person naming themselves: an account, a review, a help request, a registration (the spec's name rule). */
export const PERSON_NAME_MAX = 100;
/** A name written by someone else: a person in the network, a donor, the one a gift honours. */
export const NAME_MAX = 120;
