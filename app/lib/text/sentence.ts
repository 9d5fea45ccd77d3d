/** A sentence ending in a name: "…gave to Food Bank, Inc." keeps the name's own full stop rather than gaining a second. */
export const endSentence = (text: string) => (/[.!?。！？]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
