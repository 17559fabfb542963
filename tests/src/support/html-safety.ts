import { Parser } from 'htmlparser2';

/**
 * What a browser or feed reader could execute in an item's HTML, found with a real HTML parser
 * (htmlparser2 decodes entities in attribute values, so `&#106;avascript:` is seen as
 * `javascript:`). Returns one line per finding; empty means safe.
 */
const EXECUTABLE_TAGS = new Set(['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'link', 'meta', 'base', 'form', 'frame', 'frameset', 'applet', 'template']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'xlink:href', 'data', 'srcset', 'lowsrc', 'dynsrc']);

/** Browsers drop ASCII whitespace and control characters inside a scheme before comparing it. */
function schemeOf(value: string): string {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1] ?? '';
}

export function findExecutableHtml(html: string): string[] {
  const findings: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (EXECUTABLE_TAGS.has(name)) findings.push(`<${name}> element`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) findings.push(`event handler ${attribute}="${value}" on <${name}>`);
          if (attribute === 'style' && /expression|url\s*\(/i.test(value)) findings.push(`style with code or URL on <${name}>`);
          if (!URL_ATTRIBUTES.has(attribute)) continue;
          for (const candidate of attribute === 'srcset' ? value.split(',') : [value]) {
            const scheme = schemeOf(candidate.trim());
            if (scheme === 'javascript' || scheme === 'vbscript') findings.push(`${scheme}: URL in ${attribute} of <${name}>`);
            if (scheme === 'data' && !(name === 'img' && /^data:image\/(png|jpe?g|gif|webp|avif|bmp)[;,]/i.test(candidate.trim()))) {
              findings.push(`data: URL in ${attribute} of <${name}>`);
            }
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return findings;
}
