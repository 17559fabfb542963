/**
 * Words the date parser understands, already lower-cased and without diacritics (the parser folds
 * its input the same way, so "März", "marz" and "maerz" all match). English, German, French and
 * Spanish, and Polish, Czech, Turkish, Finnish, Greek and (sixteenth session) Indonesian months
 * (nominative and genitive or partitive: chrono-node has no locale for these languages, and
 * auto-source recognises these dates);
 * abbreviations with or without a trailing dot.
 */
const MONTH_WORDS: readonly (readonly string[])[] = [
  ['january', 'jan', 'januari', 'januar', 'janner', 'jaenner', 'janvier', 'janv', 'enero', 'ene', 'styczen', 'stycznia', 'ocak', 'ledna', 'leden', 'tammikuuta', 'tammikuu', 'ιανουαριος', 'ιανουαριου', 'ιαν'],
  ['february', 'feb', 'februari', 'februar', 'feber', 'fevrier', 'fevr', 'fev', 'febrero', 'luty', 'lutego', 'subat', 'unora', 'unor', 'helmikuuta', 'helmikuu', 'φεβρουαριος', 'φεβρουαριου', 'φεβ'],
  ['march', 'mar', 'maret', 'marz', 'maerz', 'mrz', 'mars', 'marzo', 'marzec', 'marca', 'mart', 'brezna', 'brezen', 'maaliskuuta', 'maaliskuu', 'μαρτιος', 'μαρτιου', 'μαρ'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'kwiecien', 'kwietnia', 'nisan', 'dubna', 'duben', 'huhtikuuta', 'huhtikuu', 'απριλιος', 'απριλιου', 'απρ'],
  ['may', 'mai', 'mei', 'mayo', 'may', 'maj', 'maja', 'mayis', 'mayıs', 'kvetna', 'kveten', 'toukokuuta', 'toukokuu', 'μαιος', 'μαιου', 'μαι'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'czerwiec', 'czerwca', 'haziran', 'cervna', 'cerven', 'kesakuuta', 'kesakuu', 'ιουνιος', 'ιουνιου', 'ιουν'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'lipiec', 'lipca', 'temmuz', 'cervence', 'cervenec', 'heinakuuta', 'heinakuu', 'ιουλιος', 'ιουλιου', 'ιουλ'],
  ['august', 'aug', 'agustus', 'agu', 'agt', 'aout', 'aou', 'agosto', 'ago', 'sierpien', 'sierpnia', 'agustos', 'srpna', 'srpen', 'elokuuta', 'elokuu', 'αυγουστος', 'αυγουστου', 'αυγ'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set', 'wrzesien', 'wrzesnia', 'eylul', 'zari', 'syyskuuta', 'syyskuu', 'σεπτεμβριος', 'σεπτεμβριου', 'σεπ', 'σεπτ'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'pazdziernik', 'pazdziernika', 'ekim', 'rijna', 'rijen', 'lokakuuta', 'lokakuu', 'οκτωβριος', 'οκτωβριου', 'οκτ'],
  ['november', 'nov', 'novembre', 'noviembre', 'listopad', 'listopada', 'kasim', 'kasım', 'listopadu', 'marraskuuta', 'marraskuu', 'νοεμβριος', 'νοεμβριου', 'νοε'],
  ['december', 'dec', 'desember', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'grudzien', 'grudnia', 'aralik', 'aralık', 'prosince', 'prosinec', 'joulukuuta', 'joulukuu', 'δεκεμβριος', 'δεκεμβριου', 'δεκ'],
];

export const MONTHS: ReadonlyMap<string, number> = new Map(
  MONTH_WORDS.flatMap((words, index) => words.map((word) => [word, index + 1] as const)),
);

/** Weekdays and filler words carry no date information and are dropped before parsing. */
export const IGNORED_WORDS: ReadonlySet<string> = new Set([
  'monday', 'mon', 'tuesday', 'tue', 'tues', 'wednesday', 'wed', 'thursday', 'thu', 'thur', 'thurs',
  'friday', 'fri', 'saturday', 'sat', 'sunday', 'sun',
  'montag', 'mo', 'dienstag', 'di', 'mittwoch', 'mi', 'donnerstag', 'do', 'freitag', 'fr', 'samstag',
  'sonnabend', 'sa', 'sonntag', 'so',
  'lundi', 'lun', 'mardi', 'mer', 'mercredi', 'jeudi', 'jeu', 'vendredi', 'ven', 'samedi', 'sam',
  'dimanche', 'dim',
  'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo',
  'δευτερα', 'τριτη', 'τεταρτη', 'πεμπτη', 'παρασκευη', 'σαββατο', 'κυριακη',
  'δευ', 'τρι', 'τετ', 'πεμ', 'παρ', 'σαβ', 'κυρ',
  'at', 'on', 'of', 'the', 'am', 'um', 'uhr', 'le', 'a', 'de', 'del', 'las', 'los', 'la', 'el',
  'posted', 'published', 'updated', 'veroffentlicht', 'aktualisiert', 'publie', 'publicado', 'stand',
]);

/** Zone abbreviations in common use on web pages, as offsets in minutes. */
export const ZONE_ABBREVIATIONS: ReadonlyMap<string, number> = new Map([
  ['z', 0], ['ut', 0], ['utc', 0], ['gmt', 0], ['wet', 0],
  ['est', -300], ['edt', -240], ['cst', -360], ['cdt', -300], ['mst', -420], ['mdt', -360],
  ['pst', -480], ['pdt', -420], ['akst', -540], ['akdt', -480], ['hst', -600],
  ['bst', 60], ['cet', 60], ['mez', 60], ['west', 60], ['cest', 120], ['mesz', 120], ['eet', 120],
  ['eest', 180], ['msk', 180], ['jst', 540], ['kst', 540], ['aest', 600], ['aedt', 660], ['nzst', 720],
  ['nzdt', 780],
]);

/** Unit words of relative dates ("3 hours ago", "vor 2 Tagen", "il y a 3 jours", "hace 2 horas"). */
export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const UNIT_WORDS: Readonly<Record<RelativeUnit, readonly string[]>> = {
  second: ['s', 'sec', 'secs', 'second', 'seconds', 'sek', 'sekunde', 'sekunden', 'seconde', 'secondes', 'segundo', 'segundos', 'detik'],
  minute: ['m', 'min', 'mins', 'minute', 'minutes', 'minuten', 'minuto', 'minutos', 'menit'],
  hour: ['h', 'hr', 'hrs', 'hour', 'hours', 'std', 'stunde', 'stunden', 'heure', 'heures', 'hora', 'horas', 'jam'],
  day: ['d', 'day', 'days', 'tag', 'tage', 'tagen', 'jour', 'jours', 'dia', 'dias', 'hari'],
  week: ['w', 'wk', 'wks', 'week', 'weeks', 'woche', 'wochen', 'semaine', 'semaines', 'semana', 'semanas', 'minggu'],
  month: ['mo', 'month', 'months', 'monat', 'monate', 'monaten', 'mois', 'mes', 'meses', 'bulan'],
  year: ['y', 'yr', 'yrs', 'year', 'years', 'jahr', 'jahre', 'jahren', 'an', 'ans', 'annee', 'annees', 'ano', 'anos', 'tahun'],
};

export const RELATIVE_UNITS: ReadonlyMap<string, RelativeUnit> = new Map(
  (Object.entries(UNIT_WORDS) as [RelativeUnit, readonly string[]][]).flatMap(([unit, words]) =>
    words.map((word) => [word, unit] as const),
  ),
);

/** Number words used instead of a count ("an hour ago", "vor einer Stunde", "il y a un jour"). */
export const COUNT_WORDS: ReadonlyMap<string, number> = new Map([
  ['a', 1], ['an', 1], ['one', 1], ['ein', 1], ['eine', 1], ['einem', 1], ['einer', 1], ['un', 1],
  ['une', 1], ['uno', 1], ['una', 1], ['two', 2], ['zwei', 2], ['deux', 2], ['dos', 2], ['few', 3],
]);

/** Day words relative to today, as day offsets. */
export const DAY_WORDS: ReadonlyMap<string, number> = new Map([
  ['today', 0], ['heute', 0], ["aujourd'hui", 0], ['aujourdhui', 0], ['hoy', 0],
  ['yesterday', -1], ['gestern', -1], ['hier', -1], ['ayer', -1],
  ['vorgestern', -2], ['avant-hier', -2], ['anteayer', -2], ['antier', -2],
  ['tomorrow', 1], ['morgen', 1], ['demain', 1], ['manana', 1],
]);

/** Phrases meaning "now". */
export const NOW_WORDS: ReadonlySet<string> = new Set([
  'now', 'just now', 'right now', 'gerade eben', 'soeben', 'jetzt', "a l'instant", 'maintenant', 'ahora',
  'ahora mismo', 'justo ahora',
]);
