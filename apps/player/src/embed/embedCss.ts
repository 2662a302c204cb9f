/*
 * The popup's, slide-in's and full page's look, injected once by the embed script. Short `qbe-` class names
 * keep the script small (its size is budgeted) and out of the embedding page's way. The popup's min() sizes
 * make it nearly the whole screen on a phone without a media query; a slide-in is a popup box restyled.
 */
export const EMBED_CSS =
  '.qbe-b{position:fixed;inset:0;z-index:99999;background:#0009;display:grid;place-items:center}' +
  '.qbe-d{display:flex;flex-direction:column;background:#fff;width:min(720px,96vw);height:min(760px,96vh)}' +
  '.qbe-f{width:100vw;height:100vh}' +
  '.qbe-s{position:fixed;z-index:99999;bottom:0;inset-inline-end:0;width:min(400px,100vw);height:80vh;box-shadow:0 0 9px #0009;animation:qbe .5s}' +
  '.qbe-l{inset-inline:0 auto}' +
  '.qbe-x{align-self:end;border:0;background:0;font:28px sans-serif}' +
  '.qbe-i{flex:1;border:0}' +
  '@keyframes qbe{from{translate:0 99vh}}' +
  '@media(prefers-reduced-motion){.qbe-s{animation:none}}';
