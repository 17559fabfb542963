/**
 * Corpus pages where automatic extraction does not give what a person wants, with what the
 * person wants (written from reading the page, before the picker ran on it) and the clicks a
 * person makes in the picker. Pages come from `shared/corpus` (never copied into the repository).
 */
export interface PickerClick {
  readonly name: string;
  /** A selector inside the snapshot frame (the element a person would click), or … */
  readonly frame?: string;
  readonly nth?: number;
  /** … a button of the picker by its name. */
  readonly button?: string;
}

export interface PickerPage {
  readonly name: string;
  readonly file: string;
  /** Why auto-extraction is not what a person wants here. */
  readonly why: string;
  readonly clicks: readonly PickerClick[];
  readonly expected: {
    readonly titles: readonly string[];
    readonly urls?: (origin: string) => readonly string[];
    /** YYYY-MM-DD of each item. */
    readonly dates?: readonly string[];
    /** A piece of the generated items selector (its stable hook). */
    readonly itemsSelectorContains: string;
  };
}

export const PICKER_PAGES: readonly PickerPage[] = [
  {
    name: 'daringfireball',
    file: 'rsparser__daringfireball_home.html',
    why: 'auto-source takes the much longer "linked list" (40 short entries linking to other sites, no dates); a reader of the site wants its own articles, with their dates',
    clicks: [
      { name: 'headline', frame: 'div.article h1 a', nth: 1 },
      { name: 'date', frame: 'div.article h6.dateline', nth: 1 },
    ],
    expected: {
      titles: ['On the San Bernardino Suspect’s Apple ID Password Reset', 'Apple’s App Problem', 'Why Apple Assembles in China'],
      urls: () => [
        'http://daringfireball.net/2016/02/san_bernardino_password_reset',
        'http://daringfireball.net/2016/02/apples_app_problem',
        'http://daringfireball.net/2016/01/why_apple_assembles_in_china',
      ],
      dates: ['2016-02-21', '2016-02-03', '2016-01-20'],
      itemsSelectorContains: 'div.article',
    },
  },
];
