import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

const scripts = (count: number) => Array.from({ length: count }, (_, index) => `<script src="/static/chunk-${index}.js"></script>`).join('');
const prose = 'The office keeps the accounts of three client companies and prepares their monthly reports for the board. ';

describe('walls and shells read as a person sees the page (sixteenth session)', () => {
  it('does not call a job page a wall for the captcha line of its hidden apply form', async () => {
    const page = `<html><head><title>Accounts executive</title></head><body><header><a href="/">Jobs</a> <a href="/login">Login</a></header>
      <main><h1>Accounts executive</h1><img src="/ads/vacancy.png" alt="vacancy"><p>${prose}${prose}</p><ul><li>Create your digital CV</li><li>Track your applications in one place</li></ul><p>Apply by 30 November.</p>
      <div class="form-panel collapse"><fieldset><input type="hidden" id="recaptchaToken" name="recaptchaToken">
      <div id="errorRecaptcha" class="alert" style="display: none;"><a href="/support">Having difficulty passing reCAPTCHA?</a> Contact us.</div>
      <label>Email <input name="email"></label></fieldset></div></main></body></html>`;
    expect(await classOf(page)).not.toBe('blocked_surface');
  });

  it('still calls a page that shows nothing but a hidden captcha box and a script a wall', async () => {
    const page = `<html><head><title> </title></head><body><div class="spinner"></div><div id="captcha_frame" style="display: none"></div>
      <script src="/check.js"></script><script>window.check()</script></body></html>`;
    expect(await classOf(page)).toBe('blocked_surface');
  });

  it('calls a page saying "your access to the site has been restricted" blocked', async () => {
    const page = `<html><head><title>This page cannot be shown</title></head><body><h1>Help</h1>
      <p>In order to prevent unauthorized access, your access to Example Portal has been restricted.</p>
      <p>This may happen after repeated wrong input. Please try again later.</p><p><a href="/privacy">Privacy</a> - <a href="/terms">Terms</a></p></body></html>`;
    expect(await classOf(page)).toBe('blocked_surface');
  });

  it('calls an application whose mount point holds only its header and footer an app shell', async () => {
    const page = `<html><head><title>Price sheets - State purchasing</title>${scripts(8)}</head><body><div id="__next">
      <header><a href="#main">Skip to main content</a><nav><a href="/">Home</a> <a href="/purchasing">Purchasing</a> <a href="/contracts">Contracts</a></nav></header>
      <main id="main"><div class="page"></div></main>
      <footer><p>Copyright 2026 Department of Management Services, State of Example. All rights reserved.</p><a href="#top">Back to top</a></footer></div></body></html>`;
    expect(await classOf(page)).toBe('app_shell');
  });

  it('keeps a server-rendered application with its content out of the app shells', async () => {
    const page = `<html><head><title>Price sheets - State purchasing</title>${scripts(8)}</head><body><div id="__next">
      <header><nav><a href="/">Home</a> <a href="/purchasing">Purchasing</a></nav></header>
      <main><h1>Price sheets</h1><p>${prose}${prose}</p></main>
      <footer><p>Copyright 2026 Department of Management Services, State of Example. All rights reserved.</p></footer></div></body></html>`;
    expect(await classOf(page)).not.toBe('app_shell');
  });
});
