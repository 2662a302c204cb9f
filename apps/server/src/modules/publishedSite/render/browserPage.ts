import { JSDOM, VirtualConsole } from 'jsdom';

/** Test-only: a request the page sent, with its parsed JSON body. */
export interface SentRequest {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

/** Answers a request: a JSON body, or an Error to make the request fail. */
export type Responder = (url: string, body: Record<string, unknown>) => unknown;

export const PAGE_URL = 'https://quiz.example/abcd1234?utm_source=newsletter';

/**
 * Test-only: opens a rendered page in jsdom (inline scripts run, as the marketer's do in a browser), with
 * fetch stubbed, then runs the built player as the deferred script would after parsing.
 */
export function openPage(html: string, playerCode: string, respond: Responder = () => ({})) {
  const virtualConsole = new VirtualConsole();
  const consoleErrors: string[] = [];
  virtualConsole.on('jsdomError', (error) => consoleErrors.push(error.message));
  const dom = new JSDOM(html, { runScripts: 'dangerously', url: PAGE_URL, virtualConsole });
  const { window } = dom;
  const requests: SentRequest[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    requests.push({ url, init, body });
    const reply = respond(url, body);
    if (reply instanceof Error) throw reply;
    return { ok: true, status: 200, json: async () => reply };
  };
  Object.assign(window, { fetch });
  window.eval(playerCode);
  const document = window.document;

  const heading = () => document.querySelector('h1')?.textContent ?? '';
  const status = () => document.getElementById('qb-status')?.textContent ?? '';
  const buttons = () => [...document.querySelectorAll<HTMLElement>('#qb-root button, #qb-root a.qb-btn')];
  const button = (name: string) => {
    const found = buttons().find((candidate) => candidate.textContent?.trim() === name);
    if (!found)
      throw new Error(
        `No button "${name}" in: ${buttons()
          .map((b) => b.textContent)
          .join(' | ')}`,
      );
    return found;
  };
  const click = (name: string) => button(name).click();
  const input = (name: string) => {
    const found = document.querySelector<HTMLInputElement>(`#qb-root input[name="${name}"]`);
    if (!found) throw new Error(`No input ${name}`);
    return found;
  };
  const type = (name: string, value: string) => {
    input(name).value = value;
  };
  const eventsSent = () =>
    requests
      .filter((request) => request.url === '/_q/events')
      .flatMap((request) => request.body.events as unknown[]);
  return {
    dom,
    window,
    document,
    requests,
    consoleErrors,
    heading,
    status,
    button,
    click,
    input,
    type,
    eventsSent,
  };
}
