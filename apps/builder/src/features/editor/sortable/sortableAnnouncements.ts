import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

export const sortableInstructions: ScreenReaderInstructions = {
  draggable:
    'To pick up the item, press Space or Enter. Move it with the up and down arrow keys, drop it with Space or Enter, or press Escape to cancel. The Move up and Move down buttons beside it move it one place.',
};

/**
 * What screen readers hear while an item is dragged, by its name and position: dnd-kit's own texts name
 * the item by its internal id, which means nothing to the person moving it.
 */
export function sortableAnnouncements(
  nameOf: (id: number) => string,
  indexOf: (id: number) => number,
  count: () => number,
): Announcements {
  const position = (id: number) => `position ${indexOf(id) + 1} of ${count()}`;
  // Right after a pick-up dnd-kit reports the item over its own place; saying so would cut "Picked up" short.
  let justPickedUp = false;
  return {
    onDragStart: ({ active }) => {
      justPickedUp = true;
      return `Picked up ${nameOf(Number(active.id))}, at ${position(Number(active.id))}.`;
    },
    onDragOver: ({ active, over }) => {
      const overItself = over !== null && over.id === active.id;
      if (justPickedUp && overItself) {
        justPickedUp = false;
        return undefined;
      }
      justPickedUp = false;
      return over
        ? `${nameOf(Number(active.id))} is over ${position(Number(over.id))}.`
        : `${nameOf(Number(active.id))} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(Number(active.id))} was dropped at ${position(Number(over.id))}.`
        : `${nameOf(Number(active.id))} was dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${nameOf(Number(active.id))} stays at ${position(Number(active.id))}.`,
  };
}
