/**
 * The document with its CDATA sections taken out: what is left is markup and escaped text, where a
 * `]]>` would be a well-formedness error (a CDATA section ends at its first `]]>`, as XML reads it).
 */
export function outsideCharacterData(document: string): string {
  return document.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
}
