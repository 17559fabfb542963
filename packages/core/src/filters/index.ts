export { selectItems, selectsSomething, FILTER_FIELDS, DEFAULT_FILTER_FIELDS, type ItemSelection, type FilterField } from './filter-items.js';
export { compileFilterPattern, FilterPatternError, MAX_PATTERN_LENGTH, type FilterPattern } from './pattern.js';
export { parseDuration } from './duration.js';
export { selectionFromQuery, SELECTION_PARAMETERS } from './query.js';
