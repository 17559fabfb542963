/**
 * What an interstitial asks of the visitor before any content, in the site's own words rather
 * than a vendor's marker: wait and reload, confirm being human, press a button to go on, switch
 * cookies on. Each is written in the languages the corpus's walls and their vendors use (English,
 * Russian, German, French, Spanish, Portuguese, Italian, Polish, Turkish, Chinese, Japanese,
 * Korean). Matched against lower-cased visible text, so the patterns are lower case.
 *
 * Read only where the page has already shown the shape of a wall: a refusing status (core's
 * guard) or a thin page on which nothing qualified as a list (auto-source). A loading spinner's
 * "please wait" and an app's "enable JavaScript to run this app" are not in it: waiting must come
 * with a reload or a check, and JavaScript must come with cookies.
 */
export const INTERSTITIAL_PROMPTS: readonly RegExp[] = [
  // Wait, then reload or try again (a rate limit or IP firewall that lets the visitor back later).
  /\bwait\b.{0,60}\b(?:refresh|reload)(?:ing)? (?:the|this) page|(?:refresh|reload) the page (?:in|after) a (?:few|couple)|подождите.{0,60}обновите страницу|warten sie.{0,60}(?:neu laden|aktualisieren)|patientez.{0,60}(?:actualisez|rechargez)|esper[ae].{0,60}(?:actualice|actualiza|recargue|recarga) la página|aguarde.{0,60}(?:atualize|recarregue) a página|请稍(?:候|等).{0,30}刷新|しばらく(?:時間をおいて|お待ちください).{0,40}(?:再読み込み|再度アクセス|更新)|잠시 ?후.{0,30}(?:새로 ?고침|다시 시도)/,
  // Press the button to go on (a robot check that is one button).
  /\b(?:click|press|tap) (?:on )?(?:the|this) (?:button|link) (?:below )?to (?:continue|proceed)|\bhaving trouble accessing\b.{0,60}\bclick\b|нажмите (?:на )?кнопку.{0,40}чтобы продолжить|klicken sie auf (?:die schaltfläche|den button).{0,40}um fortzufahren|cliquez sur le bouton.{0,40}pour continuer|(?:haga|haz) clic en el botón.{0,40}para continuar|clique no botão.{0,40}para continuar/,
  // Confirm being a person, or wait while the browser is checked.
  /\bconfirm (?:that )?you(?: are|'re) (?:a )?human|\bare you (?:a )?human\b|(?:eres|es usted) (?:humano|un robot)|(?:comprobar|verificar) que no eres (?:un robot|una máquina)|êtes-vous (?:humain|un robot)|vérifier que vous n['’]êtes pas un robot|sind sie ein (?:mensch|roboter)|sei (?:umano|un robot)|você é (?:humano|um robô)|jesteś (?:człowiekiem|robotem)|вы (?:человек|робот)\?|проверка (?:вашего )?браузера|überprüfung (?:ihres|des) browsers|vérification (?:de votre|du) navigateur|(?:verificando|comprobando) (?:su|tu) navegador|verificando (?:o )?seu navegador|正在(?:检查|验证)(?:您的)?浏览器|ブラウザ(?:を|の)確認|브라우저(?:를)? 확인|подтвердите,? что вы не робот|вы не робот|ich bin kein roboter|je ne suis pas un robot|no soy un robot|não sou um robô|non sono un robot|nie jestem robotem|robot değilim|我不是机器人|人机验证|ロボットではありません|로봇이 아닙니다/,
  // Switch cookies on (a cookie challenge; JavaScript alone is what an app shell asks for).
  /\b(?:enable|allow|turn on|activate) (?:your )?(?:browser(?:'s)? )?cookies\b|\bcookies (?:must be enabled|are required)|включите (?:cookies|куки)|cookies aktivieren|activez les cookies|(?:habilite|active) (?:las )?cookies|(?:habilite|ative) (?:os )?cookies/,
];

/** Whether lower-cased visible text asks what an interstitial asks. */
export function asksLikeInterstitial(lowerCaseText: string): boolean {
  return INTERSTITIAL_PROMPTS.some((pattern) => pattern.test(lowerCaseText));
}
