import { WEB_FONTS } from '@quizbeam/contracts/fonts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config/env';
import type { AppContext } from '../../http/appContext';
import { PUBLISHED_PREFIX } from '../publishedSite/siteHosts';
import {
  fontFaceCss,
  fontPreloadFiles,
  PUBLISHED_FONTS_PATH,
  readFontFile,
  SERVED_FONT_FILE_NAMES,
} from './fontFiles';
import { fontRoutes } from './routes';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The font routes are public: of the app's context they read only its configuration.
  await app.register(fontRoutes({ config: readConfig({}) } as AppContext));
  await app.ready();
});
afterAll(async () => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const WOFF2_SIGNATURE = 'wOF2';

const expectedFileNames = WEB_FONTS.flatMap((font) =>
  font.weights.flatMap((weight) =>
    ['latin', 'latin-ext'].map((subset) => `${font.id}-${subset}-${weight}-normal.woff2`),
  ),
);

describe('font files', () => {
  it('serves the latin and latin-ext woff2 file of every listed weight of all 38 fonts, on both hosts', async () => {
    expect(WEB_FONTS).toHaveLength(38);
    expect([...SERVED_FONT_FILE_NAMES].sort()).toEqual([...expectedFileNames].sort());
    for (const file of expectedFileNames) {
      for (const url of [`/ui/fonts/${file}`, `${PUBLISHED_PREFIX}${PUBLISHED_FONTS_PATH}/${file}`]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.rawPayload.subarray(0, 4).toString('latin1'), url).toBe(WOFF2_SIGNATURE);
        expect(response.rawPayload.length, url).toBeGreaterThan(1000);
      }
    }
  });

  it('answers a font file with a year-long immutable cache, CORS for any origin and nosniff', async () => {
    const response = await get(`${PUBLISHED_PREFIX}/_q/fonts/open-sans-latin-700-normal.woff2`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('font/woff2');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads a file once and then answers from memory', async () => {
    const first = await readFontFile('lora-latin-400-normal.woff2');
    const second = await readFontFile('lora-latin-400-normal.woff2');
    expect(first).toBeInstanceOf(Buffer);
    expect(second).toBe(first);
  });

  it('answers 404 for every name that is not a served file', async () => {
    const names = [
      'open-sans-latin-400-normal.woff',
      'open-sans-latin-900-normal.woff2',
      'open-sans-latin-300-normal.woff2',
      'open-sans-latin-400-italic.woff2',
      'open-sans-cyrillic-400-normal.woff2',
      'abril-fatface-latin-700-normal.woff2',
      'comic-sans-latin-400-normal.woff2',
      'OPEN-SANS-LATIN-400-NORMAL.WOFF2',
      '..%2F..%2Fpackage.json',
      '..%2fopen-sans%2fpackage.json',
      '%2e%2e',
      '%2e%2e%2fpackage.json',
      'open-sans-latin-400-normal.woff2%00',
      'open-sans-latin-400-normal.woff2.map',
    ];
    for (const name of names) {
      for (const url of [`/ui/fonts/${name}`, `${PUBLISHED_PREFIX}/_q/fonts/${name}`]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.rawPayload.subarray(0, 4).toString('latin1'), url).not.toBe(WOFF2_SIGNATURE);
      }
    }
    for (const url of ['/ui/fonts/../../package.json', '/ui/fonts/files/open-sans-latin-400-normal.woff2']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect(await readFontFile('../open-sans/package.json')).toBeUndefined();
  });

  it('answers 404 with the JSON error body', async () => {
    const response = await get('/ui/fonts/nothing.woff2');
    expect(response.json()).toEqual({ error: 'We could not find what you asked for.', code: 'not_found' });
  });
});

describe('fontFaceCss', () => {
  it('writes swap, woff2-only rules for latin and latin-ext of each weight, with their unicode-range', () => {
    const css = fontFaceCss(['Open Sans', 'Pacifico'], 'https://quiz.test/_q/fonts/');
    const rules = css.match(/@font-face\{[^}]*\}/g) ?? [];
    // Open Sans has 400 and 700, Pacifico 400 only: two subsets each.
    expect(rules).toHaveLength(6);
    for (const rule of rules) {
      expect(rule).toContain('font-display:swap');
      expect(rule).toMatch(/unicode-range:U\+[0-9A-F]/);
      expect(rule).toMatch(
        /src:url\("https:\/\/quiz\.test\/_q\/fonts\/[a-z-]+-\d00-normal\.woff2"\) format\("woff2"\);/,
      );
      expect(rule).not.toContain('.woff)');
    }
    expect(css).toContain('font-family:"Open Sans";font-style:normal;font-weight:700');
    expect(css).toContain('font-family:"Pacifico";font-style:normal;font-weight:400');
  });

  it('uses the unicode-range of each subset from the package', () => {
    const css = fontFaceCss(['Open Sans'], '/f', [400]);
    expect(css).toContain(
      'url("/f/open-sans-latin-400-normal.woff2") format("woff2");unicode-range:U+0000-00FF,',
    );
    expect(css).toContain(
      'url("/f/open-sans-latin-ext-400-normal.woff2") format("woff2");unicode-range:U+0100-02BA,',
    );
    expect(css).not.toContain('700');
  });

  it('names only served files, skips unknown families and repeats none', () => {
    const families = [...WEB_FONTS.map((font) => font.family), 'Comic Sans MS', '', 'Open Sans'];
    const css = fontFaceCss(families, '/ui/fonts');
    const files = [...css.matchAll(/url\("\/ui\/fonts\/([^"]+)"\)/g)].map((match) => match[1]);
    expect(files.sort()).toEqual([...SERVED_FONT_FILE_NAMES].sort());
    expect(css).not.toContain('Comic Sans');
  });

  it('leaves out a weight the family does not have', () => {
    expect(fontFaceCss(['Bebas Neue'], '/f', [700])).toBe('');
  });
});

describe('fontPreloadFiles', () => {
  it('gives the latin file of each listed face once, skipping weights a family lacks', () => {
    expect(
      fontPreloadFiles([
        { family: 'Lora', weight: 400 },
        { family: 'Inter', weight: 700 },
        { family: 'Lora', weight: 400 },
        { family: 'Pacifico', weight: 700 },
        { family: 'Unknown', weight: 400 },
      ]),
    ).toEqual(['lora-latin-400-normal.woff2', 'inter-latin-700-normal.woff2']);
  });
});

describe('fonts.css', () => {
  it('declares all 38 families at each of their weights in latin and latin-ext, with files the server serves', async () => {
    const response = await get('/ui/fonts/fonts.css');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    const families = new Set([...response.body.matchAll(/font-family:"([^"]+)"/g)].map((match) => match[1]));
    expect(families).toEqual(new Set(WEB_FONTS.map((font) => font.family)));
    const urls = [...response.body.matchAll(/url\("([^"]+)"\)/g)].map((match) => match[1] ?? '');
    const faces = WEB_FONTS.reduce((count, font) => count + font.weights.length, 0);
    expect(urls).toHaveLength(faces * 2);
    // The preview draws buttons in their bold face, as the published page does.
    expect(response.body).toContain('/ui/fonts/montserrat-latin-700-normal.woff2');
    for (const url of urls) {
      expect(url).toMatch(/^\/ui\/fonts\/[a-z0-9-]+-latin(-ext)?-\d00-normal\.woff2$/);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 304 to a request that already holds it', async () => {
    const first = await get('/ui/fonts/fonts.css');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/ui/fonts/fonts.css', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
