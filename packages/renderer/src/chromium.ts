import { accessSync, constants } from 'node:fs';

/** Where Debian, Ubuntu and Google's packages put the browser; `CHROMIUM_PATH` comes first. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** What to do when no Chromium is found, in one sentence (start-up lines and docs use it). */
export const CHROMIUM_INSTALL_HINT =
  'install one (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable; or point RENDERER_WEBSOCKET_URL and RENDERER_API_TOKEN at a rendering service such as browserless';

/**
 * Flags for a headless Chromium run by a service: no sandbox (containers and CI rarely allow
 * one), no GPU, no QUIC, and none of the background traffic a desktop browser makes on its own.
 * A fresh `--user-data-dir` is added per launch.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--mute-audio',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface ChromiumLookup {
  /** The executable, or undefined when none is installed. */
  readonly path: string | undefined;
  /** Set when CHROMIUM_PATH names something that is not an executable. */
  readonly problem?: string;
}

/** The Chromium to run: `CHROMIUM_PATH` when set, else the first installed one of the usual places. */
export function findChromium(env: Readonly<Record<string, string | undefined>> = process.env): ChromiumLookup {
  const configured = env['CHROMIUM_PATH']?.trim();
  if (configured) {
    return isExecutable(configured) ? { path: configured } : { path: undefined, problem: `CHROMIUM_PATH '${configured}' is not an executable file` };
  }
  return { path: CANDIDATES.find(isExecutable) };
}
