/**
 * Runs the marketer's code kept inert in the <template> with this id: the opt-in code when the visitor opts
 * in, the completion code when the result shows. Script elements parsed inside a template never run, so each
 * is re-created; async=false keeps their order. Runs once.
 */
export function runTemplateScripts(templateId: string): void {
  const template = document.getElementById(templateId);
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
