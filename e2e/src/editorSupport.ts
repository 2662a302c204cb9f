import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A real, decodable 2x1 PNG, so the browser, the server content check and the size reading run for real. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQv8BD/kD/YURmXYAAAAASUVORK5CYII=',
  'base64',
);

export async function chooseOption(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Drags an item of a sortable list by its handle onto the item at `position` (1-based), with the pointer.
 * It waits for dnd-kit's own announcements at each step: on a busy machine the list measures itself a
 * moment after the pointer moves, and a button released before that drops the item where it was. The
 * target is measured once the drag has started and the list stands still (a panel may still be sliding in).
 */
export async function dragOnto(page: Page, handle: Locator, target: Locator, position: number) {
  const announced = await liveRegionOf(page, handle);
  const from = await steadyBox(handle);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 3 });
  await expect.poll(announced).toContain('Picked up');
  const to = await steadyBox(target);
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect.poll(announced).toContain(`is over position ${position} of`);
  await page.mouse.up();
  await expect.poll(announced).toContain(`was dropped at position ${position} of`);
  // dnd-kit swallows the one click that follows a drag; let that moment pass.
  await page.waitForTimeout(100);
}

/** Where an element is once Playwright sees its box unchanged across two animation frames. */
async function steadyBox(
  locator: Locator,
): Promise<NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>> {
  const element = await locator.elementHandle();
  try {
    await element.waitForElementState('stable');
    const box = await element.boundingBox();
    if (!box) throw new Error('the drag source or target is not visible');
    return box;
  } finally {
    await element.dispose();
  }
}

/** Reads what dnd-kit last announced for the list this drag handle belongs to. */
async function liveRegionOf(page: Page, handle: Locator): Promise<() => Promise<string>> {
  // dnd-kit numbers a list's instructions and its live region alike: DndDescribedBy-N and DndLiveRegion-N.
  const describedBy = (await handle.getAttribute('aria-describedby')) ?? '';
  const region = page.locator(`[id="${describedBy.replace('DndDescribedBy', 'DndLiveRegion')}"]`);
  return async () => (await region.textContent()) ?? '';
}

export function handleOf(row: Locator): Locator {
  return row.getByRole('button', { name: 'Drag to reorder' }).first();
}

/** Presses the editor's Save and waits for its notification. */
export async function saveQuizInEditor(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
}
