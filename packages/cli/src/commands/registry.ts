import type { CliIo } from '../io.js';

export type CommandRun = (argv: readonly string[], io: CliIo) => number | Promise<number>;

/** What a command module hands back when it is loaded. */
export interface LoadedCommand {
  readonly run: CommandRun;
  readonly help: string;
}

/**
 * The bundle loader is itself imported on first use: it brings node:vm and node:module, which
 * `--version`, `help` and usage mistakes do not need.
 */
async function loadCommand<T>(name: string, fallback: () => Promise<T>): Promise<T> {
  const { loadCommandModule } = await import('../bundle-loader.js');
  return loadCommandModule(name, fallback);
}

export interface CommandEntry {
  /** One line for `pagefeed help`; kept here so the general help loads no command. */
  readonly summary: string;
  /** Imports the command's module only when the command runs (or its help is asked for). */
  readonly load: () => Promise<LoadedCommand>;
}

/**
 * Every command of the CLI. Each is loaded when it runs (its bundle in a built CLI, see
 * bundle-loader.ts; otherwise a dynamic import), so a run loads only what its command needs:
 * `--version` and `help` load none, `validate` loads core's config code but not the fetchers,
 * auto-source or a browser client. To add a command, add one entry.
 */
export const commands: Readonly<Record<string, CommandEntry>> = {
  feed: {
    summary: 'generate a feed of a feeds.yml',
    load: async () => {
      const m = await loadCommand('feed', () => import('./feed.js'));
      return { run: m.feedCommand, help: m.feedHelp };
    },
  },
  validate: {
    summary: 'check a feeds.yml or feed config offline',
    load: async () => {
      const m = await loadCommand('validate', () => import('./validate.js'));
      return { run: m.validateCommand, help: m.validateHelp };
    },
  },
  auto: {
    summary: 'build a feed from a URL with automatic extraction',
    load: async () => {
      const m = await loadCommand('auto', () => import('./auto.js'));
      return { run: m.autoCommand, help: m.autoHelp };
    },
  },
  capture: {
    summary: 'write auto-extraction back as a selectors config',
    load: async () => {
      const m = await loadCommand('capture', () => import('./capture.js'));
      return { run: m.captureCommand, help: m.captureHelp };
    },
  },
  schema: {
    summary: 'print the JSON Schema of feeds.yml',
    load: async () => {
      const m = await loadCommand('schema', () => import('./schema.js'));
      return { run: m.schemaCommand, help: m.schemaHelp };
    },
  },
  renderer: {
    summary: 'run the rendering service (headless Chromium) for strategy renderer',
    load: async () => {
      const [m, h] = await Promise.all([loadCommand('renderer', () => import('./renderer.js')), import('./renderer-help.js')]);
      return { run: m.rendererCommand, help: h.rendererHelp };
    },
  },
  article: {
    summary: "print a page's readable article (html, text or json)",
    load: async () => {
      const [m, h] = await Promise.all([loadCommand('article', () => import('./article.js')), import('./beyond-help.js')]);
      return { run: m.articleCommand, help: h.articleHelp };
    },
  },
  opml: {
    summary: 'print the feeds of a feeds.yml as OPML',
    load: async () => {
      const [m, h] = await Promise.all([loadCommand('opml', () => import('./opml.js')), import('./beyond-help.js')]);
      return { run: m.opmlCommand, help: h.opmlHelp };
    },
  },
};
