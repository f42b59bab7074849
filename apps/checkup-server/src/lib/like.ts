/** What a user typed, for a LIKE pattern: its own %, _ and \ match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
