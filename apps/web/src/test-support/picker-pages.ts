/**
 * Corpus pages where automatic extraction does not give what a person wants (or whose items are
 * pairs of elements, which the picker must handle), with what the
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
  /** Clicks allowed in all (Preview, Pick, the page's clicks, Create); 5 unless the page needs more. */
  readonly maxClicks?: number;
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
  {
    name: 'welt',
    file: 'html2rss__welt_de.html',
    why: 'a news homepage with about 200 teasers in some 40 sections: auto-source takes 97 of them from all sections; a reader who follows one subject wants one section (here the three teasers under "Wirtschaft", the economy)',
    clicks: [{ name: 'headline', frame: 'section[data-external-stage-name="wirtschaft"] h4 a', nth: 0 }],
    expected: {
      titles: ['„Die Plattformen verdienen ihr Geld damit, dass sie Leute ausspionieren“', 'Kurz vor dem Schmelzpunkt', 'Totale Abhängigkeit von China – der vergessene Schlüssel-Rohstoff für E-Autos'],
      urls: (origin) => [
        `${origin}/gesundheit/plus251291164/TikTok-Die-Plattformen-verdienen-ihr-Geld-damit-dass-sie-Leute-ausspionieren.html`,
        `${origin}/regionales/nrw/article251313166/Thyssenkrupp-Stahlkocher-in-NRW-machen-mobil-gegen-Plaene-von-Thyssenkrupp.html`,
        `${origin}/wirtschaft/plus251311318/Elektroautos-Abhaengigkeit-von-China-der-vergessene-Schluessel-Rohstoff.html`,
      ],
      itemsSelectorContains: 'section[data-external-stage-name=\\"wirtschaft\\"]',
    },
  },
  {
    name: 'spotify',
    file: 'feedless__02-spotify-com.html',
    why: 'a client-rendered app: auto-source stops with an app_shell error, although the server HTML holds the two latest episodes; picking them from the failure gives a feed of them (with the renderer the page would show more)',
    clicks: [
      { name: 'title', frame: 'span.track-name', nth: 0 },
      { name: 'date', frame: 'span.artists-albums', nth: 1 },
    ],
    expected: {
      titles: [
        'Episode 2: Legalizing the illegal: the invisible foundation for building, expanding and maintaining the settlement project',
        'Episode 1: Who started it? Gershom Gorenberg on the state, the settlers and the ideology of Israeli settlements',
      ],
      urls: (origin) => [`${origin}/episode/1oQdQ3gWA4Scx3lHq972i3?si=QXk3XJZHTJ60dncN1d2eeQ`, `${origin}/episode/077Dw15hKhS6r8KFOkDxfO?si=QXk3XJZHTJ60dncN1d2eeQ`],
      dates: ['2020-11-05', '2020-11-05'],
      itemsSelectorContains: 'li.tracklist-row',
    },
  },
  {
    name: 'arxiv',
    file: 'feedless__08-arxiv-org.html',
    why: 'a listing of dt/dd pairs: each paper’s link is in the dt and its title in the dd after it, so the title lies outside the item (auto-source reads this page right; a person picking it by hand must be able to as well). The picked title keeps the page’s own "Title:" label, which sits in the same element',
    clicks: [
      { name: 'item', frame: 'dl > dt a[name]', nth: 1 },
      { name: 'link', frame: 'dl > dt a[title="Abstract"]', nth: 1 },
      { name: 'title-step', button: 'Title (picked)' },
      { name: 'title', frame: 'dd div.list-title', nth: 1 },
    ],
    // The item, its link and its title are three places here, and the title step is chosen by hand.
    maxClicks: 7,
    expected: {
      titles: [
        'Title: Ideal approach to convergence in functional spaces',
        'Title: Universal Alexandroff hyperspaces',
        'Title: Constructions of Lindelöf scattered P-spaces',
        'Title: On the weak pseudoradiality of CSC spaces',
        'Title: Types, transversals and definable compactness in o-minimal structures',
        'Title: Hofmann-Mislove theorem for approach spaces',
        'Title: About the Metric Space of Merge Trees with the Edit Distance',
        'Title: Porosities of the sets of attractors',
        'Title: Comparison of the sets of attractors for systems of contractions and weak contractions',
        'Title: Borel complexity of the family of attractors for weak IFSs',
        'Title: Topological properties of closed weakly $m$-convex sets',
      ],
      urls: (origin) => ['2111.05049', '2111.04832', '2111.05038', '2111.03783', '2111.03802', '2111.02665', '2111.02738', '2111.01927', '2111.01925', '2111.01921', '2111.01574'].map((id) => `${origin}/abs/${id}`),
      itemsSelectorContains: 'dt',
    },
  },
];
