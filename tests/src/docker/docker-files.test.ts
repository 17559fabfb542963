import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerignoreModule, { type Ignore } from '@balena/dockerignore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseCopy, readDockerfile, runCommand, type Stage } from './dockerfile.js';

/**
 * The Dockerfile and compose.yml checked against the repository, as far as that can be done with no
 * Docker engine and no registry (the image itself is not built here): what the build context holds,
 * what each stage copies, and the runtime layer made by the Dockerfile's own commands in a scratch
 * folder, then started.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const stages = readDockerfile(ROOT);
const stage = (name: string): Stage => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Dockerfile has no stage ${name}`);
  return found;
};
// A CommonJS module with `exports.default`: Node's import gives the exports object, vitest the function.
const dockerignore = (typeof dockerignoreModule === 'function' ? dockerignoreModule : (dockerignoreModule as { default: () => Ignore }).default) as () => Ignore;
const ignored = dockerignore().add(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
const workspacePackages = (): string[] => {
  const listed = spawnSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { cwd: ROOT, encoding: 'utf8' });
  const packages = JSON.parse(listed.stdout) as Array<{ path: string }>;
  return packages.map((entry) => relative(ROOT, entry.path)).filter((path) => path !== '');
};

describe('Dockerfile against the repository', () => {
  it('copies from the build context only files that exist and that .dockerignore lets through', () => {
    const problems: string[] = [];
    for (const { name, instructions } of stages) {
      for (const instruction of instructions.filter((entry) => entry.keyword === 'COPY')) {
        const copy = parseCopy(instruction);
        if (copy.from !== undefined) continue;
        for (const source of copy.sources) {
          if (source === '.') continue;
          if (!existsSync(join(ROOT, source))) problems.push(`line ${copy.line} (${name}): ${source} does not exist`);
          else if (ignored.ignores(source)) problems.push(`line ${copy.line} (${name}): ${source} is excluded by .dockerignore`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('copies every workspace package manifest before `pnpm install --frozen-lockfile`', () => {
    const copied = stage('manifests')
      .instructions.filter((entry) => entry.keyword === 'COPY')
      .flatMap((entry) => parseCopy(entry).sources);
    const missing = workspacePackages()
      .map((path) => `${path}/package.json`)
      .filter((manifest) => !copied.includes(manifest));
    expect(missing).toEqual([]);
    for (const file of ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']) expect(copied).toContain(file);
  });

  it("copies from the build stage only folders its build command makes", () => {
    const build = runCommand(stage('build').instructions.filter((entry) => entry.keyword === 'RUN').at(-1)!);
    expect(build).toMatch(/^pnpm turbo run build /);
    const filters = build.split(/\s+/).filter((word) => word.startsWith('--filter='));
    const dry = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--dry=json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const built = new Set((JSON.parse(dry.stdout) as { tasks: Array<{ directory: string; outputs: string[] }> }).tasks.filter((task) => task.outputs.includes('dist/**')).map((task) => `/app/${task.directory}/dist`));
    const copied = stage('runtime')
      .instructions.filter((entry) => entry.keyword === 'COPY')
      .map(parseCopy)
      .filter((copy) => copy.from === 'build')
      .flatMap((copy) => copy.sources);
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.filter((source) => !built.has(source))).toEqual([]);
    // What the runtime starts is among them: the server (CMD) and the CLI (the `pagefeed` command).
    expect(copied).toEqual(expect.arrayContaining(['/app/packages/server/dist', '/app/packages/cli/dist', '/app/apps/web/dist']));
  });

  it('runs on a supported Node LTS with the pnpm the repository pins', () => {
    const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const node = /ARG NODE_IMAGE=node:(\d+)-/.exec(text)?.[1];
    expect(Number(node)).toBeGreaterThanOrEqual(22);
    const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string }).packageManager;
    expect(`pnpm@${/ARG PNPM_VERSION=(\S+)/.exec(text)?.[1]}`).toBe(pinned);
  });
});

describe('compose.yml against the repository', () => {
  const compose = parseYaml(readFileSync(join(ROOT, 'compose.yml'), 'utf8')) as {
    services: Record<string, { build?: string; image?: string; volumes?: string[] }>;
  };

  it('builds this folder, mounts files that exist and pins every image to a version', () => {
    const problems: string[] = [];
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build !== undefined && !existsSync(join(ROOT, service.build, 'Dockerfile'))) problems.push(`${name}: no Dockerfile in ${service.build}`);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.') && !existsSync(join(ROOT, source))) problems.push(`${name}: ${source} does not exist`);
      }
      const tag = service.image?.split(':')[1];
      if (service.image !== undefined && service.build === undefined && (tag === undefined || tag === 'latest')) problems.push(`${name}: ${service.image} is not pinned`);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The runtime layer from the Dockerfile's own commands: the manifests stage's copies, the
 * production-dependencies stage's RUN lines run verbatim by sh in a scratch folder standing for
 * /app, the build stage's folders copied from this repository's build (the same turbo command's
 * output), the runtime stage's shell lines. Skipped lines, each for a stated reason: `npm i -g pnpm`
 * (the pinned pnpm runs this test) and the optional apt-get of Chromium (no root, no Debian mirror).
 */
describe('the runtime layer, made by the Dockerfile’s commands in a scratch folder', () => {
  let app: string;
  const run = (command: string, cwd: string) => spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } });

  beforeAll(() => {
    for (const dist of ['packages/server/dist/main.js', 'packages/cli/dist/bin.js', 'apps/web/dist/index.html']) {
      if (!existsSync(join(ROOT, dist))) throw new Error(`${dist} is missing: run \`pnpm build\` before this test`);
    }
    app = join(mkdtempSync(join(tmpdir(), 'pagefeed-docker-')), 'app');
    mkdirSync(join(app, '..', 'bin'));
    for (const instruction of stage('manifests').instructions.filter((entry) => entry.keyword === 'COPY')) {
      const copy = parseCopy(instruction);
      for (const source of copy.sources) cpSync(join(ROOT, source), join(app, copy.destination.endsWith('/') ? join(copy.destination, basename(source)) : copy.destination));
    }
    for (const instruction of stage('production-dependencies').instructions.filter((entry) => entry.keyword === 'RUN')) {
      const command = runCommand(instruction);
      if (/^npm i -g pnpm@/.test(command)) continue;
      const result = run(command, app);
      if (result.status !== 0) throw new Error(`Dockerfile line ${instruction.line} failed (exit ${result.status}): ${command}\n${result.stdout}\n${result.stderr}`);
    }
    for (const instruction of stage('runtime').instructions) {
      if (instruction.keyword === 'COPY') {
        const copy = parseCopy(instruction);
        if (copy.from === 'production-dependencies') continue; // the scratch folder is that stage's /app
        for (const source of copy.sources) cpSync(join(ROOT, relative('/app', source)), join(app, copy.destination), { recursive: true });
      } else if (instruction.keyword === 'RUN' && !instruction.text.includes('INSTALL_CHROMIUM')) {
        const command = runCommand(instruction).replaceAll('/usr/local/bin/', `${join(app, '..', 'bin')}/`).replaceAll('/app/', `${app}/`);
        const result = run(command, app);
        if (result.status !== 0) throw new Error(`Dockerfile line ${instruction.line} failed: ${command}\n${result.stderr}`);
      }
    }
  }, 600_000);

  afterAll(() => {
    if (app) rmSync(dirname(app), { recursive: true, force: true });
  });

  it('holds no development-only package', () => {
    const found = run("find node_modules -maxdepth 6 -type d \\( -name typescript -o -name vitest -o -name vite -o -name esbuild -o -name tsx -o -name playwright-core -o -name turbo \\) | head -20", app);
    expect(found.stdout.trim()).toBe('');
    // And what the server needs at run time is there.
    expect(existsSync(join(app, 'packages/server/node_modules/hono'))).toBe(true);
    expect(existsSync(join(app, 'packages/server/node_modules/pino'))).toBe(true);
  });

  it('runs the CLI from the `pagefeed` command the image puts on PATH', () => {
    const pagefeed = join(app, '..', 'bin', 'pagefeed');
    const version = spawnSync(pagefeed, ['--version'], { encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/\d+\.\d+\.\d+/);
    const validate = spawnSync(pagefeed, ['validate', join(ROOT, 'feeds.yml')], { encoding: 'utf8' });
    expect(validate.status, validate.stderr + validate.stdout).toBe(0);
  });

  it('starts the server as CMD does (production), answers the health check and the UI, stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
      cwd: app,
      env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', PORT: '0', SERVICE_SECRET_KEY: 'k'.repeat(64), FEEDS_FILE: join(ROOT, 'feeds.yml'), CHROMIUM_PATH: join(app, 'no-chromium') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"message":"listening","port":(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health/live`)).status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
