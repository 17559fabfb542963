import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FetchResult } from '../contracts/fetch.js';
import { parseDocument } from 'htmlparser2';
import type { SourceDocument } from '../contracts/document.js';
import { detectBlockedDocument, detectBlockedSurface, markCheckedDocument } from './index.js';
import { CORPUS_DIR, SHARED_AVAILABLE } from '../../../../testing/paths.js';

const CORPUS = CORPUS_DIR;
const available = SHARED_AVAILABLE;

interface Truth {
  readonly file: string;
  readonly kind: string;
  readonly url: string;
}

const truths: Truth[] = available
  ? readdirSync(join(CORPUS, 'truth'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(CORPUS, 'truth', name), 'utf8')) as Truth)
  : [];

function corpusResult(truth: Truth): FetchResult {
  // latin1 keeps every byte; the signals are ASCII, so the page's own encoding does not matter here.
  const body = readFileSync(join(CORPUS, 'pages', truth.file), 'latin1');
  const contentType = truth.file.endsWith('.json') ? 'application/json' : 'text/html';
  return { url: truth.url, status: 200, headers: { 'content-type': contentType }, body, contentType };
}

function page(body: string, status = 200, headers: Record<string, string> = {}): FetchResult {
  return { url: 'https://example.org/list', status, headers, body, contentType: 'text/html' };
}

describe.skipIf(!available)('detectBlockedSurface over the corpus', () => {
  it('has challenge pages to check', () => {
    expect(truths.filter((truth) => truth.kind === 'challenge').length).toBeGreaterThanOrEqual(5);
  });

  for (const truth of truths) {
    const expected = truth.kind === 'challenge';
    it(`${expected ? 'blocks' : 'passes'} ${truth.file} (${truth.kind})`, () => {
      const error = detectBlockedSurface(corpusResult(truth));
      if (!expected) {
        expect(error?.message).toBeUndefined();
        return;
      }
      expect(error?.code).toBe('BlockedSurface');
      expect(error?.class).toBe('blocked_surface');
      expect(error?.hint).toContain("retry with strategy 'renderer'");
      expect(error?.message).toMatch(/^Blocked surface likely: Cloudflare .+ at https?:\/\//);
    });
  }
});

const filler = '<p>' + 'A long article paragraph about gardening and weather. '.repeat(60) + '</p>';
const links = Array.from({ length: 20 }, (_, index) => `<a href="/post/${index}">Post ${index}</a>`).join('');

describe('detectBlockedSurface by vendor', () => {
  const blocked: Array<[string, FetchResult, RegExp]> = [
    ['Cloudflare header', page('<html><body>hi</body></html>', 403, { 'cf-mitigated': 'challenge' }), /Cloudflare/],
    ['DataDome captcha', page('<html><script src="https://ct.captcha-delivery.com/c.js"></script></html>', 403), /DataDome/],
    ['DataDome captcha settings', page("<html><p id=\"cmsg\">x</p><script>var dd={'rt':'c','host':'geo.captcha-delivery.com','cid':'a'}</script></html>", 403), /DataDome/],
    ['DataDome captcha frame', page('<html><body><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=a"></iframe></body></html>'), /DataDome/],
    ['DataDome header', page('<html></html>', 403, { 'x-datadome': 'protected' }), /DataDome/],
    [
      'Akamai access denied',
      page('<html><head><title>Access Denied</title></head><body>You don\'t have permission to access "http://x/" on this server.<p>Reference #18.1</body></html>', 403),
      /Akamai/,
    ],
    ['PerimeterX', page('<html><body><div id="px-captcha"></div>Press &amp; Hold</body></html>', 403), /PerimeterX/],
    ['Vercel header', page('<html></html>', 429, { 'x-vercel-mitigated': 'challenge' }), /Vercel/],
    ['Vercel page', page('<html><title>Vercel Security Checkpoint</title>Vercel Security Checkpoint</html>'), /Vercel/],
    ['Sucuri', page('<html><title>Sucuri WebSite Firewall - Access Denied</title></html>', 403), /Sucuri/],
    ['Incapsula incident', page('<html>Request unsuccessful. Incapsula incident ID: 123</html>'), /Imperva/],
    ['Incapsula iframe', page('<html><iframe src="/_Incapsula_Resource?SWUDNSAI=31"></iframe></html>'), /Imperva/],
    ['AWS WAF', page('<html><script>window.gokuProps = {}</script></html>', 405), /AWS WAF/],
    ['Anubis', page('<html><script id="anubis_challenge" type="application/json">{}</script></html>'), /Anubis/],
    ['Turnstile wall', page('<html><div class="cf-turnstile" data-sitekey="x"></div></html>'), /Turnstile/],
    ['reCAPTCHA wall', page('<html><title>Security check</title><div class="g-recaptcha" data-sitekey="x"></div></html>'), /reCAPTCHA/],
    ['hCaptcha wall', page('<html><div class="h-captcha" data-sitekey="x"></div></html>', 403), /hCaptcha/],
    ['Wordfence', page('<html><title>example.org</title><h1>Your access to this site has been limited by the site owner</h1></html>', 503), /Wordfence/],
    ['Kasada', page('<html></html>', 429, { 'x-kpsdk-ct': 'abc' }), /Kasada/],
    ['DDoS-Guard', page('<html><title>DDoS-Guard</title></html>', 403), /DDoS-Guard/],
    ['Google unusual traffic', page('<html>Our systems have detected unusual traffic from your computer network.</html>', 429), /Google/],
    ['Cloudflare 1020', page('<html><title>Access denied | example.org used Cloudflare to restrict access</title></html>', 403), /Cloudflare/],
    ['generic title', page('<html><title>Are you a robot?</title><body>Please confirm.</body></html>'), /unknown vendor/],
    [
      'CloudFront WAF block',
      page('<html><title>ERROR: The request could not be satisfied</title><h1>403 ERROR</h1>Request blocked. Try again later.<pre>Generated by cloudfront (CloudFront)</pre></html>', 403),
      /CloudFront WAF/,
    ],
    [
      'a security-service block notice on a thin page',
      page('<html><title>Shield</title><h1>Access Denied</h1><p>shop.example is using a security service for protection against online attacks.</p></html>'),
      /security-service block notice/,
    ],
    ['AWS WAF integration on an empty page', page('<html><head><script>window.awsWafCookieDomainList = [];</script></head><body></body></html>', 202), /AWS WAF/],
    ['Kasada script on an empty page', page('<html><head><script>window.KPSDK={};KPSDK.start=1;</script><script src="/a/b/ips.js"></script></head><body></body></html>'), /Kasada/],
    ['DDoS-Guard script path', page('<html><head><script src="/.well-known/ddos-guard/js-challenge/index.js"></script></head><body></body></html>'), /DDoS-Guard/],
    ['DDoS-Guard server on a 403', page('<html><body>Please wait.</body></html>', 403, { server: 'ddos-guard' }), /DDoS-Guard/],
    ['SiteGround captcha redirect', page('<html><head><meta http-equiv="refresh" content="0;/.well-known/sgcaptcha/?r=%2F"></head></html>', 202), /SiteGround/],
    ['DataDome wording on a thin page', page('<html><head><title>example.org</title></head><body><p id="cmsg">Please enable JS and disable any ad blocker</p></body></html>'), /DataDome/],
    ['a 403 asking for a captcha, no vendor named', page('<html><title>Shop</title><body><h1>One moment</h1><p>Solve the captcha below to continue.</p><form></form></body></html>', 403), /bot-wall wording/],
    ['a 429 saying automated requests were blocked', page('<html><body><p>Too many automated requests from your network.</p></body></html>', 429), /bot-wall wording/],
    [
      'a 403 whose only content is a script computing a cookie',
      page('<html><head><meta http-equiv="refresh" content="10;URL=/x7q"></head><body><script>var k=sign(navigator.userAgent);document.cookie="k="+k;location.href=location.href;</script></body></html>', 403),
      /textless script challenge/,
    ],
    [
      'a thin 403 asking, in Russian, to wait and reload the page (no vendor named)',
      page('<html><head><title>Доступ ограничен</title></head><body><h1>Доступ ограничен</h1><p>Подождите немного и обновите страницу.</p><a href="/help">Помощь</a></body></html>', 403),
      /interstitial prompt/,
    ],
    [
      'a thin 403 whose only content is one button to go on',
      page('<html><head><title>Shop</title></head><body><h4>Click the button below to continue shopping</h4><form action="/go"><button type="submit">Continue</button></form></body></html>', 403),
      /interstitial prompt/,
    ],
    [
      "a 403 robot check loading a vendor's slide captcha (GeeTest)",
      page('<html><head><title>Shop</title><script src="https://static.geetest.com/static/tools/gt.js"></script></head><body><h1>One more step</h1><div id="box"></div><script>initGeetest({gt: "x"}, function (c) {})</script></body></html>', 403),
      /GeeTest/,
    ],
    [
      "a site's own error page with a Cloudflare Ray ID (thin, no status to go by)",
      page('<html><head><title>Shop – Error</title></head><body><h1>An error occurred. We will be right back.</h1><p>Client IP: 192.0.2.1</p><p>Cloudflare Ray ID: 0123456789abcdef</p></body></html>'),
      /Ray ID/,
    ],
    [
      'the same error page whose script holds twenty phone links to write in (links in a script are not links a person sees)',
      page(`<html><head><title>Shop – Error</title><script>var hotlines = ${JSON.stringify(Array.from({ length: 20 }, (_, index) => `<a href="tel:+100${index}">+100 ${index}</a>`))};</script></head><body><h1>An error occurred.</h1><p>Cloudflare Ray ID: 0123456789abcdef</p></body></html>`),
      /Ray ID/,
    ],
    [
      'a 503 spinner that reloads itself',
      page('<html><head><noscript><meta http-equiv="refresh" content="0; url=/abc"></noscript><style>.s{}</style></head><body><div class="s"></div><script src="/fp.js"></script><script>setTimeout(function(){location.reload()},900)</script></body></html>', 503),
      /textless script challenge/,
    ],
  ];
  for (const [name, result, vendor] of blocked) {
    it(`blocks ${name}`, () => {
      const error = detectBlockedSurface(result);
      expect(error?.message).toMatch(vendor);
      expect(error?.message).toContain('at https://example.org/list');
    });
  }

  const normal: Array<[string, FetchResult]> = [
    ['a long page with a reCAPTCHA comment form', page(`<html><title>Blog</title>${filler}${links}<div class="g-recaptcha"></div></html>`)],
    ['a listing behind Incapsula', page(`<html><script src="/_Incapsula_Resource?SWJIYLWA=1"></script>${filler}${links}</html>`)],
    ['a page on the Cloudflare CDN', page(`<html><script src="/cdn-cgi/scripts/email-decode.min.js"></script>${links}${filler}</html>`)],
    ['a plain 403 without vendor marks', page('<html><title>Forbidden</title>No.</html>', 403)],
    ['a DataDome-protected normal page', page(`<html>${filler}</html>`, 200, { 'x-datadome': 'protected' })],
    [
      'a listing whose content-security policy allows the DataDome captcha hosts',
      page(`<html><head><meta http-equiv="Content-Security-Policy" content="frame-src https://geo.captcha-delivery.com https://ct.captcha-delivery.com *.stripe.com; script-src 'self'"></head><body>${links}${filler}</body></html>`),
    ],
    ['a plain 403 saying access is forbidden', page('<html><title>403 Forbidden</title><h1>Forbidden</h1><p>You don\'t have permission to access / on this server.</p></html>', 403)],
    ['a 503 maintenance page', page('<html><title>Down for maintenance</title><p>We will be back in an hour.</p></html>', 503)],
    ['a CloudFront gateway error', page('<html><title>ERROR: The request could not be satisfied</title><h1>504 Gateway Timeout ERROR</h1>We can\'t connect to the server.</html>', 504)],
    ['a 200 page whose text mentions a captcha', page('<html><title>Help</title><p>If you see a captcha, solve it.</p></html>')],
    ['a long help page quoting the ad-blocker notice', page(`<html><p>If you see "Please enable JS and disable any ad blocker", reload.</p>${filler}${links}</html>`)],
    ['a long page loading the AWS WAF SDK', page(`<html><script>AwsWafIntegration.getToken();</script>${filler}${links}</html>`)],
    ['a 403 page that says why, with a script', page('<html><title>403 Forbidden</title><body><h1>Access to this site is forbidden</h1><script>location.href="/"</script></body></html>', 403)],
    ['a textless 200 page that sets a cookie (an app shell, not a wall)', page('<html><body><div id="root"></div><script>document.cookie="seen=1"</script></body></html>')],
    ['a textless 403 without script or refresh', page('<html><body></body></html>', 403)],
    ['a long page whose sidebar links the GeeTest vendor', page(`<html><title>Blog</title>${filler}${links}<a href="http://www.geetest.com/?ref=blog"><img src="/sponsor.png"></a></html>`, 403)],
    ["an origin's 522 behind Cloudflare's error page (a server error, not a wall)", page('<html><title>example.org | 522: Connection timed out</title><p>Connection timed out</p><p>Cloudflare Ray ID: 0123456789abcdef</p></html>', 522)],
    ['a long 403 page whose text asks to enable cookies', page(`<html><title>News</title><p>Please enable cookies to turn autoplay off.</p>${filler}${links}</html>`, 403)],
    ['a thin 200 page asking to wait and reload (the guard reads prompts with a refusing status only)', page('<html><body><p>Please wait a moment and reload the page.</p></body></html>')],
  ];
  for (const [name, result] of normal) {
    it(`passes ${name}`, () => {
      expect(detectBlockedSurface(result)).toBeUndefined();
    });
  }
});

describe('detectBlockedSurface on a result it has seen before', () => {
  const page = (body: string, status = 200): FetchResult => ({ url: 'https://example.com/', status, headers: {}, body, contentType: 'text/html' });
  const challenge = '<html><head><title>Just a moment...</title></head><body><div id="cf-challenge-running"></div></body></html>';

  it('gives the same verdict the second time (the guard and the engine both ask)', () => {
    const clean = page('<html><body><ul><li><a href="/a">A</a></li></ul></body></html>');
    expect(detectBlockedSurface(clean)).toBeUndefined();
    expect(detectBlockedSurface(clean)).toBeUndefined();
    const blocked = page(challenge, 403);
    expect(detectBlockedSurface(blocked)?.code).toBe('BlockedSurface');
    expect(detectBlockedSurface(blocked)?.code).toBe('BlockedSurface');
  });

  it('judges each result object by its own content', () => {
    expect(detectBlockedSurface(page('<html><body>ordinary</body></html>'))).toBeUndefined();
    expect(detectBlockedSurface(page(challenge, 403))?.code).toBe('BlockedSurface');
  });
});

describe('detectBlockedSurface on long pages', () => {
  const longPage = (marker: string, where: 'head' | 'middle' | 'tail'): FetchResult => {
    const filler = '<p><a href="/x">An ordinary paragraph of an ordinary long article.</a></p>\n'.repeat(2_000);
    const parts = { head: [marker, filler, filler], middle: [filler, marker, filler], tail: [filler, filler, marker] }[where];
    const body = `<html><head><title>Long page</title></head><body>${parts.join('')}</body></html>`;
    return { url: 'https://example.com/long', status: 200, headers: {}, body, contentType: 'text/html' };
  };
  const challengeScript = '<script>window._cf_chl_opt = { cType: "managed" };</script>';

  it('finds a challenge token at the start or the end of a long body', () => {
    expect(detectBlockedSurface(longPage(challengeScript, 'head'))?.code).toBe('BlockedSurface');
    expect(detectBlockedSurface(longPage(challengeScript, 'tail'))?.code).toBe('BlockedSurface');
  });

  it('does not read the middle of a long page: a token there is content, not a wall', () => {
    expect(detectBlockedSurface(longPage(challengeScript, 'middle'))).toBeUndefined();
  });

  it('uses the whole body for the interstitial shape of a suggestive signal', () => {
    // A reCAPTCHA widget at the top of a long page full of links is a login form, not a wall.
    expect(detectBlockedSurface(longPage('<div class="g-recaptcha"></div>', 'head'))).toBeUndefined();
  });
});

describe('detectBlockedDocument', () => {
  const challenge = '<html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={}</script></body></html>';
  const document = (html: string): SourceDocument => ({ kind: 'html', url: 'https://example.com/', html, document: parseDocument(html) });

  it('checks the text of a document it was not told about', () => {
    expect(detectBlockedDocument(document(challenge))?.code).toBe('BlockedSurface');
    expect(detectBlockedDocument(document('<html><body><a href="/a">a</a></body></html>'))).toBeUndefined();
  });

  it('trusts a document the engine parsed from a checked source', () => {
    const checked = document('<html><body><a href="/a">a</a></body></html>');
    markCheckedDocument(checked);
    expect(detectBlockedDocument(checked)).toBeUndefined();
  });
});
