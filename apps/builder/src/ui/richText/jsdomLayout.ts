// Test support: jsdom lays nothing out and its Range has no boxes, which ProseMirror measures to scroll the
// cursor into view after a paste. Imported by the tests that paste into a RichTextField; harmless elsewhere.

if (typeof Range.prototype.getClientRects !== 'function') {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
}
if (typeof Range.prototype.getBoundingClientRect !== 'function') {
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}
