import { themeCatalog } from '@quizbeam/themes/themeCatalog';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, axeViolations } from './axe';
import { type PublishedQuiz, publishEveryScreenQuiz, visitorPage, walkQuiz } from './everyScreenQuiz';
import { sharedServer } from './sharedServer';
import { launchBrowser } from './support';
import { themesCoveringEveryDesignChoice } from './themeVariety';

const server = sharedServer();

interface ThemedStyle {
  id: string;
  /** The page's whole <style> as the server renders it for this quiz in this theme. */
  css: string;
}

/** The one <style> of a page the server rendered. */
function styleOf(html: string): string {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (css === undefined) throw new Error('no <style> in the page');
  return css;
}

const catalog = themeCatalog();
/**
 * Every screen is checked in these two: the default (a light card) and the first dark full-bleed theme, the
 * two layouts at both ends of the palette. The themes that between them make every design choice (layout,
 * button shape, answer style, palette: 10 of the 72, themeVariety.ts) are checked on the screen that carries
 * the most kinds of text a theme colours: the capture form with its messages, under the consent bar (body
 * text, notes, labels, errors, a link, fields, a checkbox, buttons). A run of axe takes about 0.15 s, so
 * every screen in all 72 themes (some 1,650 runs) would take four minutes; every theme's own colour pairs
 * (text on each backdrop, answers' faces, buttons, the CTA) are checked by the themes package's contrast test.
 */
const DARK_FULL_BLEED = catalog.find(
  (theme) => theme.design.layout === 'full-bleed' && theme.design.palette === 'dark',
);
const VARIETY = [catalog[0], DARK_FULL_BLEED, ...themesCoveringEveryDesignChoice()].filter(
  (theme, index, all): theme is (typeof catalog)[number] =>
    theme !== undefined && all.findIndex((other) => other?.id === theme.id) === index,
);
const EVERY_SCREEN_THEMES = [catalog[0]?.id, DARK_FULL_BLEED?.id];

let browser: Browser;
let published: PublishedQuiz;
const themedStyles: ThemedStyle[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  published = await publishEveryScreenQuiz(browser, server, catalog[0]?.id ?? '');
  const { api, accountId, url } = published;
  const liveStyle = styleOf(await (await api.get(url)).text());
  // The theme preview renders its sample quiz with the published page's own renderer: with no colours or
  // fonts of the marketer's, its <style> is the one this quiz published in that theme gets (asserted below
  // for the live theme), so one page can wear each theme without a publish each.
  const previews = await Promise.all(
    VARIETY.map(async (theme) => {
      const answer = await api.get(`${server.appUrl}/accounts/${accountId}/theme/preview?theme=${theme.id}`);
      if (!answer.ok()) throw new Error(`the ${theme.id} preview answered ${answer.status()}`);
      // The preview names the published host's fonts in full; the published page, on that host, by path.
      const css = styleOf(await answer.text()).replaceAll(`url("${server.publishUrl}/`, 'url("/');
      return { id: theme.id, css };
    }),
  );
  expect(previews[0]?.css).toBe(liveStyle);
  themedStyles.push(...previews);
});

afterAll(async () => {
  await browser?.close();
});

/** Wears a theme: the page's <style> replaced by the one the server renders for that theme. */
const wear = (page: Page, css: string) =>
  page.evaluate((themeCss) => {
    const style = document.querySelector('head style');
    if (!style) throw new Error('the page has no <style>');
    style.textContent = themeCss;
  }, css);

describe('the published quiz, for people with disabilities', () => {
  it('has no WCAG 2.2 A or AA violation on any screen, with its messages, in the themes', async () => {
    const visitor = await visitorPage(browser, published.url, { viewport: { width: 1280, height: 800 } });
    await expect.poll(() => visitor.getByRole('region', { name: 'Cookie consent' }).isVisible()).toBe(true);
    // The check can fail: the default theme with grey text on its white card is refused.
    await wear(visitor, `${themedStyles[0]?.css}:root{--qb-text:#aaa}`);
    expect((await axeViolations(visitor)).map((violation) => violation.rule)).toContain('color-contrast');
    const found: Record<string, AxeViolation[]> = {};
    const checked = new Set<string>();
    await walkQuiz(visitor, async (screen) => {
      const everyTheme = screen === 'capture form, every field missing';
      for (const theme of themedStyles) {
        if (!everyTheme && !EVERY_SCREEN_THEMES.includes(theme.id)) continue;
        await wear(visitor, theme.css);
        const violations = await axeViolations(visitor);
        checked.add(theme.id);
        if (violations.length > 0) found[`${theme.id}: ${screen}`] = violations;
      }
    });
    expect(found).toEqual({});
    expect(checked.size).toBe(VARIETY.length);
    await visitor.context().close();
  });
});
