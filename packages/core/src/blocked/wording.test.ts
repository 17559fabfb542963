import { describe, expect, it } from 'vitest';
import { asksLikeInterstitial } from './wording.js';

describe('asksLikeInterstitial', () => {
  const asks: Array<[string, string]> = [
    ['wait and reload (English)', 'something went wrong on our side. please wait a moment and reload the page.'],
    ['wait and reload (Russian)', 'иногда такое случается — подождите немного и обновите страницу.'],
    ['one button to go on', 'click the button below to continue to the shop'],
    ['one button to go on (Russian)', 'нажмите кнопку ниже, чтобы продолжить'],
    ['confirm being a person (Spanish)', 'marque la casilla: no soy un robot'],
    ['confirm being a person (Chinese)', '请完成人机验证后继续访问'],
    ['a browser check (German)', 'überprüfung ihres browsers, bitte warten …'],
    ['switch cookies on', 'please enable cookies in your browser to continue'],
    ['human or robot (Spanish)', '¿eres humano o un robot? hemos detectado una actividad poco habitual y necesitamos comprobar que no eres una máquina.'],
    ['human or robot (French)', 'êtes-vous un robot ? cochez la case pour continuer.'],
    ['a way past a wall that shows nothing (English)', "if you're having trouble accessing the search, please click here, or send feedback."],
  ];
  for (const [name, text] of asks) {
    it(`reads ${name}`, () => expect(asksLikeInterstitial(text)).toBe(true));
  }

  const says: Array<[string, string]> = [
    ['a loading spinner', 'loading, please wait…'],
    ["an app's request for JavaScript", 'you need to enable javascript to run this app.'],
    ['a cookie notice', 'we use cookies to improve your experience. the store will not work correctly when cookies are disabled.'],
    ['a shop button', 'click add to cart to continue shopping'],
    ['a quiz about robots', 'robots in fiction: humans and machines in twelve films'],
    ['a help page about access', 'having trouble accessing your account? reset your password from the login page.'],
  ];
  for (const [name, text] of says) {
    it(`does not read ${name}`, () => expect(asksLikeInterstitial(text)).toBe(false));
  }
});
