// What a date's own label or attribute says it is when that is not the item's date: a fact about the
// thing (its release, its founding, its deadline), a film's release in cinemas, an end or countdown
// time. Read by item-date.ts and reader-date.ts (date-labels.ts picks among labelled dates).

/**
 * A `data-*` time that names when something ends, not when the item began: a deal badge's
 * countdown ("Ends in <span data-target-time=…>03:00:11</span>"), an auction's or offer's end
 * (`data-end-time`, `data-expires-at`, `data-deadline-date`). Not the item's date.
 */
export const ENDING_ATTRIBUTE = /^data-(?:[\w-]*-)?(?:target|end|ends|ending|expir\w*|deadline|countdown|until|closes?|closing)-/;

/**
 * "Label: value" facts about the item's subject whose date is not the item's: a product's latest
 * or initial release, a birth or founding date, a deadline, an expiry, an event's start or end.
 */
export const FACT_LABEL = /^(latest|initial|first|next|stable|preview)\s+release\s*:|^(born|died|founded|established|birth date|date of birth|deadline|expires?|expiry|valid until|starts?|ends?|due)\s*:/i;

/**
 * A film's release in cinemas, labelled on a film list or board ("上映时间：1993-01-01", "公開日:
 * 2020年8月14日"): the film's date, not the list entry's (sixteenth session). Read in item-date.ts and, for a
 * date-classed element (`<p class="releasetime">`) the list ranking saw, in reader-date.ts.
 */
export const FILM_RELEASE_LABEL = /^\s*(?:上映|公映|首映|公開)(?:时间|時間|日期|日)?\s*[:：]/u;
