/**
 * The builder's screens that a full page load gets from the sign-in page (`apps/builder/signIn.html`)
 * while no one is signed in: React without React Router, the contracts' schemas or zod, so a first visit
 * downloads little. Signed in, and anywhere else, the server answers the builder's own page.
 */
export const SIGN_IN_PAGE_PATHS = ['/login', '/forgot-password'] as const;

export type SignInPagePath = (typeof SIGN_IN_PAGE_PATHS)[number];
