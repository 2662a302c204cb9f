const SCRIPT_TAG = /<script[\s>/]/i;
const HTML_COMMENT = /<!--[\s\S]*?(-->|$)/g;
const HTML_TAG = /<[^>]*>/g;

/**
 * Whether code would not run as the marketer meant: it has text outside any tag (JavaScript, say) but no
 * <script> tag. The published page adds the code as HTML (as the page loads, or on opt-in), so such text
 * is shown, never run. Markup that needs no script, such as a tracking pixel's <img>, is fine.
 */
export function lacksScriptTags(code: string): boolean {
  if (SCRIPT_TAG.test(code)) return false;
  return code.replace(HTML_COMMENT, '').replace(HTML_TAG, '').trim() !== '';
}
