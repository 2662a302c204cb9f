/** The pane's Phone / Desktop group: the Capture Form tab shows its own beside it, under another name. */
export const LIVE_PREVIEW_DEVICE_LABEL = 'Live preview device';
