export type PreviewDevice = 'phone' | 'desktop';

/** The screen widths a page preview is drawn at: a common phone, and a laptop past the player's breakpoint. */
export const PREVIEW_DEVICE_WIDTHS: Record<PreviewDevice, number> = { phone: 390, desktop: 1280 };

export const PREVIEW_DEVICE_LABELS: Record<PreviewDevice, string> = { phone: 'Phone', desktop: 'Desktop' };
export const PREVIEW_WIDTH_LABEL = 'Preview width';

export interface DeviceFrameBox {
  width: number;
  height: number;
}

export interface DeviceFrameLayout {
  /** The frame's own size in CSS pixels: its page lays out at this width, as on the device. */
  width: number;
  height: number;
  /** How much it is shrunk to fit the box (1: not at all). */
  scale: number;
  /** Where it sits from the box's left edge, centred. */
  left: number;
}

/**
 * The frame keeps the device's width and fills the box's height; when the box is narrower than the device
 * the frame is drawn smaller rather than made narrower, so its page keeps the device's layout.
 */
export function deviceFrameLayout(device: PreviewDevice, box: DeviceFrameBox): DeviceFrameLayout {
  const width = PREVIEW_DEVICE_WIDTHS[device];
  const scale = box.width > 0 ? Math.min(1, box.width / width) : 1;
  return {
    width,
    height: box.height > 0 ? box.height / scale : 0,
    scale,
    left: Math.max(0, (box.width - width * scale) / 2),
  };
}
