import { OPT_IN_TEMPLATE_ID } from '../markup/pageIds';

/**
 * Runs the marketer's opt-in code, kept inert in a <template> until the visitor opts in. Script elements
 * parsed inside a template never run, so each is re-created; async=false keeps their order. Runs once.
 */
export function activateOptInScripts(): void {
  const template = document.getElementById(OPT_IN_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  for (const inert of Array.from(fragment.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(inert.attributes))
      script.setAttribute(attribute.name, attribute.value);
    script.async = false;
    script.text = inert.text;
    inert.replaceWith(script);
  }
  document.body.appendChild(fragment);
}
