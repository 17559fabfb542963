import { spawnSync } from 'node:child_process';
import { PYTHON_PATH } from '../../../testing/system.js';

/**
 * Strict well-formedness checks through Python's expat parser (the one feed readers built on
 * feedparser use) and `json.loads` (plus: every JSON string is valid Unicode). Documents are checked in one batch per call, so a property
 * with hundreds of runs spawns Python once.
 */
export interface DocumentToCheck {
  readonly kind: 'xml' | 'json';
  readonly text: string;
}

export interface DocumentProblem {
  readonly index: number;
  readonly error: string;
}

const CHECKER = String.raw`
import json, sys
from xml.dom import minidom
documents = json.loads(sys.stdin.buffer.read().decode('utf-8'))
problems = []
for index, document in enumerate(documents):
    try:
        text = document['text']
        if document['kind'] == 'xml':
            minidom.parseString(text.encode('utf-8'))
        else:
            # Valid JSON whose strings are also valid Unicode: an escaped lone surrogate
            # ("\\ud800") parses, but cannot be encoded, and breaks readers that decode it.
            json.dumps(json.loads(text), ensure_ascii=False).encode('utf-8')
    except Exception as error:
        problems.append({'index': index, 'error': repr(error)[:300]})
print(json.dumps(problems))
`;

export function findMalformed(documents: readonly DocumentToCheck[]): DocumentProblem[] {
  if (documents.length === 0) return [];
  // JSON.stringify escapes lone surrogates (\udxxx), so the batch itself is valid UTF-8 and the
  // documents reach Python exactly as rendered.
  const result = spawnSync(PYTHON_PATH, ['-c', CHECKER], { input: JSON.stringify(documents), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`well-formedness checker failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as DocumentProblem[];
}
