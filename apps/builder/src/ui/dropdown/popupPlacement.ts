import type { Middleware } from '@floating-ui/react';

export type PopupPlacement = 'bottom' | 'top' | 'covering';

/** The popup room rule: a side fits when it has the popup's height plus this margin. */
export const POPUP_ROOM_MARGIN_PX = 20;
const GAP_PX = 4;
const VIEWPORT_PADDING_PX = 8;

export function choosePopupPlacement(
  room: { above: number; below: number },
  popupHeight: number,
): PopupPlacement {
  const needed = popupHeight + POPUP_ROOM_MARGIN_PX;
  if (room.below >= needed) return 'bottom';
  if (room.above >= needed) return 'top';
  return 'covering';
}

/** Floating UI middleware placing the popup below, above, or over its trigger by the rule above. */
export function placeByAvailableRoom(): Middleware {
  return {
    name: 'placeByAvailableRoom',
    fn({ y, rects, elements }) {
      const trigger = elements.reference.getBoundingClientRect();
      const viewportHeight = window.innerHeight;
      const popupHeight = rects.floating.height;
      const placement = choosePopupPlacement(
        { above: trigger.top, below: viewportHeight - trigger.bottom },
        popupHeight,
      );
      // y arrives as "just below the trigger"; the offsets below are relative to that.
      const belowTrigger = y;
      const triggerTop = belowTrigger - rects.reference.height;
      if (placement === 'bottom') return { y: belowTrigger + GAP_PX, data: { placement } };
      if (placement === 'top') return { y: triggerTop - popupHeight - GAP_PX, data: { placement } };
      const coveringTop = Math.max(
        VIEWPORT_PADDING_PX,
        Math.min(trigger.top, viewportHeight - popupHeight - VIEWPORT_PADDING_PX),
      );
      return { y: triggerTop + (coveringTop - trigger.top), data: { placement } };
    },
  };
}
