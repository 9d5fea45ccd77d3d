// Apart from the team rules, so the signed-in layout's script carries no form schema or file reader with it.
/**
 * Where a member still without a second factor may go while working in a team that requires one: setting one up, switching
 * workspace, and the team's sign-in settings (its admins may change the rule; others get its 404).
 */
export const SECOND_FACTOR_FREE = /^\/(settings\/account|teams|teams\/[^/]+\/sign-in)(\.data)?\/?$/;
