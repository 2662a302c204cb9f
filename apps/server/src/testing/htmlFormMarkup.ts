import { expect } from 'vitest';

/** Markup as marketers paste it from their email services, for the HTML forms tests. */

export const NEWSLETTER_MARKUP = `
<div class="signup">
  <label for="email-field">Your email</label>
  <form action="https://lists.example.com/subscribe?list=7" method="POST" class="form">
    <input type="hidden" name="list_id" value="a1b2">
    <input id="email-field" type="email" name="email" placeholder="you@example.com">
    <label>First name <input name="first_name"></label>
    <input type="text" name="city" placeholder="Your city">
    <input type="tel" name="phone">
    <input name="company">
    <input placeholder="No name, so not submitted">
    <label>Plan
      <select name="plan"><option value="free">Free</option><option value="pro" selected>Pro</option></select>
    </label>
    <select name="size"><option>Small</option><option>Large</option></select>
    <textarea name="note">Hello there</textarea>
    <input type="checkbox" name="consent" value="yes">
    <input type="radio" name="format" value="html" CHECKED> <input type="radio" name="format" value="text">
    <input type="file" name="upload">
    <input type="reset" name="reset">
    <input type="image" name="image" src="x.png">
    <button type="button" name="helper">Help</button>
    <button name="go" value="subscribe">Join</button>
    <input type="submit" name="second" value="Never reached">
  </form>
  <form action="https://second.example.com/"><input name="other"></form>
</div>`;

export const NEWSLETTER_DATA = {
  method: 'post',
  action: 'https://lists.example.com/subscribe?list=7',
  fields: [
    { name: 'list_id', type: 'hidden', value: 'a1b2', label: 'list_id' },
    { name: 'email', type: 'email', value: '', label: 'Your email' },
    { name: 'first_name', type: 'text', value: '', label: 'First name' },
    { name: 'city', type: 'text', value: '', label: 'Your city' },
    { name: 'phone', type: 'tel', value: '', label: 'phone' },
    { name: 'company', type: 'text', value: '', label: 'company' },
    { name: 'plan', type: 'select', value: 'pro', label: 'Plan' },
    { name: 'size', type: 'select', value: 'Small', label: 'size' },
    { name: 'note', type: 'textarea', value: 'Hello there', label: 'note' },
    { name: 'consent', type: 'checkbox', value: 'yes', label: 'consent', checked: false },
    { name: 'format', type: 'radio', value: 'html', label: 'format', checked: true },
    { name: 'format', type: 'radio', value: 'text', label: 'format', checked: false },
  ],
  submit: { name: 'go', value: 'subscribe' },
} as const;

/** A small form, and the same form written differently (attribute order, case, spacing): a duplicate. */
export const CONTACT_MARKUP =
  '<form action="https://crm.example.com/leads" method="post"><input type="email" name="email"><input type="submit" value="Send"></form>';
export const CONTACT_MARKUP_REWRITTEN = `
<FORM METHOD="Post" ACTION=" https://crm.example.com/leads ">
  <INPUT NAME="email" TYPE="email" >
  <input value="Send" type="submit">
</FORM>`;

export const QUERY_MARKUP =
  '<form action="http://search.example.org/find"><input name="q" value="quiz"><button type="submit">Go</button></form>';

/** A 400 that names the markup field with this error. */
export function expectMarkupError(answer: { statusCode: number; json(): unknown }, error: string) {
  expect([answer.statusCode, answer.json()]).toEqual([
    400,
    { code: 'validation_failed', error, field: 'originalMarkup' },
  ]);
}
