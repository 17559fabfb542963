import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

const scripts = (count: number) => Array.from({ length: count }, (_, index) => `<script src="/static/chunk-${index}.js"></script>`).join('');
const footer = (count: number) =>
  `<div class="links"><ul>${Array.from({ length: count }, (_, index) => `<li><a href="/about/page-${index}">About us, part ${index + 1}</a></li>`).join('')}</ul></div>`;

describe('walls and loaders: what the page asks of the visitor', () => {
  it("calls a search's loader that says \"just a moment\" while it finds results an app shell, not a wall", async () => {
    const loader = `<html><head><title></title>${scripts(12)}</head><body><div class="list-placeholder"><div class="spinner"></div><h3>Just a moment!</h3><p>We're finding great stays for your dates.</p></div></body></html>`;
    expect(await classOf(loader)).toBe('app_shell');
  });

  it('still calls a page titled "Just a moment..." blocked', async () => {
    expect(await classOf(`<html><head><title>Just a moment...</title>${scripts(2)}</head><body><div class="box"></div></body></html>`)).toBe('blocked_surface');
  });

  it("calls a site's own thin error page with a Cloudflare Ray ID blocked, not an app shell", async () => {
    const page = `<html><head><title>Shop – Error</title>${scripts(20)}</head><body><p><strong><script>document.write(t)</script></strong></p><p>Client IP: 192.0.2.1</p><p>Cloudflare Ray ID: 0123456789abcdef</p></body></html>`;
    expect(await classOf(page)).toBe('blocked_surface');
  });

  it('calls a page that shows nothing yet (its text hidden until a timer, a redirect for browsers without JavaScript) and sets a cookie a JavaScript check', async () => {
    const check = `<html><head><title>Search</title></head><body><noscript><meta http-equiv="refresh" content="0;url=/retry?js=1"><div>Please click <a href="/retry?js=1">here</a> if you are not redirected.</div></noscript>
      <script>var c="SG="+Date.now();document.cookie=c;</script><div id="x1" style="display:none">Still on this page? <a href="/retry">Try again</a> or send <a href="/feedback">feedback</a>.</div></body></html>`;
    expect(await classOf(check)).toBe('blocked_surface');
  });

  it('calls a wall asking, in Spanish, whether the visitor is a person, with a footer of links, blocked', async () => {
    const columns = ['Nosotros', 'Ayuda', 'Seguridad', 'Condiciones legales', 'Privacidad', 'Cookies', 'Publicidad', 'Prensa', 'Contacto', 'Blog', 'Empresas', 'Formación']
      .map((label, index) => `<li><a href="/${['ayuda', 'legal', 'prensa', 'empresa'][index % 4]}/${label.toLowerCase().replace(/ /g, '-')}">${label}</a></li>`)
      .join('');
    const wall = `<html><head><title>Empleo</title>${scripts(10)}</head><body><div class="box"><h1>¿Eres humano o un robot?</h1><p>Hemos detectado una actividad poco habitual y necesitamos comprobar que no eres una máquina.</p><div id="box"></div><a href="/retry">Reintentar</a></div><div class="bottom"><ul>${columns}</ul></div></body></html>`;
    expect(await classOf(wall)).toBe('blocked_surface');
  });

  it("keeps a short blog post with a comment form's captcha box a page, not a wall", async () => {
    const post = `<html><head><title>Back again - a blog</title></head><body><h1>Back again</h1><p class="meta">By Billy on September 10, 2008</p><p>${'They finally let the film back up after the complaint was withdrawn. '.repeat(3)}</p>
      <form action="/comments"><textarea name="c"></textarea><div class="comment-captcha"><img src="/captcha.png"></div><input type="submit"></form>${footer(24)}</body></html>`;
    expect(await classOf(post)).not.toBe('blocked_surface');
  });
});
