import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import type { CliRequest } from '../../apps/server/src/features/internal/cliCommands';
import { readServerControl } from '../../apps/server/src/features/internal/controlFile';
import { type CommandResult, runInServer } from '../../apps/server/src/features/internal/runInServer';
import type { LeadSummary } from '../../apps/server/src/features/leads/listLeads';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './ensureChromium';
import type {} from './globalSetup';
import { cliPath } from './serverProcess';

const run = promisify(execFile);

/**
 * Chromium for a journey or a benchmark. Within the suite, journeys without flags of their own share the one
 * its global setup started (a browser's start costs about two seconds of CPU); closing it then only closes
 * the journey's own contexts.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (process.env.VITEST && extraArgs.length === 0) return chromium.connect(inject('browserEndpoint'));
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...extraArgs, ...CHROMIUM_ARGS] });
}

export interface AccountFlags {
  password?: string;
  admin?: boolean;
  limited?: boolean;
  commercial?: boolean;
  pro?: boolean;
  extraTemplates?: boolean;
  name?: string;
}

/**
 * Runs a CLI command in the server that owns the embedded database in `dataDir`, as `npm run cli` hands it
 * over. Journeys make accounts and read leads this way without a Node process per call; the CLI itself is
 * run in cliDataDir.e2e.test.ts and the server's CLI tests.
 */
function inRunningServer(dataDir: string, request: CliRequest): Promise<CommandResult> {
  const server = readServerControl(dataDir);
  if (!server) throw new Error(`no Quizbeam server runs on ${dataDir}`);
  return runInServer(server, request);
}

/** A quiz's leads as `npm run cli -- leads:list` gives them. */
export async function leadsOf(dataDir: string, quizId: string): Promise<LeadSummary[]> {
  const result = await inRunningServer(dataDir, { command: 'leads:list', quizId });
  if (!('leads' in result)) throw new Error('leads:list gave no leads');
  return result.leads;
}

/**
 * Creates an account as `npm run cli -- account:create` does: in the running server, or with the CLI itself
 * on PostgreSQL (`databaseUrl`), where no server owns the database.
 */
export async function createAccount(dataDir: string, flags: AccountFlags = {}, databaseUrl = '') {
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const name = flags.name ?? 'Acme Marketing';
  if (databaseUrl) {
    return { email, name, accountId: await createWithCli(dataDir, databaseUrl, email, name, flags) };
  }
  const created = await inRunningServer(dataDir, {
    command: 'account:create',
    input: {
      email,
      name,
      password: flags.password,
      isAdmin: flags.admin ?? false,
      isLimited: flags.limited ?? false,
      commercialFeatures: flags.commercial ?? false,
      extraTemplates: flags.extraTemplates ?? false,
      proVersion: flags.pro ?? false,
    },
  });
  if (!('accountId' in created)) throw new Error('account:create gave no account');
  return { email, name, accountId: created.accountId };
}

async function createWithCli(
  dataDir: string,
  databaseUrl: string,
  email: string,
  name: string,
  flags: AccountFlags,
) {
  const args = ['account:create', '--email', email, '--name', name];
  if (flags.password !== undefined) args.push('--password', flags.password);
  if (flags.admin) args.push('--admin');
  if (flags.limited) args.push('--limited');
  if (flags.commercial) args.push('--commercial');
  if (flags.pro) args.push('--pro');
  if (flags.extraTemplates) args.push('--extra-templates');
  const { stdout } = await run(process.execPath, [cliPath, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
  return stdout.trim();
}

/**
 * The link in the newest outbox email to `email`, with quoted-printable soft breaks undone. Emails go out
 * after the answer that asked for them, so this waits (up to 10 s) for one to arrive.
 */
export async function linkFromOutbox(
  dataDir: string,
  email: string,
  kind: 'reset-password' | 'set-password' | 'confirm-email',
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const slug = email.replace(/[^a-zA-Z0-9]+/g, '_');
  const newestFile = () => {
    try {
      return readdirSync(outbox)
        .filter((name) => name.includes(slug) && name.endsWith('.eml'))
        .sort()
        .at(-1);
    } catch {
      return undefined;
    }
  };
  await expect.poll(newestFile, { timeout: 10_000 }).toBeDefined();
  const file = newestFile() ?? '';
  const eml = readFileSync(path.join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  // Password links name the user; an email change's link is its code alone.
  const linkPath = kind === 'confirm-email' ? kind : `${kind}/[0-9a-f-]{36}`;
  const match = eml.match(new RegExp(`https?://[^\\s"<]+/${linkPath}/[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${kind} link in ${file}`);
  return match[0];
}

/** Signs in as a person does, through the sign-in form, and lands on My Quizzes. */
export async function signInThroughForm(
  page: Page,
  appUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${appUrl}/`);
}

/**
 * Signs in with the call the form makes (the page's context keeps the session cookie) and opens My
 * Quizzes: for journeys about something else, one page load instead of the form's two.
 */
export async function signIn(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  const { origin } = new URL(appUrl);
  const answer = await page.request.post(`${origin}/api/login`, {
    data: { email, password },
    headers: { origin },
  });
  if (!answer.ok()) throw new Error(`signing in as ${email} answered ${answer.status()}`);
  await page.goto(`${appUrl}/`);
}

/** The sidebar's items in order: links, and the Logout button (a form that posts). */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('listitem').allInnerTexts();
}

export interface BrowserPage {
  browser: Browser;
  page: Page;
}

/**
 * One Chromium for the test file and a fresh context and page for each test (no cookies carried
 * over). The returned object's fields are replaced by the hooks, so read them inside tests.
 */
export function freshPagePerTest(
  contextOptions: BrowserContextOptions = {},
  browserArgs: string[] = [],
): BrowserPage {
  const current = {} as BrowserPage;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    current.browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await current.browser.close();
  });
  let violations: string[] = [];
  beforeEach(async () => {
    context = await current.browser.newContext(contextOptions);
    current.page = await context.newPage();
    violations = [];
    // The builder's Content-Security-Policy is strict: anything it blocks is a defect of ours.
    current.page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        violations.push(message.text());
      }
    });
  });
  afterEach(async () => {
    await context?.close();
    expect(violations).toEqual([]);
  });
  return current;
}

/** A download's content, read through the browser's connection (a shared browser's files are not ours to open). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
