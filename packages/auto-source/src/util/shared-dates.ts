/**
 * A structured-data date that every item of a list shares (issue 17, thirteenth session): a tour
 * list's JSON-LD gives each `Event` the same `startDate` — a placeholder the cards never show, not
 * the day a person reads on any of them. When at least `SHARED_MINIMUM` entries carry a date and
 * every one is the same text, the value says nothing about any single item and dates none of them.
 * Dates that differ anywhere in the list are kept as they are.
 */
const SHARED_MINIMUM = 3;

export function isSharedDate(values: readonly string[]): boolean {
  if (values.length < SHARED_MINIMUM) return false;
  const first = values[0]!.trim();
  return values.every((value) => value.trim() === first);
}

/** Removes `published_at` from every draft when the drafts' dates are one shared value. */
export function withoutSharedDate(drafts: readonly { published_at?: Date | string | undefined }[]): void {
  const values = drafts.map((draft) => draft.published_at).filter((value): value is string => typeof value === 'string');
  if (values.length !== drafts.filter((draft) => draft.published_at !== undefined).length) return;
  if (!isSharedDate(values)) return;
  for (const draft of drafts) delete draft.published_at;
}
