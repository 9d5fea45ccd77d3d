/** pass.json's opening, the same on every pass of ours: the format, our pass type and team, the pass's serial. */
export const passHeader = (config: { passTypeId: string; teamId: string }, serial: string) => ({
  formatVersion: 1,
  passTypeIdentifier: config.passTypeId,
  teamIdentifier: config.teamId,
  serialNumber: serial,
});

/** One field of a pass, or none when there is nothing to show in it. */
export const passField = (key: string, label: string, value: string | null | undefined) =>
  value ? [{ key, label, value }] : [];
